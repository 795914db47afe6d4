import { randomInt, randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthConfig } from "@auth/core";

// The Auth.js configuration lib/model/accounts/auth.ts builds, run by Auth.js's own core against the real database:
// asking for sign-in links (and their limits) and opening them.

// Small limits for this file (lib/foundations/env.ts reads them when first imported, after this).
vi.hoisted(() => {
  vi.stubEnv("RATE_LIMIT_SIGN_IN_PER_ADDRESS", "2/10m");
  vi.stubEnv("RATE_LIMIT_SIGN_IN_PER_CLIENT", "3/5m");
});
// What next/headers gives the signIn callback: the request's headers, as Next set them.
const incoming = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => incoming.headers }));
// next-auth's entry imports next/server, which only resolves inside Next. Its NextAuth() is replaced by one that
// keeps the configuration lib/model/accounts/auth.ts builds, which these tests hand to Auth.js's own core (the
// package next-auth runs on), with the real Prisma adapter, database and limits.
const built = vi.hoisted(() => ({ config: null as AuthConfig | null }));
vi.mock("next-auth", async () => {
  const { AuthError } = await import("@auth/core/errors");
  return {
    AuthError,
    default: (config: AuthConfig) => {
      built.config = config;
      return { handlers: {}, auth: vi.fn(), signIn: vi.fn(), signOut: vi.fn() };
    },
  };
});

import { Auth, raw, skipCSRFCheck } from "@auth/core";
import "@/lib/model/accounts/auth";
import { db } from "@/lib/foundations/db/client";
import { siteOrigin } from "@/lib/foundations/site/origin";
import { sessionViewerSchema } from "@/lib/model/accounts/session-viewer";
import { answerCountingSignInLinks, signInLimitOf } from "@/lib/model/accounts/sign-in-limits";

const newEmail = () => `limits-${randomUUID()}@example.com`;
const newClient = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

