import { CAPABILITY_ID_PATTERN, codePointLength, HANDLE_PATTERN, VERSION_PATTERN } from "@/lib/model/agent-file/schema";
import { parentTag, resolveTag, suggestTags } from "@/lib/model/agent-file/tags";
import type { ForeignConversion, ToComplete } from "@/lib/domain/formats/foreign";
import { currentCardSchema, legacyCardSchema, problemsOf, type CurrentCard, type LegacyCard } from "./card-schema";
import { securityWords } from "./security-words";

// An A2A agent card → an agent.json draft (DESIGN.md "Speaking the network's languages"). A card says who
// the agent is and what its skills are; it does not say what agent.json requires of a listing (class,
// limitations, execution mode, data declaration), so those are null in the draft — invalid where they stand,
// so the editor's check names each until it is written — and listed in `toComplete` with why, like every draft.

const MAX_TAGS = 7;
const MAX_SUMMARY = 300;

/** What both card shapes hold, once read. */
type Card = {
  name: string;
  description: string;
  provider: { organization: string; url?: string } | undefined;
  version: string;
  website: string | undefined;
  iconUrl: string | undefined;
  interfaces: { url: string; transport: string }[];
  streaming: boolean;
  pushNotifications: boolean;
  security: string;
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: {
    id: string;
    name: string;
    description: string;
    tags: string[];
    examples: string[];
    inputModes: string[] | undefined;
    outputModes: string[] | undefined;
  }[];
};

function fromLegacy(card: LegacyCard): Card {
  const interfaces = [
    { url: card.url, transport: card.preferredTransport ?? "JSONRPC" },
    ...(card.additionalInterfaces ?? []).filter((i) => i.url !== card.url || i.transport !== (card.preferredTransport ?? "JSONRPC")),
  ];
  return {
    ...shared(card),
    interfaces,
    security: securityWords(
      card.securitySchemes ?? {},
      (card.security ?? []).map((r) => Object.keys(r)),
    ),
  };
}

function fromCurrent(card: CurrentCard): Card {
  return {
    ...shared(card),
    interfaces: card.supportedInterfaces.map((i) => ({ url: i.url, transport: i.protocolBinding })),
    security: securityWords(
      card.securitySchemes ?? {},
      (card.securityRequirements ?? []).map((r) => Object.keys(r.schemes)),
    ),
  };
}

function shared(card: LegacyCard | CurrentCard): Omit<Card, "interfaces" | "security"> {
  return {
    name: card.name,
    description: card.description,
    provider: card.provider,
    version: card.version,
    website: card.provider?.url ?? card.documentationUrl,
    iconUrl: card.iconUrl,
    streaming: card.capabilities?.streaming === true,
    pushNotifications: card.capabilities?.pushNotifications === true,
    defaultInputModes: card.defaultInputModes ?? [],
    defaultOutputModes: card.defaultOutputModes ?? [],
    skills: card.skills.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      tags: s.tags,
      examples: s.examples ?? [],
      inputModes: s.inputModes,
      outputModes: s.outputModes,
    })),
  };
}

function slug(text: string, separator: "-" | "_"): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((word) => word !== "")
    .join(separator);
}

function handleOf(name: string): string | null {
  const handle = `@${slug(name, "-").slice(0, 31).replace(/-+$/u, "")}`;
  return HANDLE_PATTERN.test(handle) ? handle : null;
}

function capabilityIdOf(skillId: string, taken: Set<string>): string {
  const words = slug(skillId, "_").slice(0, 36);
  const base = CAPABILITY_ID_PATTERN.test(skillId) ? skillId : `cap_${words.length >= 2 ? words : `skill_${words}`.replace(/_$/u, "")}`;
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base.slice(0, 40)}_${n}`;
  taken.add(id);
  return id;
}

function truncated(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  const cut = [...text].slice(0, max - 1).join("");
  const atWord = cut.replace(/\s+\S*$/u, "");
  return `${(atWord.length > max / 2 ? atWord : cut).trimEnd()}…`;
}

/** The skill's tags through Explore's vocabulary: canonical slugs (at most 7), and a note for each dropped one. */
function mapTags(tags: readonly string[], at: string, notes: string[]): string[] {
  const kept: string[] = [];
  tags.forEach((word, i) => {
    const tag = resolveTag(word);
    if (tag === null) {
      const near = suggestTags(word, 2);
      notes.push(
        `${at}.tags[${i}] “${word}” is not one of Explore's tags and was dropped${near.length > 0 ? ` (nearest: ${near.map((t) => `#${t}`).join(", ")})` : ""}.`,
      );
    } else if (!kept.includes(tag)) {
      if (kept.length < MAX_TAGS) kept.push(tag);
      else notes.push(`${at}.tags[${i}] “${word}” was dropped: a service has at most ${MAX_TAGS} tags.`);
    }
  });
  return kept;
}

/** The most specific tag makes the category: a sub-category with its parent ("science.math"), else the first tag. */
function categoryOf(tags: readonly string[]): string | undefined {
  for (const tag of tags) {
    const parent = parentTag(tag);
    if (parent !== null) return `${parent}.${tag}`;
  }
  return tags[0];
}

