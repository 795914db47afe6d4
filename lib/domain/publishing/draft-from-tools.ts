// A draft agent.json from a connected server's tools (the dashboard's "Connect an MCP server").
//
// What the tools say is filled in; what only the publisher can say is left as null, on purpose: null is
// visible in the text, and it is not valid where it stands, so importing the draft is refused — with each
// of those paths named — until the publisher has written it. `toComplete` lists the same paths, with why.
// (Valid-looking placeholder text would import as if it were the publisher's own words.) What Explore
// guesses — each class, outside action, category and tags, and the execution mode — is a `suggestion`:
// the editor shows it awaiting confirmation, and the draft is not published until each is confirmed or changed.
import type { JsonObject, JsonValue } from "@/lib/model/agent-file/types";
import { toPointer } from "@/lib/model/agent-file/errors";
import type { ConnectedTool, ServerInfo } from "./connected-tools";
import type { Suggestion } from "@/lib/domain/publishing/suggestions";
import { suggestTopics } from "./suggest-topics";
import { classFromAnnotations, type ClassVerdict } from "./tool-class";
import { exampleFromSchema } from "./tool-example";

export type ToComplete = { path: string; why: string };

/** What became of one tool, for the publisher to check. */
export type DraftedTool = {
  tool: string;
  capabilityId: string;
  verdict: ClassVerdict;
  category: string | null;
  tags: string[];
  hasExample: boolean;
};

export type Draft = { document: JsonObject; toComplete: ToComplete[]; suggestions: Suggestion[]; tools: DraftedTool[] };

const SUMMARY_MIN = 10;
const SUMMARY_MAX = 300;
const ID_BODY_MAX = 40;

/** "get-sum", "getSum" and "Get Sum" all become get_sum: the part after cap_. */
function idBody(toolName: string): string {
  const body = toolName
    .replace(/([a-z0-9])([A-Z])/gu, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, "_")
    .replace(/^_+|_+$/gu, "")
    .slice(0, ID_BODY_MAX)
    .replace(/_+$/u, "");
  return body.length >= 2 ? body : `tool_${body}`.replace(/_+$/u, "");
}

function uniqueCapabilityId(toolName: string, taken: Set<string>): string {
  const body = idBody(toolName);
  let id = `cap_${body}`;
  for (let n = 2; taken.has(id); n += 1) {
    const suffix = `_${n}`;
    id = `cap_${body.slice(0, ID_BODY_MAX - suffix.length)}${suffix}`;
  }
  taken.add(id);
  return id;
}