let info: { mock: { calls: unknown[][] } };
beforeEach(() => {
  info = vi.spyOn(console, "info").mockImplementation(() => {});
  // Auth.js logs every error it throws back.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Auth.js's configuration, and a link request from `client` (its X-Forwarded-For) as a sign-in form posts it. */
function linkRequest(email: string, forwardedFor: string) {
  const config = built.config;
  if (!config) throw new Error("lib/model/accounts/auth.ts did not build an Auth.js configuration");
  incoming.headers = new Headers({ "x-forwarded-for": forwardedFor });
  const request = new Request("http://127.0.0.1:3000/api/auth/signin/nodemailer", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({ email, callbackUrl: "http://127.0.0.1:3000/" }),
  });
  return { config, request };
}

/** Asks for a link as the sign-in action does: Auth.js in raw mode. */
function askForLink(email: string, forwardedFor: string) {
  const { config, request } = linkRequest(email, forwardedFor);
  return Auth(request, { ...config, basePath: "/api/auth", raw, skipCSRFCheck });
}

/** Asks for a link as a form posting to /api/auth does: Auth.js answers with a redirect, whatever went wrong. */
function askThroughRoute(email: string, forwardedFor: string) {
  const { config, request } = linkRequest(email, forwardedFor);
  return answerCountingSignInLinks(() => Auth(request, { ...config, basePath: "/api/auth", skipCSRFCheck }));
}

/** Without SMTP the link goes to the log, one line per mail. */
function mailsTo(email: string): number {
  return info.mock.calls.filter(([line]) => typeof line === "string" && line.startsWith(`sign-in link for ${email}:`)).length;
}

async function refusal(asked: Promise<unknown>): Promise<{ words: string; retryAfterSeconds: number }> {
  const error: unknown = await asked.then(
    () => null,
    (e: unknown) => e,
  );
  const limited = signInLimitOf(error);
  if (!limited) throw new Error(`expected a rate limit's refusal, got ${String(error)}`);
  return limited;
}

describe("asking for sign-in links", () => {
  it("sends two links to one address, then refuses in words, with no mail and no token", async () => {
    const email = newEmail();
    await askForLink(email, newClient());
    await askForLink(email, newClient());
    const refused = await refusal(askForLink(email, newClient()));
    expect(refused.words).toBe("Too many sign-in links asked for this address; try again in 10 minutes.");
    expect(refused.retryAfterSeconds).toBeGreaterThan(595);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(mailsTo(email)).toBe(2);
    expect(await db.verificationToken.count({ where: { identifier: email } })).toBe(2);
  });

  it("counts an address whatever its case", async () => {
    const email = newEmail();
    await askForLink(email.toUpperCase(), newClient());
    await askForLink(email, newClient());
    await refusal(askForLink(email.replace("limits", "LIMITS"), newClient()));
  });

  it("sends three links from one client address, then refuses that client for any address", async () => {
    const client = newClient();
    for (let i = 0; i < 3; i += 1) await askForLink(newEmail(), client);
    const fourth = newEmail();
    const refused = await refusal(askForLink(fourth, client));
    expect(refused.words).toBe("Too many sign-in links asked for from your network; try again in 5 minutes.");
    expect(refused.retryAfterSeconds).toBeGreaterThan(295);
    // Hops the client wrote before the one Explore trusts do not make a new bucket.
    await refusal(askForLink(fourth, `203.0.113.${randomInt(256)}, ${client}`));
    expect(mailsTo(fourth)).toBe(0);
    // Those refusals did not use up the address's links: from another client it gets both.
    await askForLink(fourth, newClient());
    await askForLink(fourth, newClient());
    expect(mailsTo(fourth)).toBe(2);
  });

  it("does not count opening the link (the callback runs again then, without verificationRequest)", async () => {
    const config = built.config;
    const signIn = config?.callbacks?.signIn;
    if (!signIn) throw new Error("lib/model/accounts/auth.ts has no signIn callback");
    const email = newEmail();
    const client = newClient();
    incoming.headers = new Headers({ "x-forwarded-for": client });
    const account = { type: "email" as const, provider: "nodemailer", providerAccountId: email };
    for (let i = 0; i < 5; i += 1) await expect(signIn({ user: { email }, account })).resolves.toBe(true);
    await askForLink(email, client);
    await askForLink(email, client);
    await refusal(askForLink(email, client));
  });
});

/** The link the latest mail to `email` carried (without SMTP it goes to the log). */
function lastLinkTo(email: string): URL {
  const line = info.mock.calls
    .map(([l]) => l)
    .filter((l): l is string => typeof l === "string" && l.startsWith(`sign-in link for ${email}: `))
    .at(-1);
  if (!line) throw new Error(`no sign-in link was sent to ${email}`);
  return new URL(line.slice(`sign-in link for ${email}: `.length));
}

/** Opens a link as a browser does, through Auth.js's route (not raw), with the cookies it holds. */
function openLink(link: URL, cookie: string) {
  const config = built.config;
  if (!config) throw new Error("lib/model/accounts/auth.ts did not build an Auth.js configuration");
  return Auth(new Request(link, { headers: { cookie } }), { ...config, basePath: "/api/auth" });
}

describe("asking for a link at /api/auth", () => {
  it("keeps the limit's refusal for the route, which Auth.js answers as AccessDenied", async () => {
    const email = newEmail();
    const sent = await askThroughRoute(email, newClient());
    expect(sent.limited).toBeNull();
    await askThroughRoute(email, newClient());
    const refused = await askThroughRoute(email, newClient());
    expect(refused.response.headers.get("location")).toMatch(/error=AccessDenied/);
    expect(refused.limited?.words).toBe("Too many sign-in links asked for this address; try again in 10 minutes.");
    expect(mailsTo(email)).toBe(2);
  });
});

describe("the link in the mail", () => {
  it("is on Explore's public origin, whatever name the request reached Auth.js by", async () => {
    const config = built.config;
    if (!config) throw new Error("lib/model/accounts/auth.ts did not build an Auth.js configuration");
    const email = newEmail();
    incoming.headers = new Headers({ "x-forwarded-for": newClient() });
    // Next reports a loopback request's URL as localhost, not the address AUTH_URL names.
    const request = new Request("http://localhost:3999/api/auth/signin/nodemailer", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, callbackUrl: "/settings" }),
    });
    await Auth(request, { ...config, basePath: "/api/auth", raw, skipCSRFCheck });
    const link = lastLinkTo(email);
    expect(link.origin).toBe(siteOrigin());
    expect(link.pathname).toBe("/api/auth/callback/nodemailer");
    expect(link.searchParams.get("token")).toMatch(/\w{20,}/);
  });
});

describe("opening a sign-in link", () => {
  it("signs in a returning person whose browser still holds the cookie of a session that is gone", async () => {
    const email = newEmail();
    const user = await db.user.create({ data: { email } });
    await askForLink(email, newClient());
    const answer = await openLink(lastLinkTo(email), "authjs.session-token=a-session-deleted-long-ago");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    const sessions = await db.session.findMany({ where: { userId: user.id }, select: { sessionToken: true } });
    expect(sessions).toHaveLength(1);
    // The stale cookie is replaced by the new session's.
    expect(answer.headers.getSetCookie().some((c) => c.startsWith(`authjs.session-token=${sessions[0]?.sessionToken};`))).toBe(true);
  });

  it("gives a session that carries the viewer's own fields, so getViewer reads nothing more", async () => {
    const email = newEmail();
    const user = await db.user.create({ data: { email, name: "Ada", dateOfBirth: new Date("1990-05-01"), showMature: true } });
    await askForLink(email, newClient());
    const answer = await openLink(lastLinkTo(email), "");
    const cookie = answer.headers
      .getSetCookie()
      .find((c) => c.startsWith("authjs.session-token="))
      ?.split(";")[0];
    expect(cookie).toBeDefined();
    const session = await Auth(new Request("http://127.0.0.1:3000/api/auth/session", { headers: { cookie: cookie ?? "" } }), {
      ...(built.config as AuthConfig),
      basePath: "/api/auth",
    });
    const body = (await session.json()) as { user?: unknown };
    expect(sessionViewerSchema.parse(body.user)).toEqual({ id: user.id, email, name: "Ada", dateOfBirth: "1990-05-01T00:00:00.000Z", showMature: true });
  });
});
