import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/foundations/env";
import { allowedHostnames, isForeignRequest } from "./request-origin";

// Which hosts /mcp answers for, in production and outside it (DNS rebinding: the transport specification's MUST).

function request(host: string | null, origin?: string): Request {
  const headers = new Headers();
  if (host !== null) headers.set("host", host);
  if (origin !== undefined) headers.set("origin", origin);
  return new Request("http://explore.example.com/mcp", { method: "POST", headers });
}

describe("the hosts /mcp answers for", () => {
  const production = allowedHostnames({ siteOrigin: "https://explore.example.com", allowedOrigins: ["https://agents.example.org:8443"], production: true });
  const development = allowedHostnames({ siteOrigin: "http://127.0.0.1:3000", allowedOrigins: [], production: false });

  it("are AUTH_URL's host and the configured origins' in production, loopback names only outside it", () => {
    expect([...production].sort()).toEqual(["agents.example.org", "explore.example.com"]);
    expect([...development].sort()).toEqual(["127.0.0.1", "[::1]", "localhost"]);
  });

  it("judge an agent without Origin by its Host, and a browser by its Origin too", () => {
    expect(isForeignRequest(request("explore.example.com"), production)).toBe(false);
    expect(isForeignRequest(request("EXPLORE.example.com:443"), production)).toBe(false);
    expect(isForeignRequest(request("explore.example.com", "https://agents.example.org"), production)).toBe(false);
    expect(isForeignRequest(request("127.0.0.1:3000"), production)).toBe(true);
    expect(isForeignRequest(request("evil.example"), production)).toBe(true);
    expect(isForeignRequest(request("explore.example.com", "https://evil.example"), production)).toBe(true);
    expect(isForeignRequest(request("explore.example.com", "null"), production)).toBe(true);
    expect(isForeignRequest(request("evil.example@explore.example.com"), production)).toBe(true);
    expect(isForeignRequest(request("[::1]:3000", "http://localhost:6274"), development)).toBe(false);
    // No Host header at all: the request's own URL names the host.
    expect(isForeignRequest(request(null), production)).toBe(false);
  });

  it("reads EXPLORE_MCP_ALLOWED_ORIGINS as origins, and stops start-up on anything else", () => {
    expect(
      parseEnv({ NODE_ENV: "test", EXPLORE_MCP_ALLOWED_ORIGINS: " https://agents.example.org, http://localhost:6274/ " }).EXPLORE_MCP_ALLOWED_ORIGINS,
    ).toEqual(["https://agents.example.org", "http://localhost:6274"]);
    expect(() => parseEnv({ NODE_ENV: "test", EXPLORE_MCP_ALLOWED_ORIGINS: "agents.example.org" })).toThrow(
      /EXPLORE_MCP_ALLOWED_ORIGINS: each entry must be an origin/,
    );
  });
});
