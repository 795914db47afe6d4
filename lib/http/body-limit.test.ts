import { describe, expect, it } from "vitest";
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
  function chunked(total: number): Request {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const size = Math.min(64 * 1024, total - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
    });
    return new Request("http://127.0.0.1/mcp", { method: "POST", body: stream, duplex: "half" } as RequestInit);
  }

  it("returns a body that declares no length when it stays within the limit", async () => {
    const read = await readBodyWithin(chunked(100_000));
    expect(read.ok && read.bytes.byteLength).toBe(100_000);
  });

  it("stops at the limit for a body that declares no length, in words", async () => {
    const read = await readBodyWithin(chunked(3 * 1024 * 1024));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(413);
    expect(await read.response.text()).toBe("The request is more than 2.0 MB; Explore accepts at most 2.0 MB. Nothing was saved.");
  });

  it("refuses a declared length over the limit before reading", async () => {
    const request = new Request("http://127.0.0.1/api/webhooks/stripe/x", { method: "POST", body: "x", headers: { "content-length": String(3 * 1024 * 1024) } });
    const read = await readBodyWithin(request);
    expect(!read.ok && read.response.headers.get("content-type")).toBe("application/problem+json");
  });
});
