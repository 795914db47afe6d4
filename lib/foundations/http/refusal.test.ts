import { describe, expect, it } from "vitest";
import { refusal } from "./refusal";

describe("a refusal in words", () => {
  it("is problem+json on the API and a sentence elsewhere, never cached", async () => {
    const api = refusal("/api/v1/agents/%FF", 400, "This address is not valid.");
    expect(api.status).toBe(400);
    expect(api.headers.get("content-type")).toBe("application/problem+json");
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(await api.json()).toEqual({
      type: "urn:explore:problem:invalid-parameter",
      title: "Invalid parameter",
      status: 400,
      detail: "This address is not valid.",
    });
    const page = refusal("/sign-in", 403, "Explore takes forms only from its own pages.");
    expect(page.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await page.text()).toBe("Explore takes forms only from its own pages.");
  });
});
