// A tool's class, suggested from its MCP annotations and its name — conservatively, and only ever as a
// suggestion the publisher confirms in the editor. MCP's `readOnlyHint` is the one hint that says a tool
// changes nothing; anything else may change its environment (a knowledge graph's create_entities writes to
// storage with destructiveHint and openWorldHint false), so it is never suggested as a transformation, which
// "changes nothing elsewhere": it is an external action, not offered until its class is confirmed.
import type { CapabilityClass, OutsideAction } from "@/lib/model/agent-file/types";
import type { ToolAnnotations } from "./connected-tools";

export type ClassVerdict = {
  class: CapabilityClass;
  /** False for a tool that may change its environment: not offered until the publisher says so. */
  offered: boolean;
  needsConfirmation: boolean;
  /** An external action's suggested outside action, when its name says it; null: the publisher chooses. */
  outsideAction: OutsideAction | null;
  /** The tool may keep what it is given (it writes somewhere): the agent is not storage-free. */
  writes: boolean;
  why: string;
};

/** The words of a tool's name, split at case changes, underscores, dashes and dots. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/gu, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w !== "");
}

// A read-only tool whose name starts with one of these computes its answer from its input.
const COMPUTING = new Set([
  "convert",
  "calculate",
  "calc",
  "compute",
  "transform",
  "format",
  "encode",
  "decode",
  "hash",
  "parse",
  "validate",
  "translate",
  "count",
  "measure",
  "estimate",
  "score",
  "normalize",
  "summarize",
  "render",
]);

// Verbs that say what an external action does outside, in the order they are tried.
const OUTSIDE: [OutsideAction, ReadonlySet<string>][] = [
  ["send_messages", new Set(["send", "email", "mail", "notify", "message", "post", "publish", "reply", "tweet", "sms", "text", "broadcast"])],
  ["schedule", new Set(["schedule", "book", "reschedule", "remind", "reserve", "cancel"])],
  ["purchase", new Set(["buy", "purchase", "order", "pay", "checkout", "subscribe"])],
  ["submit", new Set(["submit", "apply", "file", "register", "enrol", "enroll"])],
  [
    "records",
    new Set([
      "create",
      "add",
      "update",
      "delete",
      "remove",
      "set",
      "save",
      "write",
      "insert",
      "store",
      "put",
      "upsert",
      "edit",
      "rename",
      "move",
      "append",
      "patch",
      "clear",
      "reset",
      "drop",
      "upload",
      "import",
      "record",
      "log",
      "track",
      "link",
      "tag",
    ]),
  ],
];

function outsideActionOf(words: readonly string[]): OutsideAction | null {
  for (const [action, verbs] of OUTSIDE) if (words.some((w) => verbs.has(w))) return action;
  return null;
}

export function classFromAnnotations(annotations: ToolAnnotations, toolName: string): ClassVerdict {
  const words = nameWords(toolName);
  if (annotations.readOnlyHint === true) {
    const computes = words[0] !== undefined && COMPUTING.has(words[0]);
    return {
      class: computes ? "transformation" : "read_only",
      offered: true,
      needsConfirmation: false,
      outsideAction: null,
      writes: false,
      why: computes
        ? "Its annotations say it changes nothing (readOnlyHint) and its name says it computes: a transformation, if it works from its input alone."
        : "Its annotations say it changes nothing (readOnlyHint): read-only, or a transformation if it only computes from its input.",
    };
  }
  const outsideAction = outsideActionOf(words);
  const stated =
    annotations.readOnlyHint === false
      ? "Its annotations say it may change its environment (readOnlyHint is false)"
      : "Its annotations do not say it is read-only (MCP then assumes it may change its environment)";
  const hints = [
    ...(annotations.destructiveHint === false ? [] : ["it may destroy or overwrite data"]),
    ...(annotations.openWorldHint === false ? ["it works within its own systems"] : ["it may reach outside its own systems"]),
    ...(annotations.idempotentHint === true ? ["repeating it has no further effect"] : []),
  ];
  return {
    class: "external_action",
    offered: false,
    needsConfirmation: true,
    outsideAction,
    writes: true,
    why: `${stated}; ${hints.join(", ")}. An external action${outsideAction ? ` (“${outsideAction}” from its name)` : ""}, not offered until you confirm its class.`,
  };
}
