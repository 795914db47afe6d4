import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/foundations/http/body-limit";
import { chunkedRequest } from "@/lib/testing/chunked-request";
import { POST } from "./route";

describe("POST /api/webhooks/stripe/{handle}", () => {
  it("refuses a body over the limit that declares no length with 413 in words, without reading it all", async () => {
    const sent = chunkedRequest("http://127.0.0.1/api/webhooks/stripe/@demo-weather", 3 * 1024 * 1024, {
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    const response = await POST(sent.request, { params: Promise.resolve({ handle: "@demo-weather" }) });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 413, detail: expect.stringContaining("Explore accepts at most 2.0 MB") });
    expect(sent.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 64 * 1024);
  });
});
