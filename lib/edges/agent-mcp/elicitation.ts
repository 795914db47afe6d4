import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { env } from "@/lib/foundations/env";

// Asking a person through the agent's client (MCP elicitation) on endpoints that keep no sessions:
// - Whether the client can ask: it says so only in `initialize`, and every request here gets a server of its own.
//   So the answer to an initialize that declares elicitation, with a token, carries an Mcp-Session-Id that records
//   it: a nonce and an HMAC over it and the token's id. The client sends it back on every later request; nothing is
//   stored, and it means nothing with another token.
// - The question goes out on the event stream of the tools/call that needs it, under an id no other request
//   uses; the client POSTs its answer as a new request, which this process takes (takeAnswer) before any server
//   sees it. The answer must reach the process that asked: behind several instances the load balancer routes by
//   Mcp-Session-Id (deploy/varnish/explore.vcl). An answer that does not come in time leaves the action unrun.

// env.ts refuses to serve production without AUTH_SECRET; development and tests run without one.
const DEVELOPMENT_SECRET = "explore-development-secret-not-for-production-use";
const PREFIX = "mcpel_";

function mac(nonce: string, tokenId: string): string {
  return createHmac("sha256", env.AUTH_SECRET ?? DEVELOPMENT_SECRET)
    .update(`mcp-elicitation:${nonce}:${tokenId}`)
    .digest("base64url");
}

/** The Mcp-Session-Id that tells later requests of this token's client that it can ask its person. */
export function elicitingSessionId(tokenId: string): string {
  const nonce = randomBytes(12).toString("base64url");
  return `${PREFIX}${nonce}.${mac(nonce, tokenId)}`;
}

/** Whether a request's Mcp-Session-Id says its client, with this token, declared elicitation. */
export function sessionCanAsk(sessionId: string | null, tokenId: string): boolean {
  if (!sessionId?.startsWith(PREFIX) || sessionId.length > 200) return false;
  const [nonce, sent] = sessionId.slice(PREFIX.length).split(".");
  if (!nonce || !sent) return false;
  const expected = Buffer.from(mac(nonce, tokenId));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether an initialize request declares the elicitation capability (form mode: `{}` or `{form: …}`). */
export function declaresElicitation(message: unknown): boolean {
  if (!isObject(message) || message.method !== "initialize" || !isObject(message.params)) return false;
  const capabilities = message.params.capabilities;
  return (
    isObject(capabilities) &&
    isObject(capabilities.elicitation) &&
    (Object.keys(capabilities.elicitation).length === 0 || isObject(capabilities.elicitation.form))
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A person's answer to a yes-or-no question: yes, or why not in words. */
export type Confirmation = { confirmed: true } | { confirmed: false; message: string };

/** Asks the person behind the agent's client to confirm; what a tool that may act outside Explore calls. */
export type AskPerson = (question: string) => Promise<Confirmation>;

type Waiting = { tokenId: string; settle: (answer: unknown) => void };
const KEY = Symbol.for("explore.mcp.elicitations");
function waiting(): Map<string, Waiting> {
  const holder = globalThis as { [KEY]?: Map<string, Waiting> };
  return (holder[KEY] ??= new Map());
}

/** How long a question waits for its person: the tools/call's stream stays open meanwhile. */
export const CONFIRM_WITHIN_MS = 5 * 60_000;

const CONFIRM_SCHEMA = {
  type: "object",
  properties: { confirm: { type: "boolean", title: "Run it", description: "Yes: run it now. No: nothing is run." } },
  required: ["confirm"],
} as const;

/**
 * Sends the question with `send` (onto the tools/call's event stream) and waits for the person's answer, at most
 * `withinMs`. Declined, cancelled, unanswered or not a yes: not confirmed, in words.
 */
export async function askOverStream(
  send: (message: object) => Promise<void>,
  tokenId: string,
  question: string,
  withinMs = CONFIRM_WITHIN_MS,
): Promise<Confirmation> {
  const id = `explore-confirm-${randomBytes(16).toString("hex")}`;
  const answered = new Promise<unknown>((settle) => waiting().set(id, { tokenId, settle }));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), withinMs)));
  try {
    await send({ jsonrpc: "2.0", id, method: "elicitation/create", params: { message: question, requestedSchema: CONFIRM_SCHEMA } });
    const answer = await Promise.race([answered, late]);
    if (answer === "late") return { confirmed: false, message: `Not run: nobody confirmed it within ${withinMs / 60_000} minutes.` };
    const result = ElicitResultSchema.safeParse(answer);
    if (!result.success) return { confirmed: false, message: "Not run: the client's answer to the confirmation was not one MCP defines." };
    if (result.data.action === "accept" && result.data.content?.confirm === true) return { confirmed: true };
    return { confirmed: false, message: result.data.action === "cancel" ? "Not run: the confirmation was dismissed." : "Not run: the person declined." };
  } finally {
    clearTimeout(timer);
    waiting().delete(id);
  }
}

/**
 * Takes a POSTed JSON-RPC answer to a question this process asked for this token; true when it was one (the
 * request is then answered 202 with nothing more). An error answer settles the question as not confirmed.
 */
export function takeAnswer(message: unknown, tokenId: string): boolean {
  if (!isObject(message) || "method" in message || typeof message.id !== "string") return false;
  const asked = waiting().get(message.id);
  if (!asked || asked.tokenId !== tokenId) return false;
  asked.settle("result" in message ? message.result : null);
  return true;
}
