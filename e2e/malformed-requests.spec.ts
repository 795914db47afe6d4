import fc from "fast-check";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";

// Whatever a client sends — a path segment that does not percent-decode, a router-state header that does not
// parse, a server action's body React cannot decode or from another site, a body that never says how long it
// is — the answer is a refusal in words with the security headers: never a 500, never Next's bare text.

const MB = 1024 * 1024;

type Answer = { status: number; headers: Record<string, string>; body: string };

async function answerOf(response: APIResponse | Response): Promise<Answer> {
  if (response instanceof Response) return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  return { status: response.status(), headers: response.headers(), body: await response.text() };
}

/** A 4xx (or the given status) whose body says what is wrong in a sentence, carrying the security headers. */
function expectRefusalInWords(answer: Answer, where: string, status?: number): void {
  if (status === undefined) {
    expect(answer.status, where).toBeGreaterThanOrEqual(400);
    expect(answer.status, where).toBeLessThan(500);
  } else {
    expect(answer.status, where).toBe(status);
  }
  expectSecurityHeaders(answer, where);
  const type = answer.headers["content-type"] ?? "";
  expect(type, where).toMatch(/^(text\/plain|application\/problem\+json)/);
  const words = type.startsWith("application/problem+json") ? String((JSON.parse(answer.body) as { detail?: unknown }).detail ?? "") : answer.body;
  // A sentence, not Next's "Internal Server Error" / "Bad Request" or an empty body.
  expect(words, where).toMatch(/^[A-Z][^.]*\b[a-z]+ [a-z]+\b.*\.$/s);
  expect(words, where).not.toMatch(/Internal Server Error|stack|at \w+ \(/);
}

function expectSecurityHeaders(answer: Answer, where: string): void {
  expect(answer.headers["x-content-type-options"], where).toBe("nosniff");
  expect(answer.headers["x-frame-options"], where).toBe("DENY");
  expect(answer.headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(answer.headers["permissions-policy"], where).toContain("camera=()");
  expect(answer.headers["content-security-policy"], where).toContain("frame-ancestors 'none'");
}

/** A body sent in chunks, without Content-Length (Transfer-Encoding: chunked). */
function chunkedBody(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(64 * 1024, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
}

async function postChunked(url: string, headers: Record<string, string>, bytes: number): Promise<Answer> {
  const init: RequestInit & { duplex: "half" } = { method: "POST", headers, body: chunkedBody(bytes), duplex: "half" };
  return answerOf(await fetch(url, init));
}

// Every kind of route with a dynamic segment, and the exports under an agent's handle.
const malformedPaths: { method: "GET" | "POST" | "PUT"; path: string }[] = [
  ...[
    "/services/@%ED%A0%80/x",
    "/services/@demo-weather/%FF",
    "/agents/%FF%FE",
    "/requests/%FF",
    "/report/%FF/cap_x",
    "/api/v1/agents/%FF",
    "/api/v1/agents/%FF/agent.json",
    "/api/v1/agents/%FF/agent-card.json",
    "/api/v1/agents/%FF/ga4gh-entry.json",
    "/api/v1/services/@%ED%A0%80/x",
    "/og/services/@%ED%A0%80/x",
    "/badges/%FF/cap_x.svg",
    "/logos/%FF/logo.png",
    "/dashboard/agents/%FF/x",
    "/dashboard/agents/%FF/analytics.csv",
    "/dashboard/agents/%FF/versions",
    "/dashboard/drafts/%FF",
  ].map((path) => ({ method: "GET" as const, path })),
  { method: "POST", path: "/api/webhooks/stripe/%FF" },
  { method: "POST", path: "/api/v1/agents/%FF/a2a" },
  { method: "PUT", path: "/api/v1/agents/%FF/endpoint" },
];

test("a path segment that does not percent-decode is refused in words, problem+json on the API", async ({ request }) => {
  for (const { method, path } of malformedPaths) {
    const answer = await answerOf(await request.fetch(path, { method, maxRedirects: 0 }));
    const where = `${method} ${path}`;
    expectRefusalInWords(answer, where, 400);
    if (path.startsWith("/api/")) expect(answer.headers["content-type"], where).toContain("application/problem+json");
  }
});

// Raw path text: mostly ordinary characters, with escapes that decode to nothing valid.
// Each cannot become a valid escape whatever follows it.
const badEscape = fc.constantFrom("%FF", "%ED%A0%80", "%C0", "%E0%A4%Az", "%z", "%2z", "%G0", "%F0%9F%98z", "%80");
const pathUnit = fc.oneof({ weight: 6, arbitrary: fc.constantFrom("a", "@", "-", "_", "1", "cap_x", "%20", "%40", "é") }, { weight: 2, arbitrary: badEscape });
const malformedSegment = fc
  .tuple(fc.string({ unit: pathUnit, maxLength: 6 }), badEscape, fc.string({ unit: pathUnit, maxLength: 6 }))
  .map((parts) => parts.join(""));
const routeShapes = [
  "/services/{}/x",
  "/services/@demo-weather/{}",
  "/agents/{}",
  "/requests/{}",
  "/api/v1/agents/{}",
  "/api/v1/agents/{}/agent.json",
  "/og/services/{}/x",
  "/dashboard/agents/{}/x",
  "/{}",
];

test("fuzzed path segments: no answer is a 500", async ({ request }) => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...routeShapes), malformedSegment, async (shape, segment) => {
      const path = shape.replace("{}", segment);
      const answer = await answerOf(await request.get(path, { maxRedirects: 0 }));
      expectRefusalInWords(answer, path, 400);
    }),
    { numRuns: 60 },
  );
});

