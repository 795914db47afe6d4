import { test, expect, type APIRequestContext } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";
import { latestSignInLink, messagesTo } from "./mailbox";

test("a person signs in with the link emailed to them, and out again", async ({ page }) => {
  const email = uniqueEmail("reader");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in/);

  await signInByEmail(page, email, "/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your agents" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(email);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("a bad email address is refused beside the field", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  const field = page.getByLabel("Email address");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`#${describedBy.split(" ")[0]}`)).not.toBeEmpty();
});

/** Asks for a link the way a form posting straight to Auth.js does: its CSRF token, then the POST. */
async function askThroughAuthJs(request: APIRequestContext, email: string) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  return request.post("/api/auth/signin/nodemailer", { form: { email, csrfToken, callbackUrl: "/settings" }, maxRedirects: 0 });
}

test("a link asked for straight from Auth.js points at Explore's own address", async ({ request, baseURL }) => {
  const email = uniqueEmail("direct");
  const asked = await askThroughAuthJs(request, email);
  expect(asked.status()).toBe(302);
  await expect.poll(() => messagesTo(email).length, { message: `a sign-in mail to ${email}` }).toBe(1);
  const link = new URL(latestSignInLink(email) ?? "");
  expect(link.origin).toBe(new URL(baseURL ?? "").origin);
  expect(link.pathname).toBe("/api/auth/callback/nodemailer");
});

test("too many links asked for straight from Auth.js say so, not that the account may not sign in", async ({ page }) => {
  const email = uniqueEmail("limited");
  // The per-address limit (5 in 10 minutes) is the default the e2e server keeps.
  for (let i = 0; i < 5; i += 1) expect((await askThroughAuthJs(page.request, email)).status()).toBe(302);
  const refused = await askThroughAuthJs(page.request, email);
  expect(refused.status()).toBe(302);
  await page.goto(refused.headers().location ?? "");
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Too many sign-in links");
  await expect(alert).not.toContainText("may not sign in");
  expect(messagesTo(email)).toHaveLength(5);
});

test("a sign-in link without its token says the link is incomplete, not that Explore is broken", async ({ page }) => {
  await page.goto(`/api/auth/callback/nodemailer?${new URLSearchParams({ email: uniqueEmail("cut"), callbackUrl: "/" })}`);
  await expect(page).toHaveURL(/\/sign-in\?/);
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("incomplete");
  await expect(alert).not.toContainText("problem on our side");
});

test("a returning person whose browser keeps a stale session cookie is signed in by a fresh link", async ({ page, context, baseURL }) => {
  const email = uniqueEmail("returning");
  await signInByEmail(page, email, "/settings");
  await expect(page.getByRole("banner")).toContainText(email);
  // The session ends elsewhere (signed out on another device, expired and swept): the cookie stays behind.
  await context.addCookies([{ name: "authjs.session-token", value: "a-session-that-no-longer-exists", url: baseURL ?? "" }]);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/sign-in/);
  await signInByEmail(page, email, "/settings");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("banner")).toContainText(email);
});
