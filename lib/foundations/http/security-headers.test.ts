import { describe, expect, it } from "vitest";
import { commonSecurityHeaders, documentPolicy, isResourcePath, newNonce } from "./security-headers";

const plain = { https: false, dev: false, githubSignIn: false };

describe("security headers", () => {
  it("lets scripts run only with the render's nonce, and nothing frame the page", () => {
    const policy = documentPolicy("abc", plain);
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(policy).not.toContain("ws:");
  });

  it("adds HSTS and upgrades stray http requests only when served over https", () => {
    expect(commonSecurityHeaders(plain)["strict-transport-security"]).toBeUndefined();
    expect(commonSecurityHeaders({ ...plain, https: true })["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(documentPolicy("n", { ...plain, https: true })).toContain("upgrade-insecure-requests");
  });

  it("lets the sign-in form go on to GitHub only when GitHub sign-in is configured, and next dev open its socket", () => {
    expect(documentPolicy("n", { ...plain, githubSignIn: true })).toContain("form-action 'self' https://github.com");
    expect(documentPolicy("n", { ...plain, dev: true })).toContain("connect-src 'self' ws: wss:");
  });

  it("makes a fresh 16-byte nonce each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it("tells route handlers' paths from pages", () => {
    for (const path of [
      "/api/v1/services",
      "/a2a",
      "/.well-known/agent-card.json",
      "/badges/@a/cap_x.svg",
      "/og/neutral",
      "/sitemap.xml",
      "/robots.txt",
      "/v0.1/servers",
    ])
      expect(isResourcePath(path)).toBe(true);
    for (const path of ["/", "/services/@a/cap_x", "/agents/@a", "/sign-in", "/api"]) expect(isResourcePath(path)).toBe(false);
  });
});
