import { describe, expect, it } from "vitest";
import { toRelativeRedirect } from "@/lib/model/accounts/relative-redirect";

const origin = "http://localhost:3000";

describe("toRelativeRedirect", () => {
  it("makes a redirect to the server's own origin relative and keeps cookies and status", () => {
    const headers = new Headers({ location: "http://localhost:3000/sign-in?error=Verification" });
    headers.append("set-cookie", "a=1; Path=/");
    headers.append("set-cookie", "b=2; Path=/");
    const result = toRelativeRedirect(new Response(null, { status: 302, headers }), origin);
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/sign-in?error=Verification");
    expect(result.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("leaves redirects to other sites (e.g. GitHub) alone", () => {
    const response = Response.redirect("https://github.com/login/oauth/authorize?x=1", 302);
    expect(toRelativeRedirect(response, origin)).toBe(response);
  });

  it("leaves responses without a redirect alone", () => {
    const response = Response.json({ ok: true });
    expect(toRelativeRedirect(response, origin)).toBe(response);
  });
});
