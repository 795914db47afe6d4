import { describe, expect, it } from "vitest";
import { previewReason } from "./preview-banner";

describe("the publisher's preview", () => {
  const listing = (status: string, listed: boolean) => ({ listed, agent: { ownerId: "owner", status } });

  it("is a preview for its publisher only, while unpublished or not listed", () => {
    expect(previewReason("owner", listing("unpublished", true))).toBe("unpublished");
    expect(previewReason("owner", listing("published", false))).toBe("not_listed");
    expect(previewReason("owner", listing("published", true))).toBeNull();
    expect(previewReason("someone", listing("unpublished", true))).toBeNull();
    expect(previewReason(null, listing("unpublished", false))).toBeNull();
  });
});
