import { afterEach, describe, expect, it, vi } from "vitest";

// next-auth's entry imports next/server, which only resolves inside Next; its error class is all the action needs.
const { AuthError } = vi.hoisted(() => ({ AuthError: class AuthError extends Error {} }));
vi.mock("next-auth", () => ({ AuthError }));
const signIn = vi.hoisted(() => vi.fn());
const signOut = vi.hoisted(() => vi.fn());
vi.mock("@/lib/model/accounts/auth", () => ({ signIn, signOut, auth: vi.fn() }));
vi.mock("@/lib/foundations/db/client", () => ({ db: {} }));

import { signInWithEmail } from "@/lib/model/accounts/actions";
import { SignInLinksLimited } from "@/lib/model/accounts/sign-in-limits";
import { log } from "@/lib/foundations/log";
import { formData } from "@/lib/testing/form-data";
import { redirectTarget } from "@/lib/testing/next-redirect";

const initial = null;

afterEach(() => {
  signIn.mockReset();
  vi.restoreAllMocks();
});

describe("signInWithEmail", () => {
  it("asks for an email when it is missing", async () => {
    const result = await signInWithEmail(initial, formData({}));
    expect(result).toMatchObject({ ok: false, fieldErrors: { email: ["Enter your email address."] } });
    expect(signIn).not.toHaveBeenCalled();
  });

  it("explains a malformed email next to the field and keeps what was typed", async () => {
    const result = await signInWithEmail(initial, formData({ email: "not-an-email" }));
    expect(result).toEqual({
      ok: false,
      message: "Check the email address.",
      fieldErrors: { email: ["Enter an email address like name@example.com."] },
      details: { email: "not-an-email" },
    });
    expect(signIn).not.toHaveBeenCalled();
  });

  it("sends the link with a same-site return path, then shows Check your email", async () => {
    signIn.mockResolvedValue("http://localhost:3000/api/auth/verify-request");
    await expect(redirectTarget(signInWithEmail(initial, formData({ email: "  ada@example.com ", callbackUrl: "/dashboard" })))).resolves.toBe(
      "/sign-in/check-email",
    );
    expect(signIn).toHaveBeenCalledWith("nodemailer", { email: "ada@example.com", redirectTo: "/dashboard", redirect: false });
  });

  it("never returns to another site", async () => {
    signIn.mockResolvedValue("http://localhost:3000/api/auth/verify-request");
    await redirectTarget(signInWithEmail(initial, formData({ email: "ada@example.com", callbackUrl: "https://evil.example/" })));
    expect(signIn).toHaveBeenCalledWith("nodemailer", { email: "ada@example.com", redirectTo: "/", redirect: false });
  });

  it("turns a failed send into a message, not an exception", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    signIn.mockRejectedValue(new AuthError("smtp down"));
    const result = await signInWithEmail(initial, formData({ email: "ada@example.com" }));
    expect(result).toEqual({
      ok: false,
      message: "We could not send the sign-in link just now. Try again in a minute.",
      details: { email: "ada@example.com" },
    });
    expect(logged).toHaveBeenCalledWith("sign-in link could not be sent", expect.objectContaining({ email: "ada@example.com" }));
  });

  it("shows a rate limit's words on the sign-in form, not an exception", async () => {
    const words = "Too many sign-in links asked for this address; try again in 40 seconds.";
    // As Auth.js throws it: the signIn callback's error inside an AccessDenied.
    const limited = new SignInLinksLimited({ message: words, retryAfterSeconds: 40 });
    signIn.mockRejectedValue(new AuthError("AccessDenied", { cause: { err: limited } }));
    const result = await signInWithEmail(initial, formData({ email: "ada@example.com" }));
    expect(result).toEqual({ ok: false, message: words, details: { email: "ada@example.com" } });
  });

  it("lets an unexpected failure through (a bug, not a value)", async () => {
    const bug = new TypeError("boom");
    signIn.mockRejectedValue(bug);
    await expect(signInWithEmail(initial, formData({ email: "ada@example.com" }))).rejects.toBe(bug);
  });
});
