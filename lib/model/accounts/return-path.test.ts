import { describe, expect, it } from "vitest";
import { isAdminEmail } from "@/lib/model/accounts/admins";
import { authRedirectTarget, safeReturnPath, signInPath } from "@/lib/model/accounts/return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/s/@agent/cap?x=1#y", "/s/@agent/cap?x=1#y"],
    [undefined, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example/", "/"],
    ["dashboard", "/"],
    // What browsers strip or rewrite: tabs, newlines, carriage returns, backslashes.
    ["/\t/127.0.0.1:4598/x", "/"],
    ["/\n/evil.example/", "/"],
    ["/\r/evil.example/", "/"],
    ["/\r\n/evil.example/", "/"],
    ["\t//evil.example/", "/"],
    ["/\\/evil.example/", "/"],
    ["/\t\\evil.example/", "/"],
    // Percent-encoded slashes and backslashes, dot segments, other schemes.
    ["/%2F%2Fevil.example", "/"],
    ["/%2f/evil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["/.//evil.example", "/"],
    ["/x/..//evil.example", "/"],
    ["https:evil.example", "/"],
    ["https:/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/%E0%A4%A", "/"],
    // Still fine, normalised as a browser would.
    ["/services/@a/cap_x?q=a%2Fb", "/services/@a/cap_x?q=a%2Fb"],
    ["/a/./b/../c", "/a/c"],
    ["/sett\tings", "/settings"],
  ])("%s → %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

describe("signInPath", () => {
  it("carries a same-site return path", () => {
    expect(signInPath("/dashboard?tab=runs")).toBe("/sign-in?callbackUrl=%2Fdashboard%3Ftab%3Druns");
  });
  it("drops foreign or missing return paths", () => {
    expect(signInPath("https://evil.example")).toBe("/sign-in");
    expect(signInPath()).toBe("/sign-in");
  });
});

describe("isAdminEmail", () => {
  it("matches the configured list, ignoring case and spaces", () => {
    expect(isAdminEmail(" Root@Example.com ", ["root@example.com"])).toBe(true);
    expect(isAdminEmail("other@example.com", ["root@example.com"])).toBe(false);
    expect(isAdminEmail("root@example.com", [])).toBe(false);
  });
});

describe("authRedirectTarget", () => {
  const base = "http://localhost:3000";
  it("keeps paths and same-origin URLs, as paths", () => {
    expect(authRedirectTarget("/dashboard", base)).toBe("/dashboard");
    expect(authRedirectTarget("http://localhost:3000/s/x?y=1#z", base)).toBe("/s/x?y=1#z");
  });
  it("sends foreign or malformed targets home", () => {
    expect(authRedirectTarget("https://evil.example/steal", base)).toBe("/");
    expect(authRedirectTarget("//evil.example/steal", base)).toBe("/");
    expect(authRedirectTarget("javascript:alert(1)", base)).toBe("/");
    expect(authRedirectTarget("not a url", base)).toBe("/");
    expect(authRedirectTarget("/\t/127.0.0.1:4598/x", base)).toBe("/");
    expect(authRedirectTarget("http://localhost:3000/.//evil.example", base)).toBe("/");
  });
});