function modesWords(input: readonly string[], output: readonly string[]): string {
  const list = (modes: readonly string[]) => (modes.length > 0 ? modes.join(", ") : "nothing stated");
  return `takes ${list(input)}, answers ${list(output)}`;
}

/** An A2A agent card → an agent.json draft. */
export function a2aCardToAgentFile(card: unknown): ForeignConversion {
  if (typeof card !== "object" || card === null || Array.isArray(card)) {
    return { ok: false, format: "a2a_card", problems: [{ path: "", message: "An A2A agent card is a JSON object." }] };
  }
  const current = "supportedInterfaces" in card;
  if (!current && !("url" in card)) {
    return {
      ok: false,
      format: "a2a_card",
      problems: [{ path: "url", message: "is missing: a card says where the agent listens (url in A2A 0.3, supportedInterfaces in A2A 1.0)" }],
    };
  }
  if (current) {
    const parsed = currentCardSchema.safeParse(card, { reportInput: true });
    return parsed.success ? draftOf(fromCurrent(parsed.data)) : { ok: false, format: "a2a_card", problems: problemsOf(parsed.error) };
  }
  const parsed = legacyCardSchema.safeParse(card, { reportInput: true });
  return parsed.success ? draftOf(fromLegacy(parsed.data)) : { ok: false, format: "a2a_card", problems: problemsOf(parsed.error) };
}

function draftOf(card: Card): ForeignConversion {
  const notes: string[] = [];
  const toComplete: ToComplete[] = [];

  const handle = handleOf(card.name);
  if (handle === null)
    toComplete.push({ path: "agent.handle", why: `the card's name “${card.name}” makes no handle: choose one (@ and 2–31 letters, digits or dashes).` });

  const [preferred, ...others] = card.interfaces;
  if (preferred) {
    notes.push(
      `The card's A2A endpoint is ${preferred.url} (${preferred.transport})${others.length > 0 ? `; also ${others.map((i) => `${i.url} (${i.transport})`).join(", ")}` : ""}. ` +
        "Explore calls services over MCP: the adapter's MCP endpoint goes in adapter.endpoint (or its adapter announces it).",
    );
  }
  notes.push(card.security);
  if (card.provider) notes.push(`Provided by ${card.provider.organization}${card.provider.url ? ` (${card.provider.url})` : ""}.`);
  if (card.streaming) notes.push("The card says it streams answers; Explore shows one answer per run.");
  if (card.pushNotifications) notes.push("The card offers push notifications; Explore does not use them.");
  const version = VERSION_PATTERN.test(card.version) ? card.version : undefined;
  if (!version) notes.push(`The card's version “${card.version}” is not of the form 1.2.3, so the services carry none.`);

  const taken = new Set<string>();
  const capabilities = card.skills.map((skill, i) => {
    const at = `skills[${i}]`;
    const out = `capabilities[${i}]`;
    const tags = mapTags(skill.tags, at, notes);
    const category = categoryOf(tags);
    const summary = truncated(skill.description, MAX_SUMMARY);
    if (summary !== skill.description) notes.push(`${at}.description is longer than a summary's ${MAX_SUMMARY} characters: it was shortened.`);
    notes.push(
      `${at} (${skill.id}) ${modesWords(skill.inputModes ?? card.defaultInputModes, skill.outputModes ?? card.defaultOutputModes)}; its adapter tool's schemas say what Explore sends and shows.`,
    );
    if (skill.examples.length > 1) notes.push(`${at} has ${skill.examples.length} examples: the first became the service's example problem.`);

    if (category === undefined) toComplete.push({ path: `${out}.category`, why: "none of the skill's tags is one of Explore's tags: choose its category." });
    toComplete.push(
      { path: `${out}.class`, why: "A2A does not say whether a skill only reads, transforms, or acts outside: read_only, transformation or external_action." },
      { path: `${out}.limitations`, why: "A2A has no place for what the service cannot do: say it in a sentence or two." },
    );
    return {
      tool: skill.id,
      capability_id: capabilityIdOf(skill.id, taken),
      name: skill.name,
      summary,
      category: category ?? null,
      ...(tags.length > 0 ? { tags } : {}),
      limitations: null,
      class: null,
      ...(version ? { version } : {}),
      ...(skill.examples[0] ? { example: { input: {}, problem: skill.examples[0] } } : {}),
    };
  });
  toComplete.push(
    { path: "execution_mode", why: "A2A does not say whether the agent keeps runs (durable) or nothing at all (storage_free)." },
    { path: "defaults.data", why: "A2A has no data declaration: whether inputs and results are kept, and whether they train models." },
  );
  notes.push("A2A states no price: the services are free without a limit unless you add plans (per call, subscription or pack).");

  const agentFile: Record<string, unknown> = {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: null,
    agent: {
      handle,
      display_name: card.name,
      purpose: card.description,
      ...(card.website ? { website: card.website } : {}),
      ...(card.iconUrl ? { logo: card.iconUrl } : {}),
    },
    adapter: { endpoint: "${ADAPTER_URL}" },
    defaults: { data: { inputs: { retention: null }, results: { retention: null }, used_for_training: null } },
    capabilities,
  };
  return { ok: true, format: "a2a_card", agentFile, toComplete, notes };
}
