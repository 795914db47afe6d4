// An A2AWire registration payload → an agent.json draft: each capability_manifest entry becomes a
// capability (name, description → summary, input format → input schema, the first example task → the
// example's problem) and the per-call price a per_call plan. A2AWire names no MCP adapter and says nothing
// of class, limitations or data handling: those are left null for the publisher to complete.
import { resolveTag } from "@/lib/model/agent-file/tags";
import type { ForeignConversion, ToComplete } from "@/lib/domain/formats/foreign";
import { problemsOf } from "@/lib/domain/formats/problems";
import { registrationSchema, type CapabilityManifest, type Registration } from "./payload-schema";

const MIN_SUMMARY = 10;
const MAX_SUMMARY = 300;
const MAX_TAGS = 7;

function slug(text: string, separator: "-" | "_"): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, "g"), "");
}

function handleOf(name: string | null): string | null {
  if (name === null) return null;
  const cut = slug(name, "-").slice(0, 31).replace(/-+$/, "");
  return cut.length >= 2 && /^[a-z0-9]/.test(cut) ? `@${cut}` : null;
}

/** The input an input format describes, as a JSON Schema; JSON accepts any object. */
function inputSchemaOf(format: string | null | undefined): Record<string, unknown> | null {
  if (!format) return null;
  const f = format.trim().toLowerCase();
  if (f === "json" || f === "application/json") return { type: "object" };
  if (f.startsWith("text/") || f === "text")
    return { type: "object", properties: { text: { type: "string", description: `Input as ${format}` } }, required: ["text"] };
  return { type: "object", properties: { content: { type: "string", description: `Input as ${format} (base64 or a URL)` } }, required: ["content"] };
}

function summaryOf(description: string | null | undefined): string | null {
  const text = description?.replace(/\s+/g, " ").trim() ?? "";
  if ([...text].length < MIN_SUMMARY) return null;
  return [...text].length <= MAX_SUMMARY ? text : `${[...text].slice(0, MAX_SUMMARY - 1).join("")}…`;
}

type Built = { capability: Record<string, unknown>; toComplete: ToComplete[]; notes: string[] };

function capabilityOf(m: CapabilityManifest, i: number, price: number | null, tags: string[]): Built {
  const at = `capabilities[${i}]`;
  const toComplete: ToComplete[] = [];
  const notes: string[] = [];
  const summary = summaryOf(m.description);
  if (summary === null) toComplete.push({ path: `${at}.summary`, why: `"${m.name}" has no description of 10 characters or more to use as its summary.` });
  toComplete.push({ path: `${at}.category`, why: "Explore's category for the service: A2AWire has none." });
  toComplete.push({ path: `${at}.limitations`, why: "What the service does not do: A2AWire does not say." });
  toComplete.push({ path: `${at}.class`, why: "read_only, transformation or external_action: A2AWire does not say." });
  const inputSchema = inputSchemaOf(m.input_format);
  const tasks = (m.example_tasks ?? []).filter((t) => t.trim() !== "");
  let example: Record<string, unknown> | null = null;
  if (tasks[0] !== undefined) {
    const textInput = inputSchema !== null && "properties" in inputSchema && m.input_format?.trim().toLowerCase().startsWith("text");
    // Null until written when the task is in words only: an empty input would pass as if it did the task.
    example = { input: textInput ? { text: tasks[0] } : null, problem: tasks[0], origin: "publisher" };
    if (!textInput) toComplete.push({ path: `${at}.example.input`, why: "The arguments that do the example task: A2AWire gives the task in words only." });
    if (tasks.length > 1)
      notes.push(
        `"${m.name}": its first example task became the example; left out: ${tasks
          .slice(1)
          .map((t) => `"${t}"`)
          .join(", ")}.`,
      );
  }
  if (m.output_format) notes.push(`"${m.name}" answers as ${m.output_format}; describe it in capabilities[${i}].output_schema if you like.`);
  const perCall = m.pricing_model === null || m.pricing_model === undefined || m.pricing_model === "per_call";
  if (!perCall) notes.push(`"${m.name}" is priced "${m.pricing_model}", which Explore has no plan for; it was given no plan.`);
  const plans = price !== null && perCall ? [{ type: "per_call", price_usd: price }] : null;
  if (plans) {
    toComplete.push({
      path: `${at}.storage_free_accepted`,
      why: "A paid service of a storage-free agent must say it accepts that nothing of a run is kept (true), or the agent's execution_mode becomes durable.",
    });
  }
  const capability = {
    tool: slug(m.name, "_").slice(0, 64) || `tool_${i + 1}`,
    name: m.name,
    summary,
    category: null,
    ...(tags.length > 0 ? { tags } : {}),
    limitations: null,
    class: null,
    ...(inputSchema ? { input_schema: inputSchema } : {}),
    ...(plans ? { plans, storage_free_accepted: null } : {}),
    ...(example ? { example } : {}),
  };
  return { capability, toComplete, notes };
}

