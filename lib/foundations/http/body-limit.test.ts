import { describe, expect, it } from "vitest";
import { chunkedRequest } from "@/lib/testing/chunked-request";
import { MAX_BODY_BYTES, oversizeAnswer, readBodyWithin } from "./body-limit";

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

describe("reading a body within the limit", () => {
  const chunked = (total: number) => chunkedRequest("http://127.0.0.1/mcp", total);

  it("returns a body that declares no length when it stays within the limit", async () => {
    const read = await readBodyWithin(chunked(100_000).request);
    expect(read.ok && read.bytes.byteLength).toBe(100_000);
  });

  it("stops at the limit for a body that declares no length, in words", async () => {
    const sent = chunked(3 * 1024 * 1024);
    const read = await readBodyWithin(sent.request);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(413);
    expect(read.response.headers.get("cache-control")).toBe("no-store");
    expect(await read.response.text()).toBe("The request is more than 2.0 MB; Explore accepts at most 2.0 MB. Nothing was saved.");
    expect(sent.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 64 * 1024);
  });

  it("refuses a declared length over the limit before reading", async () => {
    const request = new Request("http://127.0.0.1/api/webhooks/stripe/x", {
      method: "POST",
      body: "x",
      headers: { "content-length": String(3 * 1024 * 1024) },
    });
    const read = await readBodyWithin(request);
    expect(!read.ok && read.response.headers.get("content-type")).toBe("application/problem+json");
  });

  it("holds a smaller limit to the declared length too", async () => {
    const request = new Request("http://127.0.0.1/api/v1/agents/x/a2a", { method: "POST", body: "x", headers: { "content-length": "600000" } });
    const read = await readBodyWithin(request, 300_000);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(await read.response.json()).toMatchObject({ status: 413, detail: "The request is 586.0 KB; Explore accepts at most 293.0 KB. Nothing was saved." });
  });
});
