import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { z } from "zod";
import { DEMO_ADAPTERS_ORIGIN, demoSlug, loadDemoAgents, withoutDialect, type DemoAgent, type DemoCapability } from "./agent-files";
import { startDemoAdapters, type DemoAdapters } from "./adapters/server";
import { connectDemoClient } from "./mcp-client";
import { parsePaymentRequired } from "../lib/domain/payments/payment-required";

const seedSchema = z
  .record(z.string(), z.unknown())
  .parse(JSON.parse(readFileSync(path.resolve(process.cwd(), "lib/model/agent-file/agent-file.schema.json"), "utf8")));
const canonicalTags = new Set(
  z
    .array(z.object({ slug: z.string() }).loose())
    .parse(JSON.parse(readFileSync(path.resolve(process.cwd(), "lib/model/agent-file/tags.json"), "utf8")))
    .map((tag) => tag.slug),
);

const agents = loadDemoAgents();
const capabilities = agents.flatMap((entry) => entry.agent.capabilities.map((capability) => ({ entry, capability })));
const CAPABILITY_ID = /^cap_[a-z0-9_]{2,40}$/;
const EU = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
]);

function newAjv(): Ajv2020 {
  return new Ajv2020({ strict: false, allErrors: true });
}

function plansOf({ agent }: DemoAgent, capability: DemoCapability) {
  return capability.plans ?? agent.defaults?.plans ?? [];
}

function isPaid(plans: { type: string }[]): boolean {
  return plans.some((plan) => plan.type !== "free");
}

const retention = z.looseObject({ retention: z.enum(["none", "retained"]).optional(), days: z.number().nullable().optional() });
const dataView = z.looseObject({
  inputs: retention.optional(),
  results: retention.optional(),
  downstream: z.looseObject({ subprocessors: z.array(z.object({ name: z.string(), purpose: z.string(), region: z.string() })).optional() }).optional(),
  used_for_training: z.boolean().optional(),
  processing_regions: z.array(z.string()).optional(),
});

/** `defaults.data` applied key by key under the capability's own `data` (DESIGN.md rule 3). */
function dataOf({ agent }: DemoAgent, capability: DemoCapability) {
  return dataView.parse({ ...agent.defaults?.data, ...capability.data });
}

/** Deep subset: objects may carry more keys, arrays match element by element, numbers within 1e-9 relative. */
function containsExpected(actual: unknown, expected: unknown): boolean {
  if (typeof expected === "number" && typeof actual === "number") {
    return actual === expected || Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(expected));
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => containsExpected(actual[index], item));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    const actualEntries = new Map(Object.entries(actual));
    return Object.entries(expected).every(([key, value]) => actualEntries.has(key) && containsExpected(actualEntries.get(key), value));
  }
  return Object.is(actual, expected);
}

