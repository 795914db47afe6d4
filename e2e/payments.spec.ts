import Stripe from "stripe";
import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { sharedAnswer, signInByEmail, uniqueEmail } from "./helpers";

// Paid runs only when paid, in Chromium: @demo-homes is the demo's Stripe-verified agent (its signing secret
// is seeded from scripts/lib/seed-demo.ts). Events are signed by Stripe's own SDK and posted to the webhook as
// Stripe would post them; nothing reaches Stripe.

const SERVICE = "/services/@demo-homes/cap_get_home";
const SIGNING_SECRET = "whsec_demo_homes_local_only";
const result = (page: Page) => page.locator("#run-result");

async function postStripeEvent(request: APIRequestContext, type: string, object: Record<string, unknown>) {
  const event = {
    id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
  const payload = JSON.stringify(event);
  const response = await request.post("/api/webhooks/stripe/demo-homes", {
    data: payload,
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SIGNING_SECRET }) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { outcome: string; message: string };
}

test("a paid service offers the payment link, runs after the signed payment with consent, and counts the calls down", async ({ page }) => {
  await signInByEmail(page, uniqueEmail("buyer"), SERVICE);
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Run it" }) });
  await expect(panel.getByText("This service has only paid plans, and you hold none of them: buy one at the provider to run it.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Run", exact: true })).toBeDisabled();

  // The payment link carries the person's pseudonymous ID, never their email.
  const pay = panel.getByRole("link", { name: /Pay at the provider/ });
  const href = new URL((await pay.getAttribute("href")) ?? "");
  expect(href.origin + href.pathname).toBe("https://pay.example.com/demo-homes");
  const consumerId = href.searchParams.get("client_reference_id") ?? "";
  expect(consumerId).toMatch(/^csm_[A-Za-z0-9_-]{32}$/);
  await expect(pay).toHaveAttribute("target", "_blank");

  // A forged delivery grants nothing.
  const forged = await page.request.post("/api/webhooks/stripe/demo-homes", { data: "{}", headers: { "stripe-signature": "t=1,v1=00" } });
  expect(forged.status()).toBe(400);

  const paymentIntent = `pi_e2e_${Date.now()}`;
  const paid = await postStripeEvent(page.request, "checkout.session.completed", {
    id: `cs_e2e_${Date.now()}`,
    object: "checkout.session",
    mode: "payment",
    payment_status: "paid",
    client_reference_id: consumerId,
    payment_link: "plink_demo_homes_details",
    amount_total: 100,
    currency: "usd",
    payment_intent: paymentIntent,
    subscription: null,
  });
  expect(paid).toMatchObject({ outcome: "granted", message: "Granted 50 calls of per_call ($0.02 a call)." });

  await page.reload();
  await expect(panel.getByText("50 calls left")).toBeVisible();
  const run = panel.getByRole("button", { name: "Run", exact: true });
  await expect(run).toBeDisabled();
  await panel.getByLabel("I agree. This run uses 1 of your 50 prepaid calls.").check();
  await run.click();
  await expect(result(page).getByText("Succeeded")).toBeVisible();
  await expect(result(page).getByText("Plan: $0.02 a call.")).toBeVisible();
  // Without a reload: the panel reads what is left again, and asks again for the next run.
  await expect(panel.getByText("49 calls left")).toBeVisible();
  await expect(panel.getByLabel("I agree. This run uses 1 of your 49 prepaid calls.")).not.toBeChecked();

  await page.goto("/purchases");
  await expect(page.getByRole("heading", { name: "Purchases" })).toBeVisible();
  await expect(page.getByText("49 of 50 calls left")).toBeVisible();
  await expect(page.getByText("Demo Homes").first()).toBeVisible();

  // A full refund revokes every unused call: the panel says so and offers the link again.
  const refund = await postStripeEvent(page.request, "charge.refunded", {
    id: "ch_e2e",
    object: "charge",
    payment_intent: paymentIntent,
    amount: 100,
    amount_refunded: 100,
    refunded: true,
    currency: "usd",
  });
  expect(refund.message).toBe(`Refund of ${paymentIntent}: revoked 49 unused calls.`);
  await page.goto(SERVICE);
  await expect(panel.getByText("This service has only paid plans, and you hold none of them: buy one at the provider to run it.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Run", exact: true })).toBeDisabled();
  await page.goto("/purchases");
  await expect(page.getByText("49 calls revoked after a refund")).toBeVisible();
});

test("the plans card pays under the person's pseudonymous ID, and asks a signed-out visitor to sign in first", async ({ page, request }) => {
  // The answer Varnish gives every signed-out visitor names nobody.
  const shared = await sharedAnswer(request, SERVICE);
  expect(shared).not.toContain("client_reference_id");
  expect(shared).toContain("Sign in to pay");

  await page.goto(SERVICE);
  const plans = page.getByRole("region", { name: "Plans and prices" });
  await expect(plans.getByRole("link", { name: /Pay at the provider/ })).toHaveCount(0);
  await plans.getByRole("link", { name: "Sign in to pay" }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);

  await signInByEmail(page, uniqueEmail("card-buyer"), SERVICE);
  const fromCard = new URL((await plans.getByRole("link", { name: /Pay at the provider/ }).getAttribute("href")) ?? "");
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Run it" }) });
  const fromPanel = new URL((await panel.getByRole("link", { name: /Pay at the provider/ }).getAttribute("href")) ?? "");
  expect(fromCard.origin + fromCard.pathname).toBe("https://pay.example.com/demo-homes");
  expect(fromCard.searchParams.get("client_reference_id")).toMatch(/^csm_[A-Za-z0-9_-]{32}$/);
  expect(fromCard.toString()).toBe(fromPanel.toString());
});
