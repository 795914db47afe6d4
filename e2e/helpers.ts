import { once } from "node:events";
import { createServer } from "node:net";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { latestSignInLink, messagesTo } from "./mailbox";
import { varnishOrigin } from "./ports";

/** Signs in the way a person does: asks for a link, opens it from the mail the SMTP sink received. */
export async function signInByEmail(page: Page, email: string, returnTo = "/dashboard") {
  const before = messagesTo(email).length;
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect.poll(() => messagesTo(email).length, { message: `a sign-in mail to ${email}` }).toBeGreaterThan(before);
  const link = latestSignInLink(email);
  expect(link, "the mail carries a sign-in link").not.toBeNull();
  await page.goto(link ?? "");
}

export function uniqueEmail(role: string): string {
  return `${role}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * A signed-out GET of `path` as Varnish (e2e/topology-stack.ts, on the same database) holds it: asked until it comes
 * from the cache, since listing writes by tests running alongside (and the worker's logo and terms checks) may
 * purge it at any moment. Returns the body.
 */
export async function sharedAnswer(request: APIRequestContext, path: string): Promise<string> {
  let body = "";
  await expect
    .poll(
      async () => {
        const response = await request.get(`${varnishOrigin}${path}`);
        body = await response.text();
        return response.headers()["x-cache"];
      },
      { timeout: 30_000 },
    )
    .toBe("hit");
  return body;
}

/** What a signed-out visitor gets for `path` through Varnish now, stored or not. */
export async function throughVarnish(request: APIRequestContext, path: string): Promise<string> {
  return (await request.get(`${varnishOrigin}${path}`)).text();
}

/** A loopback port nobody listens on right now, for a server a test starts itself. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  server.close();
  return port;
}

/** The Run button acts once the page has hydrated: the generated form's loading placeholder is gone by then. */
export async function runFormReady(page: Page): Promise<void> {
  await expect(page.getByRole("status", { name: "Loading the form" })).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Asks until `passes` holds of an answer; fails when a request that began `withinMs` or more after `since` (a write's
 * commit) still gets an answer that does not. What counts is when a request began, not when it was answered: a page
 * rendered on a busy machine takes what it takes.
 */
export async function expectWithin<T>(since: number, withinMs: number, what: string, ask: () => Promise<T>, passes: (answer: T) => boolean): Promise<void> {
  for (;;) {
    const began = Date.now();
    const answer = await ask();
    if (passes(answer)) return;
    expect(began - since, `${what}: a request begun ${began - since} ms after the write was answered ${JSON.stringify(answer).slice(0, 200)}`).toBeLessThan(
      withinMs,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
