import { expect, test } from "@playwright/test";
import { Role, TaskState, type Message, type Task } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import { leak } from "./roles/roles";
import { signInByEmail, uniqueEmail } from "./helpers";

// Explore's A2A face, against the production server: a person makes an API token in /settings, an agent of
// theirs reads a demo agent's card with the A2A SDK's resolver and calls a free service with the SDK's client;
// revoking the token in /settings shuts it out. An agent that knows only Explore's address finds Explore's own
// card and asks it in words. No card ever names an 18+ service.

const cardPath = (handle: string) => `/api/v1/agents/${handle}/agent-card.json`;

function bearerFetch(token: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("authorization", `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
}

async function send(baseURL: string, token: string, skill: string, args: Record<string, unknown>): Promise<Task> {
  const resolver = new DefaultAgentCardResolver();
  const card = await resolver.resolve(baseURL, cardPath("@unit-forge"));
  const client = await new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl: bearerFetch(token) })],
    cardResolver: resolver,
  }).createFromAgentCard(card);
  const result = await client.sendMessage({
    tenant: "",
    message: {
      messageId: crypto.randomUUID(),
      contextId: "",
      taskId: "",
      role: Role.ROLE_USER,
      parts: [{ content: { $case: "data", value: { skill, arguments: args } }, metadata: undefined, filename: "", mediaType: "application/json" }],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  });
  if (!("status" in result)) throw new Error("expected a task");
  return result;
}

test("a token made in settings lets an agent run a free demo service over A2A, until it is revoked", async ({ page, baseURL }) => {
  // Signing in by mail, three page visits and two A2A calls: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const origin = baseURL ?? "";
  await signInByEmail(page, uniqueEmail("a2a"), "/settings");
  await page.goto("/settings");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await expect(tokens.getByText("No tokens yet.")).toBeVisible();
  await tokens.getByLabel("Name of the new token").fill("my research agent");
  await tokens.getByRole("button", { name: "Make a token" }).click();
  await expect(tokens.getByRole("status")).toContainText("Copy the token now");
  const token = await tokens.getByLabel("The token").inputValue();
  expect(token).toMatch(/^ept_/);

  const card = await new DefaultAgentCardResolver().resolve(origin, cardPath("@unit-forge"));
  expect(card.supportedInterfaces[0]?.url).toBe(`${origin}/api/v1/agents/@unit-forge/a2a`);
  expect(card.skills.map((s) => s.id)).toContain("cap_convert_length");

  const task = await send(origin, token, "cap_convert_length", { value: 26.2, from: "mi", to: "km" });
  expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  const data = task.artifacts[0]?.parts.find((p) => p.content?.$case === "data")?.content;
  expect(data?.$case === "data" ? JSON.stringify(data.value) : "").toContain('"result":42.16');

  // The run is the person's own, as if they had used the Run panel.
  await page.goto("/runs");
  await expect(page.getByRole("table").getByRole("link", { name: "Length converter" }).first()).toBeVisible();

  await page.goto("/settings");
  await expect(tokens.getByText(/my research agent.*last used/)).toBeVisible();
  await tokens.getByRole("button", { name: "Revoke my research agent" }).click();
  await expect(tokens.getByText(/my research agent.*revoked/)).toBeVisible();
  await expect(send(origin, token, "cap_convert_length", { value: 1, from: "mi", to: "km" })).rejects.toThrow();
});

test("the card export never names an 18+ service, and is 404 for an agent nobody may see", async ({ request }) => {
  const card = await request.get(cardPath(leak.handle));
  expect(card.status()).toBe(200);
  const text = await card.text();
  expect(text).toContain(leak.publicName);
  expect(text).not.toContain(leak.matureName);
  expect(text).not.toContain(leak.suspendedName);
  expect((await request.get(cardPath("@no-such-agent-here"))).status()).toBe(404);
});

function textMessage(text: string): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId: "",
    taskId: "",
    role: Role.ROLE_USER,
    parts: [{ content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function said(task: Task): string {
  return (task.status?.message?.parts ?? []).map((p) => (p.content?.$case === "text" ? p.content.value : "")).join(" ");
}

test("the A2A SDK's client finds Explore from its base URL alone and gets an answer in words naming matching services", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  // No path: the SDK reads /.well-known/agent-card.json.
  const client = await new ClientFactory().createFromUrl(origin);
  expect((await client.getAgentCard()).supportedInterfaces[0]?.url).toBe(`${origin}/a2a`);

  const ask = async (text: string) => {
    const result = await client.sendMessage({ tenant: "", message: textMessage(text), configuration: undefined, metadata: undefined });
    if (!("status" in result)) throw new Error("expected a task");
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    return result;
  };
  const miles = said(await ask("I need to convert miles to kilometres"));
  expect(miles).toContain("Length converter (@unit-forge), a strong match");
  expect(miles).toContain('send the data part {"agent":"@unit-forge","skill":"cap_convert_length","arguments":');
  expect(miles).toContain(`Its page: ${origin}/services/@unit-forge/cap_convert_length`);

  const recipe = said(await ask("I need to convert a recipe to metric units"));
  // The volume converter is found by every word (it is tagged for recipes); the other converters by all but “recipe”.
  expect(recipe).toContain("Volume converter (@unit-forge), a strong match");
  expect(recipe).toMatch(/Mass converter \(@unit-forge\), a weak match \(it shares only “convert”, “metric”, “units” with your words\)/);
  expect(recipe).toContain(`to ${origin}/a2a`);
});
