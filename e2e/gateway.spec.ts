import Stripe from "stripe";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { test, expect, type Page } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";
import { inspectorCall } from "./inspector";

// The gateway against the production server: a person makes a token in /settings; an MCP client (the SDK's, and the
// MCP Inspector's CLI) mounts @unit-forge's services with it and runs one; a paid service is refused with the
// payment link until a Stripe-signed payment grants calls and the token allows paid runs, and then spends one;
// every run is in the person's runs.

const SIGNING_SECRET = "whsec_demo_homes_local_only";

async function makeToken(page: Page, label: string): Promise<string> {
  await page.goto("/settings");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByLabel("Name of the new token").fill(label);
  await tokens.getByRole("button", { name: "Make a token" }).click();
  const token = await tokens.getByLabel("The token").inputValue();
  expect(token).toMatch(/^ept_/);
  return token;
}

/** An MCP client of the gateway; with `confirm`, it declares elicitation and answers each question with it. */
async function gateway(baseURL: string, handle: string, token: string, confirm?: (question: string) => boolean): Promise<Client> {
  const client = new Client({ name: "explore-e2e-gateway", version: "1.0.0" }, confirm ? { capabilities: { elicitation: {} } } : {});
  if (confirm) client.setRequestHandler(ElicitRequestSchema, async (request) => ({ action: "accept", content: { confirm: confirm(request.params.message) } }));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`/mcp/agents/${handle}`, baseURL), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === "text" ? c.text : "")).join(" ");

test("an MCP client runs a free service through the gateway with a token made in settings, and the run is the person's", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  await signInByEmail(page, uniqueEmail("gateway"), "/settings");
  const token = await makeToken(page, "gateway agent");

  const client = await gateway(origin, "@unit-forge", token);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("cap_convert_length");
    const answer = (await client.callTool({ name: "cap_convert_length", arguments: { value: 26.2, from: "mi", to: "km" } })) as CallToolResult;
    expect(answer.isError, textOf(answer)).toBeFalsy();
    expect(JSON.stringify(answer.structuredContent)).toContain("42.16");
  } finally {
    await client.close();
  }

  // The MCP Inspector's CLI, with the token as a header.
  const called = await inspectorCall(new URL("/mcp/agents/@unit-forge", origin).href, "cap_convert_length", { value: 1, from: "mi", to: "km" }, [
    `Authorization: Bearer ${token}`,
  ]);
  expect(called.isError).toBe(false);
  expect(JSON.stringify(called.structured)).toContain("1.609");

  await page.goto("/runs");
  await expect(page.getByRole("table").getByRole("link", { name: "Length converter", exact: true })).toHaveCount(2);
});

test("a paid service is refused with the payment link, then runs on a bought call once the token allows paid runs", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  await signInByEmail(page, uniqueEmail("gateway-buyer"), "/settings");
  const token = await makeToken(page, "buying agent");
  const client = await gateway(origin, "@demo-homes", token);
  try {
    const refused = (await client.callTool({ name: "cap_get_home", arguments: { home_id: "hm_dublin_002" } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("allows free runs only");
    const link = /https:\/\/pay\.example\.com\/demo-homes\?client_reference_id=(csm_[A-Za-z0-9_-]{32})/.exec(textOf(refused));
    expect(link, textOf(refused)).not.toBeNull();

    // Stripe's signed event grants calls to the person the link named.
    const payload = JSON.stringify({
      id: `evt_e2e_gateway_${Date.now()}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_e2e_gateway_${Date.now()}`,
          object: "checkout.session",
          mode: "payment",
          payment_status: "paid",
          client_reference_id: link?.[1],
          payment_link: "plink_demo_homes_details",
          amount_total: 100,
          currency: "usd",
          payment_intent: `pi_e2e_gateway_${Date.now()}`,
          subscription: null,
        },
      },
    });
    const granted = await page.request.post("/api/webhooks/stripe/demo-homes", {
      data: payload,
      headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SIGNING_SECRET }) },
    });
    expect(granted.status(), await granted.text()).toBe(200);

    // Still a free-only token: the calls are there, the token may not spend them.
    expect(textOf((await client.callTool({ name: "cap_get_home", arguments: { home_id: "hm_dublin_002" } })) as CallToolResult)).toContain(
      "allows free runs only",
    );

    await page.goto("/settings");
    const tokens = page.getByRole("region", { name: "API tokens" });
    await tokens.getByText(/May run: Free runs only/).click();
    await tokens.getByLabel("Paid runs too").check();
    await tokens.getByRole("button", { name: "Save what buying agent may do" }).click();
    await expect(tokens.getByText("Saved: calls made with this token follow it from now on.")).toBeVisible();

    const paid = (await client.callTool({ name: "cap_get_home", arguments: { home_id: "hm_dublin_002" } })) as CallToolResult;
    expect(paid.isError, textOf(paid)).toBeFalsy();
    await page.goto("/purchases");
    await expect(page.getByText("49 of 50 calls left")).toBeVisible();
  } finally {
    await client.close();
  }
});

test("an external action runs through the gateway only after the person confirms it in their agent's client", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  await signInByEmail(page, uniqueEmail("gateway-actions"), "/settings");
  const token = await makeToken(page, "acting agent");
  const reminder = { to: "ada@example.test", channel: "email", message: "Water the plants." };

  // Not allowed yet: a client that can ask still does not see it.
  const before = await gateway(origin, "@nudge-reminders", token, () => true);
  try {
    expect((await before.listTools()).tools.map((t) => t.name)).not.toContain("cap_send_reminder");
  } finally {
    await before.close();
  }

  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByText(/May run: Free runs only/).click();
  await tokens.getByLabel("External actions, each confirmed").check();
  await tokens.getByRole("button", { name: "Save what acting agent may do" }).click();
  await expect(tokens.getByText("Saved: calls made with this token follow it from now on.")).toBeVisible();
  await page.reload();
  await expect(tokens.getByText(/External actions, each once a person confirms it in the agent's client\./)).toBeVisible();

  const questions: string[] = [];
  const client = await gateway(origin, "@nudge-reminders", token, (question) => {
    questions.push(question);
    return !question.includes("Nobody");
  });
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("cap_send_reminder");
    const declined = (await client.callTool({ name: "cap_send_reminder", arguments: { ...reminder, message: "Nobody wants this." } })) as CallToolResult;
    expect(textOf(declined)).toBe("Not run: the person declined.");
    const sent = (await client.callTool({ name: "cap_send_reminder", arguments: reminder })) as CallToolResult;
    expect(sent.isError, textOf(sent)).toBeFalsy();
    expect(questions[1]).toContain("Run “Send a reminder” of @nudge-reminders as");
    expect(questions[1]).toContain('"message":"Water the plants."');
  } finally {
    await client.close();
  }

  await page.goto("/runs");
  await expect(page.getByRole("table").getByRole("link", { name: "Send a reminder", exact: true })).toHaveCount(1);
});
