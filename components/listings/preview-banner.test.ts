import { describe, expect, it } from "vitest";
import { isOwnPreview } from "./preview-banner";

describe("the publisher's preview", () => {
  it("is a preview for its publisher only, while the agent is unpublished", () => {
    expect(isOwnPreview("owner", { ownerId: "owner", status: "unpublished" })).toBe(true);
    expect(isOwnPreview("owner", { ownerId: "owner", status: "published" })).toBe(false);
    expect(isOwnPreview("someone", { ownerId: "owner", status: "unpublished" })).toBe(false);
    expect(isOwnPreview(null, { ownerId: "owner", status: "unpublished" })).toBe(false);
  });
});