/** A client navigation's request for `path` with this router state; Next first sends the client to the `_rsc` it expects. */
async function navigate(request: APIRequestContext, path: string, tree: string): Promise<Answer> {
  const headers = { RSC: "1", "Next-Router-State-Tree": tree };
  const first = await request.get(path, { headers, maxRedirects: 0 });
  const location = first.headers()["location"];
  if (first.status() !== 307 || !location?.includes("_rsc=")) return answerOf(first);
  return answerOf(await request.get(location, { headers, maxRedirects: 0 }));
}

const validTree = encodeURIComponent(JSON.stringify(["", { children: ["about", { children: ["__PAGE__", {}] }] }]));
const malformedTrees = [
  "garbage",
  "%FF",
  "%5B1%5D",
  encodeURIComponent("{}"),
  encodeURIComponent('["",{"children":5}]'),
  encodeURIComponent('["",{},null,"nonsense"]'),
  encodeURIComponent('[["x","y","not-a-type",null],{}]'),
  encodeURIComponent('["",{},null,null,null,"x","extra"]'),
  "%5B".repeat(3000),
  validTree.slice(0, -3),
];

test("a client navigation with a malformed router-state header is refused in words", async ({ request }) => {
  for (const tree of malformedTrees) {
    const answer = await navigate(request, "/about", tree);
    expectRefusalInWords(answer, `Next-Router-State-Tree: ${tree.slice(0, 60)}`, 400);
  }
  // A well-formed one is still answered.
  const valid = await navigate(request, "/about", validTree);
  expect(valid.status).toBe(200);
  expect(valid.headers["content-type"]).toContain("text/x-component");
});

test("fuzzed router-state headers: no answer is a 500", async ({ request }) => {
  const json = fc.jsonValue({ maxDepth: 4 }).map((value) => encodeURIComponent(JSON.stringify(value)));
  const raw = fc.string({ unit: fc.constantFrom("%", "5B", "5D", "%22", "%7B", "%7D", ",", "x", "%FF", "null", "children"), maxLength: 30 });
  await fc.assert(
    fc.asyncProperty(fc.oneof(json, raw), async (tree) => {
      const answer = await navigate(request, "/about", tree);
      expect(answer.status, tree).toBeLessThan(500);
      expectSecurityHeaders(answer, tree);
    }),
    { numRuns: 40 },
  );
});

