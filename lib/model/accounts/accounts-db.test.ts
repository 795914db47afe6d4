import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { env } from "@/lib/foundations/env";

type Modules = {
  db: typeof import("@/lib/foundations/db/client").db;
  sendSignInLink: typeof import("@/lib/model/accounts/send-sign-in-link").sendSignInLink;
  listDevMail: typeof import("@/lib/model/accounts/dev-mailbox").listDevMail;
};

// Runs against the throw-away database `npm run test:unit` provides; skipped without one.
describe.skipIf(!env.DATABASE_URL)("accounts against PostgreSQL", () => {
  // Imported only when a database exists: lib/foundations/db/client refuses to load without DATABASE_URL.
  let modules: Modules;
  beforeAll(async () => {
    modules = {
      db: (await import("@/lib/foundations/db/client")).db,
      sendSignInLink: (await import("@/lib/model/accounts/send-sign-in-link")).sendSignInLink,
      listDevMail: (await import("@/lib/model/accounts/dev-mailbox")).listDevMail,
    };
  });
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const email = `adapter-${suffix}@example.com`;

  afterAll(async () => {
    const { db } = modules;
    await db.user.deleteMany({ where: { email } });
    await db.devMail.deleteMany({ where: { to: { endsWith: `-${suffix}@example.com` } } });
  });

  it("Auth.js's Prisma adapter round-trips users, sessions and tokens with Explore's schema", async () => {
    const { db } = modules;
    const adapter = PrismaAdapter(db);
    if (!adapter.createUser || !adapter.createSession || !adapter.getSessionAndUser) throw new Error("adapter incomplete");
    if (!adapter.createVerificationToken || !adapter.useVerificationToken || !adapter.linkAccount) throw new Error("adapter incomplete");

    const user = await adapter.createUser({ id: "ignored", email, emailVerified: null });
    expect(user.email).toBe(email);

    const expires = new Date(Date.now() + 60_000);
    await adapter.createSession({ sessionToken: `session-${suffix}`, userId: user.id, expires });
    const found = await adapter.getSessionAndUser(`session-${suffix}`);
    expect(found?.user.id).toBe(user.id);

    await adapter.createVerificationToken({ identifier: email, token: `token-${suffix}`, expires });
    const used = await adapter.useVerificationToken({ identifier: email, token: `token-${suffix}` });
    expect(used?.identifier).toBe(email);
    await expect(adapter.useVerificationToken({ identifier: email, token: `token-${suffix}` })).resolves.toBeNull();

    await adapter.linkAccount({
      userId: user.id,
      type: "oauth",
      provider: "github",
      providerAccountId: `gh-${suffix}`,
      access_token: "secret-token",
    });
    const account = await db.account.findFirst({ where: { userId: user.id } });
    expect(account?.provider).toBe("github");
    // lib/foundations/db/client omits OAuth tokens from every read.
    expect(account).not.toHaveProperty("access_token");
  });

  it("keeps development sign-in links for the mailbox, newest first", async () => {
    const { sendSignInLink, listDevMail } = modules;
    vi.spyOn(console, "info").mockImplementation(() => {});
    const first = `first-${suffix}@example.com`;
    const second = `second-${suffix}@example.com`;
    await sendSignInLink({ to: first, url: "http://localhost:3000/one" }, { smtpUrl: undefined, keepInDevMailbox: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sendSignInLink({ to: second, url: "http://localhost:3000/two" }, { smtpUrl: undefined, keepInDevMailbox: true });

    const mails = (await listDevMail(20)).filter((m) => m.to.endsWith(`-${suffix}@example.com`));
    expect(mails.map((m) => [m.to, m.url])).toEqual([
      [second, "http://localhost:3000/two"],
      [first, "http://localhost:3000/one"],
    ]);
    vi.restoreAllMocks();
  });
});