function humanName(toolName: string): string {
  const spaced = toolName
    .replace(/([a-z0-9])([A-Z])/gu, "$1 $2")
    .replace(/[_\-.]+/gu, " ")
    .trim();
  return spaced === "" ? toolName : spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The description as a summary: one line, cut at a word to fit; null when it is too short to be one. */
function summaryOf(description: string | null): string | null {
  const text = (description ?? "").replace(/\s+/gu, " ").trim();
  if ([...text].length < SUMMARY_MIN) return null;
  if ([...text].length <= SUMMARY_MAX) return text;
  const cut = [...text].slice(0, SUMMARY_MAX - 1).join("");
  const atWord = cut.slice(0, cut.lastIndexOf(" ") > SUMMARY_MIN ? cut.lastIndexOf(" ") : cut.length);
  return `${atWord}…`;
}

function httpsOrNull(url: string | null): string | null {
  return url !== null && url.startsWith("https://") ? url : null;
}

type Context = { toComplete: ToComplete[]; suggestions: Suggestion[]; ids: Set<string> };

function capabilityFrom(tool: ConnectedTool, index: number, context: Context): { capability: JsonObject; drafted: DraftedTool } {
  const need = (field: string, why: string): null => {
    context.toComplete.push({ path: toPointer(["capabilities", index, field]), why });
    return null;
  };
  const suggest = <T extends JsonValue>(field: string, value: T, why: string): T => {
    context.suggestions.push({ path: toPointer(["capabilities", index, field]), value, why });
    return value;
  };
  const capabilityId = uniqueCapabilityId(tool.name, context.ids);
  const verdict = classFromAnnotations(tool.annotations, tool.name);
  const topics = suggestTopics(tool);
  const example = exampleFromSchema(tool.inputSchema);
  const summary = summaryOf(tool.description);
  const capability: JsonObject = {
    tool: tool.name,
    capability_id: capabilityId,
    name: tool.title ?? tool.annotations.title ?? humanName(tool.name),
    summary:
      summary ??
      need("summary", `The tool's description is missing or under ${SUMMARY_MIN} characters: say what it does in ${SUMMARY_MIN}–${SUMMARY_MAX} characters.`),
    category:
      topics.category === null
        ? need("category", "None of the tool's name words is one of the network's tags: choose a category whose first part is one (e.g. text.analysis).")
        : suggest(
            "category",
            topics.category,
            `A word of the tool's name or title is the tag #${topics.category}; check that it is what the service is about.`,
          ),
    ...(topics.tags.length > 0
      ? { tags: suggest("tags", topics.tags, "Words of the tool's name or title that are tags; keep those that describe the service.") }
      : {}),
    limitations: need("limitations", "What the service does not do, in your words: the tools cannot say."),
    class: suggest("class", verdict.class, verdict.why),
  };
  if (verdict.class === "external_action") {
    capability.outside_action =
      verdict.outsideAction === null
        ? need(
            "outside_action",
            "An external action says what it does outside the network: send_messages, schedule, records, submit or purchase. (If it is not an external action, change class and remove this.)",
          )
        : suggest("outside_action", verdict.outsideAction, `The tool's name says what it does outside: ${verdict.outsideAction}.`);
  }
  capability.input_schema = tool.inputSchema;
  capability.output_schema =
    tool.outputSchema ??
    need("output_schema", "The tool declares no output schema, and agent.json needs one then: write the JSON Schema of its structured result.");
  if (example !== null) capability.example = { input: example, origin: "schema" };
  if (!verdict.offered) capability.offered = false;
  if (verdict.needsConfirmation) capability.needs_confirmation = true;
  return {
    capability,
    drafted: { tool: tool.name, capabilityId, verdict, category: topics.category, tags: topics.tags, hasExample: example !== null },
  };
}

/** The draft agent.json for these tools at `endpoint`, and the paths only the publisher can fill. */
export function draftFromTools(tools: readonly ConnectedTool[], { endpoint, serverInfo }: { endpoint: string; serverInfo: ServerInfo }): Draft {
  const toComplete: ToComplete[] = [];
  const need = (path: (string | number)[], why: string): null => {
    toComplete.push({ path: toPointer(path), why });
    return null;
  };
  const website = httpsOrNull(serverInfo.websiteUrl);
  const agent: JsonObject = {
    handle: need(["agent", "handle"], "Your agent's handle on the network: @ followed by 2–31 lowercase letters, digits or dashes."),
    display_name: serverInfo.title ?? serverInfo.name,
    purpose: serverInfo.description ?? need(["agent", "purpose"], "What the agent does, in a sentence: the server does not describe itself."),
    ...(website === null ? {} : { website }),
  };
  // The data declaration is the publisher's promise; no tool can make it. The three parts people's data rules
  // match first are asked for; `data_declared: false` instead says so openly.
  const data: { [key: string]: JsonValue } = {
    inputs: { retention: need(["defaults", "data", "inputs", "retention"], "Whether the adapter keeps call inputs: none or retained (with days).") },
    results: { retention: need(["defaults", "data", "results", "retention"], "Whether the adapter keeps results: none or retained (with days).") },
    used_for_training: need(["defaults", "data", "used_for_training"], "Whether inputs or results train models: true or false."),
  };
  const context: Context = { toComplete, suggestions: [], ids: new Set() };
  const drafted = tools.map((tool, index) => capabilityFrom(tool, index, context));
  if (drafted.length === 0) need(["capabilities"], "The server lists no tools: an agent offers at least one capability.");
  // A server with a tool that may write keeps something: it is drafted durable, never storage-free on a guess.
  const writers = tools.filter((tool) => classFromAnnotations(tool.annotations, tool.name).writes).map((tool) => tool.name);
  const executionMode: Suggestion =
    writers.length > 0
      ? {
          path: "/execution_mode",
          value: "durable",
          why: `${writers.slice(0, 5).join(", ")}${writers.length > 5 ? ` and ${writers.length - 5} more` : ""} may change what the server keeps, so the agent is not storage-free unless you know it keeps nothing.`,
        }
      : {
          path: "/execution_mode",
          value: "storage_free",
          why: "Every tool says it changes nothing (readOnlyHint); storage-free only if the adapter also keeps no inputs, results or logs of them.",
        };
  const document: JsonObject = {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: executionMode.value,
    agent,
    adapter: { endpoint },
    defaults: { data },
    capabilities: drafted.map((d) => d.capability),
  };
  return { document, toComplete, suggestions: [executionMode, ...context.suggestions], tools: drafted.map((d) => d.drafted) };
}
