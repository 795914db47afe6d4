// What proxy.ts checks of a request Next's action handler will take up, before it does: Next answers a foreign
// Origin, and arguments React cannot decode, with a 500 (next/dist/server/app-render/action-handler.js), and no
// code of Explore's runs before that to answer in words. The rules mirror Next's and React's reply decoder
// (react-server-dom's decodeReply), narrowed to the encodings Explore's own forms and calls produce.

/** A POST naming an action (a call from a page's script), or a multipart form (an action posted without JavaScript). */
export type ActionRequestKind = "call" | "form";

export function actionRequestKind(method: string, headers: Headers): ActionRequestKind | null {
  if (method !== "POST") return null;
  const contentType = headers.get("content-type");
  // Next leaves URL-encoded posts alone (it has no such actions).
  if (contentType === "application/x-www-form-urlencoded") return null;
  if (headers.has("next-action")) return "call";
  return contentType?.startsWith("multipart/form-data") ? "form" : null;
}

/**
 * Next's rule against cross-site actions: the Origin's host must be the X-Forwarded-Host's (its first) or else
 * the Host's. A request without an Origin passes, as in Next: no browser sends a form without one.
 */
export function isSameOriginAction(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  return originHost !== "" && originHost === host;
}

// React revives a reply recursively: far deeper than any form's arguments, far shallower than the stack.
const MAX_DEPTH = 64;
// React's arraySizeLimit (slots of nested arrays and their strings) and Next's limit on arguments, bound or sent.
const ARRAY_SLOTS_LIMIT = 1_000_000;
const MAX_ARGUMENTS = 1000;

const INVALID = Symbol("invalid");
type ArrayContext = { slots: number; fork: boolean };

/** The parts of one encoded reply: `${prefix}${id}` holds chunk `id`'s JSON text. */
class Reply {
  private readonly chunks = new Map<number, unknown>();

  constructor(private readonly part: (id: number) => string | undefined) {}

  /** Chunk `id`'s JSON, checked with every chunk it refers to; INVALID when React could not revive it. */
  chunk(id: number, depth = 0): unknown {
    if (this.chunks.has(id)) return this.chunks.get(id);
    const text = this.part(id);
    if (text === undefined) return INVALID;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return INVALID;
    }
    // Set before the walk: chunks may refer to each other in a cycle, which React resolves.
    this.chunks.set(id, value);
    const context: ArrayContext = { slots: 0, fork: false };
    if (!this.revivable(value, depth, context) || tooManySlots(context)) this.chunks.set(id, INVALID);
    return this.chunks.get(id);
  }

  private revivable(value: unknown, depth: number, context: ArrayContext | null): boolean {
    if (depth > MAX_DEPTH) return false;
    if (typeof value === "string") {
      if (context) context.slots += value.length;
      return !value.startsWith("$") || this.revivableTag(value, depth);
    }
    if (Array.isArray(value)) {
      // Arrays nested directly in arrays share their root's count; an object starts afresh.
      const shared = context ?? { slots: 0, fork: false };
      if (value.length > 1) shared.fork = true;
      shared.slots += value.length + 1;
      if (tooManySlots(shared)) return false;
      return value.every((item: unknown) => this.revivable(item, depth + 1, shared)) && !tooManySlots(shared);
    }
    if (typeof value === "object" && value !== null) return Object.values(value).every((item: unknown) => this.revivable(item, depth + 1, null));
    return true;
  }

  // Depth runs on through the chunks a value refers to: a chain of parts nests as deep as React resolves it.
  private revivableTag(value: string, depth: number): boolean {
    const tag = value[1];
    switch (tag) {
      // An escaped "$", undefined, ±Infinity, -0, NaN, a date, an opaque client value, a FormData's entries.
      case "$":
      case "u":
      case "I":
      case "-":
      case "N":
      case "D":
      case "T":
      case "K":
        return true;
      case "n":
        return /^-?\d{1,300}$/.test(value.slice(2));
      // A promise, a Map, a Set, an iterator: the chunk they are made of must be there.
      case "@":
      case "Q":
      case "W":
      case "i":
        return /^[0-9a-f]+$/i.test(value.slice(2)) && this.chunk(Number.parseInt(value.slice(2), 16), depth + 1) !== INVALID;
      case undefined:
        return false;
      default:
        // Server functions, blobs, typed arrays and streams are never an argument Explore takes: refused.
        if (/^[hBAOoUSsLlGgMmVRrXx]$/.test(tag)) return false;
        return this.resolvable(value.slice(1), depth);
    }
  }

  /** A reference to another chunk, or to a value inside one: `1`, `0:2:name`. */
  private resolvable(reference: string, depth: number): boolean {
    const [id = "", ...path] = reference.split(":");
    if (!/^[0-9a-f]+$/i.test(id)) return false;
    let target = this.chunk(Number.parseInt(id, 16), depth + 1);
    for (const key of path) {
      if (typeof target !== "object" || target === null || !Object.hasOwn(target, key)) return false;
      target = Reflect.get(target, key);
    }
    return target !== INVALID;
  }
}

function tooManySlots(context: ArrayContext): boolean {
  return context.fork && context.slots > ARRAY_SLOTS_LIMIT;
}

function argumentList(value: unknown): boolean {
  return Array.isArray(value) && value.length <= MAX_ARGUMENTS;
}

/** A call's arguments: chunk 0 is the list, as JSON text or a multipart part named "0". */
function decodableCall(part: (name: string) => string | undefined): boolean {
  return argumentList(new Reply((id) => part(String(id))).chunk(0));
}

/** A form posted without JavaScript: each action it names by reference carries its id and bound arguments. */
function decodableForm(form: FormData): boolean {
  for (const name of form.keys()) {
    const ref = /^\$ACTION_REF_(.*)$/.exec(name)?.[1];
    if (ref === undefined) continue;
    const prefix = `$ACTION_${ref}:`;
    const reply = new Reply((id) => textField(form, `${prefix}${id}`));
    const metadata = reply.chunk(0);
    if (typeof metadata !== "object" || metadata === null || typeof Reflect.get(metadata, "id") !== "string") return false;
    const bound: unknown = Reflect.get(metadata, "bound");
    if (typeof bound === "string" && bound.startsWith("$@") && !argumentList(reply.chunk(Number.parseInt(bound.slice(2), 16)))) return false;
  }
  return true;
}

function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** Whether Next and React can decode this action request's body into arguments, as Explore's pages encode them. */
export async function isDecodableAction(kind: ActionRequestKind, contentType: string | null, body: Uint8Array<ArrayBuffer>): Promise<boolean> {
  if (!contentType?.startsWith("multipart/form-data")) {
    // Next reads a call's text as UTF-8, replacing what is not, and keeps a byte-order mark (which JSON refuses).
    return kind === "call" && decodableCall((name) => (name === "0" ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(body) : undefined));
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return false;
  }
  return kind === "call" ? decodableCall((name) => textField(form, name)) : decodableForm(form);
}