describe("demo agent files", () => {
  const validateAgentFile = newAjv().compile(seedSchema);

  it.each(agents)("$file is valid against the agent.json schema", (entry) => {
    const valid = validateAgentFile(entry.raw);
    expect(validateAgentFile.errors ?? [], JSON.stringify(validateAgentFile.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("follow Explore's rules beyond the schema", () => {
    const problems: string[] = [];
    const handles = new Set<string>();
    for (const entry of agents) {
      const { agent, file } = entry;
      if (handles.has(agent.agent.handle)) problems.push(`${file}: handle ${agent.agent.handle} is taken`);
      handles.add(agent.agent.handle);
      if (`@${file.replace(/\.json$/, "")}` !== agent.agent.handle) problems.push(`${file}: file name should be the handle`);
      const endpoint = agent.adapter.endpoint;
      if (demoSlug(endpoint) === null && !/^\$\{[A-Z0-9_]+\}$/.test(endpoint)) problems.push(`${file}: endpoint ${endpoint}`);
      const ids = new Set<string>();
      for (const capability of agent.capabilities) {
        const where = `${file} ${capability.tool}`;
        const id = capability.capability_id ?? `cap_${capability.tool}`;
        if (!CAPABILITY_ID.test(id)) problems.push(`${where}: capability id ${id}`);
        if (ids.has(id)) problems.push(`${where}: duplicate capability id ${id}`);
        ids.add(id);
        const reasons = capability.mature_reasons ?? [];
        if ((capability.content_rating ?? "general") === "mature" ? reasons.length === 0 : reasons.length > 0) problems.push(`${where}: mature reasons`);
        if (agent.execution_mode === "storage_free" && isPaid(plansOf(entry, capability)) && capability.storage_free_accepted !== true) {
          problems.push(`${where}: paid in storage-free mode without storage_free_accepted`);
        }
        if (agent.execution_mode === "storage_free" && capability.repeat === "return_kept") problems.push(`${where}: return_kept in storage-free mode`);
        if (capability.class === "external_action" && capability.outside_action === undefined)
          problems.push(`${where}: external action without outside_action`);
        if (capability.class !== "external_action" && (capability.outside_action !== undefined || capability.effects !== undefined)) {
          problems.push(`${where}: effects or outside_action on a ${capability.class}`);
        }
        const tags = capability.tags ?? [];
        if (tags.length > 7) problems.push(`${where}: more than 7 tags`);
        const categoryTag = capability.category.split(".")[0] ?? "";
        for (const tag of [categoryTag, ...tags.map((item) => item.replace(/^#/, ""))]) {
          if (!canonicalTags.has(tag)) problems.push(`${where}: ${tag} is not a canonical tag`);
        }
        if (demoSlug(endpoint) !== null && (capability.input_schema === undefined || capability.output_schema === undefined)) {
          problems.push(`${where}: schemas missing`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("cover the network's cases", () => {
    const all = capabilities.map(({ entry, capability }) => ({ entry, capability, plans: plansOf(entry, capability), data: dataOf(entry, capability) }));
    const plans = all.flatMap((item) => item.plans);
    const hasNumber = (plan: Record<string, unknown>, key: string) => typeof plan[key] === "number";
    expect(agents.length).toBeGreaterThanOrEqual(10);
    expect(capabilities.length).toBeGreaterThanOrEqual(30);
    expect(new Set(all.map((item) => item.capability.class))).toEqual(new Set(["read_only", "transformation", "external_action"]));
    expect(plans.some((plan) => plan.type === "free" && hasNumber(plan, "daily_limit"))).toBe(true);
    expect(plans.some((plan) => plan.type === "per_call" && hasNumber(plan, "price_usd"))).toBe(true);
    expect(plans.some((plan) => plan.type === "subscription" && hasNumber(plan, "price_usd") && typeof plan.period === "string")).toBe(true);
    expect(plans.some((plan) => plan.type === "pack" && hasNumber(plan, "calls") && hasNumber(plan, "price_usd"))).toBe(true);
    const paid = all.filter((item) => isPaid(item.plans));
    expect(paid.some((item) => item.entry.agent.payment?.link.startsWith("https://"))).toBe(true);
    expect(paid.some((item) => item.entry.agent.payment === undefined)).toBe(true);
    expect(new Set(all.flatMap((item) => item.capability.mature_reasons ?? []))).toEqual(new Set(["alcohol", "tobacco", "cannabis", "gambling", "dating"]));
    expect(all.some((item) => (item.capability.content_rating ?? "general") === "general")).toBe(true);
    const declared = all.filter((item) => item.entry.agent.data_declared !== false);
    expect(declared.some((item) => item.data.inputs?.retention === "none" && item.data.results?.retention === "none")).toBe(true);
    expect(declared.some((item) => item.data.inputs?.retention === "retained" && item.data.inputs.days === 30)).toBe(true);
    expect(declared.some((item) => item.data.used_for_training === true)).toBe(true);
    expect(
      declared.some((item) => (item.data.processing_regions ?? []).length > 0 && (item.data.processing_regions ?? []).every((region) => EU.has(region))),
    ).toBe(true);
    expect(declared.some((item) => (item.data.downstream?.subprocessors ?? []).some((sub) => /^[A-Z]{2}$/.test(sub.region)))).toBe(true);
    expect(agents.some((entry) => entry.agent.data_declared === false)).toBe(true);
    expect(all.some((item) => item.capability.example?.expected_output !== undefined)).toBe(true);
    expect(all.some((item) => item.capability.example !== undefined && item.capability.example.expected_output === undefined)).toBe(true);
    expect(all.some((item) => item.capability.example === undefined)).toBe(true);
    const external = all.filter((item) => item.capability.class === "external_action");
    expect(
      external.some(
        ({ capability }) =>
          capability.outside_action !== undefined &&
          typeof capability.effects?.idempotency_argument === "string" &&
          typeof capability.effects.outcome_lookup === "string" &&
          capability.effects.escalate !== undefined &&
          typeof capability.effects.dry_run_argument === "string" &&
          typeof capability.cancellation === "string",
      ),
    ).toBe(true);
    expect(agents.some((entry) => entry.agent.execution_mode === "storage_free")).toBe(true);
    expect(agents.some((entry) => entry.agent.execution_mode === "durable" && entry.agent.adapter.result_retention_days !== undefined)).toBe(true);
    expect(agents.some((entry) => entry.agent.adapter.endpoint === "${DEMO_WEATHER_ENDPOINT}")).toBe(true);
    expect(all.some((item) => item.capability.offered === false)).toBe(true);
    expect(agents.some((entry) => typeof entry.agent.terms?.text === "string")).toBe(true);
    expect(agents.some((entry) => typeof entry.agent.terms?.url === "string")).toBe(true);
    expect(agents.some((entry) => entry.agent.defaults?.data !== undefined)).toBe(true);
    expect(agents.some((entry) => entry.agent.defaults?.plans !== undefined)).toBe(true);
    expect(all.some((item) => (item.capability.tags ?? []).length > 0)).toBe(true);
  });
});

describe("demo adapters", () => {
  let adapters: DemoAdapters;
  const clients = new Map<string, Client>();

  async function clientFor(slug: string): Promise<Client> {
    const existing = clients.get(slug);
    if (existing) return existing;
    const client = await connectDemoClient(`${adapters.url}/${slug}/mcp`);
    clients.set(slug, client);
    return client;
  }

  beforeAll(async () => {
    adapters = await startDemoAdapters({ port: 0 });
  });

  afterAll(async () => {
    await Promise.all([...clients.values()].map((client) => client.close()));
    await adapters.close();
  });

  const served = agents.filter((entry) => demoSlug(entry.agent.adapter.endpoint) !== null);

  it.each(served)("$file: agent.json schemas are the tools' own", async (entry) => {
    const client = await clientFor(demoSlug(entry.agent.adapter.endpoint) ?? "");
    const { tools } = await client.listTools();
    for (const capability of entry.agent.capabilities) {
      const tool = tools.find((item) => item.name === capability.tool);
      expect(tool, `${entry.file}: ${capability.tool}`).toBeDefined();
      expect(capability.input_schema).toEqual(withoutDialect(tool?.inputSchema ?? {}));
      expect(capability.output_schema).toEqual(withoutDialect(tool?.outputSchema ?? {}));
      const hints = tool?.annotations;
      expect(hints?.readOnlyHint).toBe(capability.class !== "external_action");
      expect(hints?.openWorldHint).toBe(capability.class === "external_action");
      expect(typeof hints?.destructiveHint).toBe("boolean");
      expect(typeof hints?.idempotentHint).toBe("boolean");
    }
  });

  const examples = served.flatMap((entry) =>
    entry.agent.capabilities.flatMap((capability) =>
      capability.example ? [{ name: `${entry.agent.agent.handle} ${capability.tool}`, entry, capability, example: capability.example }] : [],
    ),
  );

  it.each(examples)("$name passes its sample test", async ({ entry, capability, example }) => {
    const dryRun = capability.effects?.dry_run_argument;
    const args = capability.class === "external_action" && typeof dryRun === "string" ? { ...example.input, [dryRun]: true } : example.input;
    const ajv = newAjv();
    const validInput = ajv.validate(capability.input_schema ?? {}, args);
    expect(validInput, JSON.stringify(ajv.errors)).toBe(true);
    const client = await clientFor(demoSlug(entry.agent.adapter.endpoint) ?? "");
    const result = await client.callTool({
      name: capability.tool,
      arguments: args,
      _meta: { execution_id: `exe_sample_${capability.tool}`, validation: true },
    });
    expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    const validOutput = ajv.validate(capability.output_schema ?? {}, result.structuredContent);
    expect(validOutput, JSON.stringify(ajv.errors)).toBe(true);
    if (example.expected_output !== undefined) {
      expect(containsExpected(result.structuredContent, example.expected_output), JSON.stringify(result.structuredContent)).toBe(true);
    }
  });

  it("answers 404 on unknown paths and 405 on GET", async () => {
    expect((await fetch(`${adapters.url}/no-such-agent/mcp`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${adapters.url}/homes`)).status).toBe(404);
    expect((await fetch(`${adapters.url}/homes/mcp`)).status).toBe(405);
  });

  it("reports a tool's own errors in words", async () => {
    const client = await clientFor("homes");
    const result = await client.callTool({ name: "search_homes", arguments: { area_ref: "loc:zz:nowhere" } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain("not supported");
  });

  it("odds: answers a consumer with no payment on record with the payment-required convention", async () => {
    const client = await clientFor("odds");
    const args = { format: "decimal", value: "2.5" };
    // A plain tools/call, as Explore makes it: the SDK's callTool checks an error's structuredContent against the
    // tool's output schema once it has listed the tools (typescript-sdk#1943), which the convention never matches.
    const call = (meta: Record<string, unknown>) =>
      client.request({ method: "tools/call", params: { name: "convert_odds", arguments: args, _meta: meta } }, CallToolResultSchema);
    for (const meta of [{ "io.explore/consumer_id": "csm_nobody_paid" }, { "io.explore/consumer_id": "csm_nobody_paid", "io.explore/validation": true }, {}]) {
      const result = await call(meta);
      expect(result.isError, JSON.stringify(meta)).toBe(true);
      expect(parsePaymentRequired(result.structuredContent)).toMatchObject({ planId: "per_call", paymentLink: "https://pay.example.com/odds-lab" });
    }
    // Explore's sample tests (validation flag, no consumer ID) go through, so the example stays checked.
    const sample = await call({ "io.explore/validation": true });
    expect(sample.isError ?? false).toBe(false);
  });

  describe("reminders", () => {
    const reminderOutput = z.object({ reminder_id: z.string().nullable(), status: z.string(), duplicate: z.boolean(), deliveries: z.number() });
    const outcomeOutput = z.object({ outcome: z.string(), deliveries: z.number(), outbox_total: z.number() });
    const cancelOutput = z.object({ cancelled: z.boolean(), status: z.string() });

    async function call(name: string, args: Record<string, unknown>, executionId?: string) {
      const client = await clientFor("reminders");
      const result = await client.callTool({ name, arguments: args, _meta: executionId === undefined ? undefined : { execution_id: executionId } });
      expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
      return result.structuredContent;
    }

    it("sends once per idempotency key", async () => {
      const args = { to: "+15550100", channel: "sms", message: "Take the bins out", idempotency_key: "exe_idem_1" };
      const first = reminderOutput.parse(await call("send_reminder", args, "exe_idem_1"));
      const second = reminderOutput.parse(await call("send_reminder", args, "exe_idem_1"));
      expect(first.status).toBe("sent");
      expect(first.duplicate).toBe(false);
      expect(second.reminder_id).toBe(first.reminder_id);
      expect(second.duplicate).toBe(true);
      expect(second.deliveries).toBe(1);
      const outcome = outcomeOutput.parse(await call("reminder_outcome", { execution_id: "exe_idem_1" }));
      expect(outcome.outcome).toBe("took_effect");
      expect(outcome.deliveries).toBe(1);
    });

    it("sends nothing on a dry run", async () => {
      const before = outcomeOutput.parse(await call("reminder_outcome", { execution_id: "exe_dry_1" })).outbox_total;
      const dry = reminderOutput.parse(await call("send_reminder", { to: "kim@example.com", message: "Standup", idempotency_key: "exe_dry_1", dry_run: true }));
      expect(dry).toMatchObject({ status: "dry_run", reminder_id: null, deliveries: 0 });
      const after = outcomeOutput.parse(await call("reminder_outcome", { execution_id: "exe_dry_1" }));
      expect(after.outcome).toBe("no_effect");
      expect(after.outbox_total).toBe(before);
      // A dry run does not use up the key: the real send afterwards goes out.
      const real = reminderOutput.parse(await call("send_reminder", { to: "kim@example.com", message: "Standup", idempotency_key: "exe_dry_1" }));
      expect(real).toMatchObject({ status: "sent", duplicate: false, deliveries: 1 });
    });

    it("cancels a scheduled reminder before it goes out", async () => {
      const scheduled = reminderOutput.parse(
        await call(
          "send_reminder",
          { to: "lee@example.com", message: "Renew passport", send_at: "2031-05-01T08:00:00Z", idempotency_key: "exe_cancel_1" },
          "exe_cancel_1",
        ),
      );
      expect(scheduled.status).toBe("scheduled");
      expect(outcomeOutput.parse(await call("reminder_outcome", { execution_id: "exe_cancel_1" })).outcome).toBe("pending");
      expect(cancelOutput.parse(await call("cancel_reminder", { execution_id: "exe_cancel_1" }))).toEqual({ cancelled: true, status: "cancelled" });
      expect(cancelOutput.parse(await call("cancel_reminder", { execution_id: "exe_cancel_1" })).status).toBe("already_cancelled");
      const outcome = outcomeOutput.parse(await call("reminder_outcome", { execution_id: "exe_cancel_1" }));
      expect(outcome).toMatchObject({ outcome: "cancelled", deliveries: 0 });
      expect(cancelOutput.parse(await call("cancel_reminder", { execution_id: "exe_idem_1" })).status).toBe("already_sent");
      expect(cancelOutput.parse(await call("cancel_reminder", { execution_id: "exe_unknown" })).status).toBe("not_found");
    });

    it("uses the execution ID from _meta when no key is given", async () => {
      const args = { to: "ana@example.com", message: "Call the plumber" };
      const first = reminderOutput.parse(await call("send_reminder", args, "exe_meta_1"));
      const second = reminderOutput.parse(await call("send_reminder", args, "exe_meta_1"));
      expect(second.reminder_id).toBe(first.reminder_id);
      expect(second.deliveries).toBe(1);
    });
  });
});

it("demo endpoints use the documented origin", () => {
  for (const entry of agents) {
    const endpoint = entry.agent.adapter.endpoint;
    if (demoSlug(endpoint) !== null) expect(endpoint.startsWith(`${DEMO_ADAPTERS_ORIGIN}/`)).toBe(true);
  }
});
