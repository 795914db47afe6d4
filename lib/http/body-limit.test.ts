import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, oversizeAnswer } from "./body-limit";

describe("the request body limit", () => {
  it("lets bodies up to the limit through", () => {
    expect(oversizeAnswer("/dashboard/import", MAX_BODY_BYTES)).toBeNull();
    expect(oversizeAnswer("/dashboard/import", Number.NaN)).toBeNull();
  });

  it("answers a larger one with 413 in words, as problem+json on the API", async () => {
    const page = oversizeAnswer("/dashboard/import", 5 * 1024 * 1024);
    expect(page?.status).toBe(413);
    expect(await page?.text()).toBe("The request is 5.0 MB; Explore accepts at most 2.0 MB. Nothing was saved.");
    const api = oversizeAnswer("/api/v1/services", 5 * 1024 * 1024);
    expect(api?.status).toBe(413);
    expect(api?.headers.get("content-type")).toBe("application/problem+json");
    expect(await api?.json()).toMatchObject({ status: 413, detail: expect.stringContaining("5.0 MB") });
  });
});