test.describe("server actions", () => {
  let actionId = "";
  let origin = "";

  test.beforeAll(async ({ request, baseURL }) => {
    origin = baseURL ?? "";
    // The sign-in form's action, as the page renders it (its id changes with every build).
    const html = await (await request.get("/sign-in")).text();
    actionId = /&quot;id&quot;:&quot;([0-9a-f]{40,})&quot;/.exec(html)?.[1] ?? "";
    expect(actionId, "the sign-in form names its action").not.toBe("");
  });

  function call(request: APIRequestContext, data: string | Buffer, headers: Record<string, string> = {}): Promise<APIResponse> {
    return request.post("/sign-in", {
      data,
      headers: { "Next-Action": actionId, Origin: origin, "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", ...headers },
      maxRedirects: 0,
    });
  }

  test("a well-formed call is still answered by the action", async ({ request }) => {
    const response = await call(request, JSON.stringify([null, { email: "not-an-address" }]));
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Enter a valid email address.");
  });

  test("an action from another site is refused with 403 in words", async ({ request }) => {
    for (const foreign of ["https://evil.example", "null", "http://127.0.0.1:1", "not a url"]) {
      const answer = await answerOf(await call(request, "[]", { Origin: foreign }));
      expectRefusalInWords(answer, `Origin: ${foreign}`, 403);
    }
    // A form posted without JavaScript from another site, too.
    const form = await request.post("/sign-in", {
      multipart: { [`$ACTION_ID_${actionId}`]: "", email: "someone@example.com" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expectRefusalInWords(await answerOf(form), "a form from another site", 403);
  });

  test("an action body React cannot decode is refused with 400 in words", async ({ request }) => {
    const bodies: [string, string | Buffer][] = [
      ["text/plain garbage", "garbage{"],
      ["a raw NUL in a string", '["\u0000"]'],
      ["deep nesting", "[".repeat(100_000) + "]".repeat(100_000)],
      ["a reference to a part that is not there", '["$1"]'],
      ["a server reference", '["$h1"]'],
      ["a bad BigInt", '["$nx"]'],
      ["a root that is not an argument list", '"x"'],
      ["more arguments than Next takes", JSON.stringify(Array.from({ length: 1001 }, () => 0))],
      ["nested arrays past React's limit", `[[${Array.from({ length: 400_000 }, () => "[0]").join(",")}]]`],
      ["a long string in a forked array", JSON.stringify(["a".repeat(1_100_000), 1])],
    ];
    for (const [what, body] of bodies) expectRefusalInWords(await answerOf(await call(request, body)), what, 400);

    const multipart: [string, Record<string, string>][] = [
      ["multipart without its root part", { "1": "[]" }],
      ["multipart with a garbage root", { "0": "garbage" }],
      ["multipart referring to a missing blob", { "0": '["$B1"]' }],
    ];
    for (const [what, fields] of multipart) {
      const response = await request.post("/sign-in", { multipart: fields, headers: { "Next-Action": actionId, Origin: origin }, maxRedirects: 0 });
      expectRefusalInWords(await answerOf(response), what, 400);
    }
    const broken = await request.post("/sign-in", {
      data: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=zz", "Next-Action": actionId, Origin: origin },
    });
    expectRefusalInWords(await answerOf(broken), "a multipart body that does not parse", 400);
    const brokenForm = await request.post("/sign-in", { data: "garbage", headers: { "Content-Type": "multipart/form-data; boundary=zz", Origin: origin } });
    expectRefusalInWords(await answerOf(brokenForm), "a form body that does not parse", 400);
    // A form posted without JavaScript whose bound arguments are missing.
    const unbound = await request.post("/sign-in", {
      multipart: { $ACTION_REF_1: "", "$ACTION_1:0": JSON.stringify({ id: actionId, bound: "$@1" }), email: "x" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expectRefusalInWords(await answerOf(unbound), "a form whose bound arguments are missing", 400);
  });

  test("fuzzed action bodies: no answer is a 500", async ({ request }) => {
    const tags = fc.constantFrom("$", "$$", "$1", "$@1", "$Q1", "$W1", "$h1", "$T", "$K1", "$B1", "$R1", "$nx", "$n1", "$D", "$u", "$zz", "$0:x", "\u0000");
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        tags,
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie("node"), { maxKeys: 3 }),
      ),
    })).node;
    const body = fc.oneof(
      value.map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 40 }),
      fc.array(value, { maxLength: 3 }).map((args) => JSON.stringify(args)),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const answer = await answerOf(await call(request, text));
        expect(answer.status, text).toBeLessThan(500);
        expectSecurityHeaders(answer, text);
      }),
      { numRuns: 60 },
    );
  });

  test("a 3 MB action body sent in chunks is refused with 413 in words", async () => {
    const answer = await postChunked(`${origin}/sign-in`, { "Next-Action": actionId, Origin: origin, "Content-Type": "text/plain;charset=UTF-8" }, 3 * MB);
    expectRefusalInWords(answer, "a chunked action body", 413);
    const form = await postChunked(`${origin}/sign-in`, { Origin: origin, "Content-Type": "multipart/form-data; boundary=zz" }, 3 * MB);
    expectRefusalInWords(form, "a chunked form body", 413);
  });
});

test("a 3 MB Stripe webhook body sent in chunks is refused with 413 in words", async ({ baseURL }) => {
  const answer = await postChunked(
    `${baseURL}/api/webhooks/stripe/@demo-weather`,
    { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
    3 * MB,
  );
  expectRefusalInWords(answer, "a chunked webhook body", 413);
  expect(answer.headers["content-type"]).toContain("application/problem+json");
});
