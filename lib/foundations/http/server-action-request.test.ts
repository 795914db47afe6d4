import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionRequestKind, isDecodableAction, isSameOriginAction, type ActionRequestKind } from "./server-action-request";

// React's own client encoder, as a page's script runs it for an action call.
const { encodeReply } = createRequire(import.meta.url)("next/dist/compiled/react-server-dom-turbopack/client.node.js") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

type Encoded = { contentType: string; body: Uint8Array<ArrayBuffer> };

async function encoded(body: string | FormData): Promise<Encoded> {
  const response = new Response(body);
  return { contentType: response.headers.get("content-type") ?? "", body: new Uint8Array(await response.arrayBuffer()) };
}

async function decodable(kind: ActionRequestKind, body: string | FormData): Promise<boolean> {
  const { contentType, body: bytes } = await encoded(body);
  return isDecodableAction(kind, contentType, bytes);
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("which requests Next takes as server actions", () => {
  it("a POST naming an action, or a multipart form; not URL-encoded posts, other methods or plain posts", () => {
    expect(actionRequestKind("POST", new Headers({ "next-action": "7f00", "content-type": "text/plain;charset=UTF-8" }))).toBe("call");
    expect(actionRequestKind("POST", new Headers({ "content-type": "multipart/form-data; boundary=x" }))).toBe("form");
    expect(actionRequestKind("POST", new Headers({ "next-action": "7f00", "content-type": "application/x-www-form-urlencoded" }))).toBeNull();
    expect(actionRequestKind("GET", new Headers({ "next-action": "7f00" }))).toBeNull();
    expect(actionRequestKind("POST", new Headers({ "content-type": "application/json" }))).toBeNull();
  });
});

describe("an action's origin", () => {
  const headers = (origin: string | null, extra: Record<string, string> = {}) =>
    new Headers({ host: "explore.example", ...(origin === null ? {} : { origin }), ...extra });

  it("passes from the site itself, by Host or the first X-Forwarded-Host, and without an Origin", () => {
    expect(isSameOriginAction(headers("https://explore.example"))).toBe(true);
    expect(isSameOriginAction(headers(null))).toBe(true);
    expect(isSameOriginAction(headers("https://public.example", { "x-forwarded-host": "public.example, inner" }))).toBe(true);
  });

  it("refuses another site, an opaque origin and one that is not a URL", () => {
    for (const origin of ["https://evil.example", "https://explore.example:8443", "null", "not a url", ""])
      expect(isSameOriginAction(headers(origin)), origin).toBe(false);
    expect(isSameOriginAction(headers("https://explore.example", { "x-forwarded-host": "public.example" }))).toBe(false);
  });
});

describe("an action's arguments", () => {
  it("decode as React's client encodes them: plain values, forms with files, shared objects, maps and sets", async () => {
    const data = new FormData();
    data.set("email", "someone@example.com");
    data.set("file", new Blob(["agent.json"]), "agent.json");
    const shared = { handle: "@demo-weather" };
    for (const args of [
      [],
      [{ handle: "@x", big: 1n, at: new Date(0), missing: undefined, price: "$5", far: Infinity, nothing: Number.NaN, zero: -0 }],
      [null, data],
      [{ ok: false, message: "Check the email address.", fieldErrors: { email: ["Enter a valid email address."] } }, data],
      [shared, shared],
      [new Map([["a", 1]]), new Set([1])],
      [["a".repeat(600_000)]],
    ]) {
      expect(
        await decodable("call", await encodeReply(args)),
        JSON.stringify(args, (_, v: unknown) => (typeof v === "bigint" ? String(v) : v)).slice(0, 80),
      ).toBe(true);
    }
  });

  it("refuses what React cannot decode or Next cannot call", async () => {
    for (const text of [
      "",
      "garbage{",
      '["\u0000"]',
      "\uFEFF[]",
      "[".repeat(100_000) + "]".repeat(100_000),
      '["$1"]',
      '["$@1"]',
      '["$h1"]',
      '["$B1"]',
      '["$R1"]',
      '["$nx"]',
      '["$"]',
      '["$zz"]',
      '[{"a":1},"$0:1:b"]',
      '"x"',
      "5",
      "{}",
      JSON.stringify(Array.from({ length: 1001 }, () => 0)),
      `[[${Array.from({ length: 400_000 }, () => "[0]").join(",")}]]`,
      JSON.stringify([["a".repeat(1_100_000), 1]]),
    ]) {
      expect(await decodable("call", text), text.slice(0, 40)).toBe(false);
    }
    const parts: Record<string, string>[] = [{ "1": "[]" }, { "0": "garbage" }, { "0": '["$Q1"]', "1": "garbage" }, { "0": '["$1"]', "1": '["$2"]' }];
    for (const fields of parts) {
      expect(await decodable("call", form(fields)), JSON.stringify(fields)).toBe(false);
    }
    expect(await isDecodableAction("call", "multipart/form-data; boundary=zz", new TextEncoder().encode("garbage"))).toBe(false);
  });

  it("refuses a chain of parts nested deeper than a form's arguments ever are", async () => {
    const chain: Record<string, string> = {};
    for (let i = 0; i < 5000; i++) chain[String(i)] = `["$${(i + 1).toString(16)}"]`;
    chain["5000"] = "[]";
    expect(await decodable("call", form(chain))).toBe(false);
  });

  it("takes references between parts that form a cycle, as React resolves them", async () => {
    expect(await decodable("call", form({ "0": '["$1"]', "1": '{"self":"$1","root":"$0"}' }))).toBe(true);
  });

  it("never throws, whatever the text", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        async (text) => typeof (await decodable("call", text)) === "boolean",
      ),
    );
  });
});

describe("a form posted without JavaScript", () => {
  const id = "7f".padEnd(42, "0");

  it("decodes when each action it refers to carries an id and its bound arguments", async () => {
    expect(await decodable("form", form({ [`$ACTION_ID_${id}`]: "", email: "x" }))).toBe(true);
    expect(await decodable("form", form({ $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id, bound: "$@1" }), "$ACTION_1:1": "[null]", email: "x" }))).toBe(
      true,
    );
    expect(await decodable("form", form({ $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id, bound: null }) }))).toBe(true);
    expect(await decodable("form", form({ name: "a plain form" }))).toBe(true);
  });

  it("refuses metadata or bound arguments that are missing or do not parse", async () => {
    const forms: Record<string, string>[] = [
      { $ACTION_REF_1: "", "$ACTION_1:0": "garbage" },
      { $ACTION_REF_1: "", "$ACTION_1:0": "{}" },
      { $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id, bound: "$@1" }) },
      { $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id, bound: "$@1" }), "$ACTION_1:1": "garbage" },
      { $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id, bound: "$@1" }), "$ACTION_1:1": JSON.stringify(Array.from({ length: 1001 }, () => 0)) },
    ];
    for (const fields of forms) {
      expect(await decodable("form", form(fields)), JSON.stringify(fields).slice(0, 80)).toBe(false);
    }
    expect(await isDecodableAction("form", "multipart/form-data", new TextEncoder().encode("garbage"))).toBe(false);
  });
});