function tagsOf(payload: Registration): { tags: string[]; unknown: string[] } {
  const tags: string[] = [];
  const unknown: string[] = [];
  for (const word of payload.capabilities ?? []) {
    const tag = resolveTag(word);
    if (tag === null) unknown.push(word);
    else if (!tags.includes(tag) && tags.length < MAX_TAGS) tags.push(tag);
  }
  return { tags, unknown };
}

export function a2awireToAgentFile(document: unknown): ForeignConversion {
  const parsed = registrationSchema.safeParse(document);
  if (!parsed.success) return { ok: false, format: "a2awire", problems: problemsOf(parsed.error, document) };
  const payload = parsed.data;
  const name = payload.agent_name?.trim() || payload.display_name?.trim() || null;
  const handle = handleOf(name);
  const price = payload.price_per_call === null || payload.price_per_call === undefined ? null : Number(payload.price_per_call);
  const { tags, unknown } = tagsOf(payload);
  const manifest = payload.capability_manifest ?? [];
  const built = manifest.map((m, i) => capabilityOf(m, i, price, tags));
  const toComplete: ToComplete[] = [];
  const notes: string[] = [];
  if (handle === null) toComplete.push({ path: "agent.handle", why: "The registration gives no agent name to make a handle from." });
  else notes.push(`The handle ${handle} was made from the agent's name; change it if you like before publishing.`);
  if (name === null) toComplete.push({ path: "agent.display_name", why: "The registration gives no agent name." });
  if (!payload.description?.trim()) toComplete.push({ path: "agent.purpose", why: "The registration has no description of the agent." });
  toComplete.push({ path: "adapter.endpoint", why: "A2AWire names no MCP adapter for Explore to call." });
  if (payload.endpoint) notes.push(`The registration's endpoint ${payload.endpoint} receives A2A messages; it is not an MCP adapter, so it was not used.`);
  toComplete.push({ path: "defaults.data", why: "A2AWire says nothing of how inputs and results are kept or used." });
  if (manifest.length === 0) {
    toComplete.push(
      { path: "capabilities[0].tool", why: "The registration has no capability_manifest; name the MCP tool of one service." },
      { path: "capabilities[0].name", why: "The service's name, as people will read it." },
      { path: "capabilities[0].summary", why: "One or two sentences on what this service does." },
      { path: "capabilities[0].category", why: "Explore's category for the service." },
      { path: "capabilities[0].limitations", why: "What the service does not do." },
      { path: "capabilities[0].class", why: "read_only, transformation or external_action." },
    );
  }
  for (const b of built) toComplete.push(...b.toComplete);
  for (const b of built) notes.push(...b.notes);
  if (price !== null) {
    notes.push(`The per-call price of ${price} USDC became a per_call plan of ${price} USD on each service; Explore takes payment through your payment link.`);
    toComplete.push({ path: "payment.link", why: "A per_call plan is paid through your own https payment link (A2AWire's x402 payments are not used)." });
  }
  if (unknown.length > 0) notes.push(`Tags Explore does not know were left out: ${unknown.join(", ")}.`);
  if (payload.contact_uri) notes.push(`The contact ${payload.contact_uri} is not part of agent.json.`);
  if (payload.wallet_address || payload.withdrawal_address) notes.push("Wallet and withdrawal addresses are A2AWire's own; Explore keeps none of them.");
  const capabilities =
    built.length > 0 ? built.map((b) => b.capability) : [{ tool: null, name: null, summary: null, category: null, limitations: null, class: null }];
  const agentFile = {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: name, purpose: payload.description?.trim() || null },
    adapter: { endpoint: null },
    ...(price !== null ? { payment: { link: null } } : {}),
    defaults: { data: { inputs: { retention: null }, results: { retention: null }, used_for_training: null } },
    capabilities,
  };
  return { ok: true, format: "a2awire", agentFile, toComplete, notes };
}
