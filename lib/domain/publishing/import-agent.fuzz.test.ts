import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { listTags } from "@/lib/model/agent-file";
import { cleanUpTestRows, createTestUser } from "@/lib/testing/fixtures";
import { formFields } from "@/lib/foundations/form-fields";
import { formData } from "@/lib/testing/form-data";
import { importAgentFile, type ImportResult } from "./import-agent";
import { importAgentFromForm, importFormInput } from "./import-from-form";

// The import path — parse, validate, normalise, write in one transaction — against a real database, with
// documents built to reach the write: mostly valid, carrying the values that break storage (NUL, lone
// surrogates, a "__proto__" field, huge numbers, very long strings, deep nesting), and sometimes not JSON at all. Whatever
// comes in, the answer is words (never a throw, so never a 500) and the document is stored whole or not
// at all.

const PREFIX = `@fz${Date.now().toString(36)}`;
let serial = 0;
const nextHandle = () => `${PREFIX}-${(serial++).toString(36)}`;

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { startsWith: PREFIX } } });
  await cleanUpTestRows();
});

const slugs = listTags().map((t) => t.slug);

// One unit of a nasty string: what PostgreSQL refuses or mangles, what JSON escapes, and plain letters.
const unit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("a", "b", " ", "é", "中", "😀", "_", ".", "-") },
  { weight: 2, arbitrary: fc.constantFrom("\u0000", "\ud800", "\udfff", "\u2028", "\ufeff", "\\", '"', "\n") },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
);
const text = (min: number, max: number) => fc.string({ unit: fc.constantFrom("a", "b", " ", "é", "😀"), minLength: min, maxLength: max });
// Long clean strings too, of any characters (so they do not compress): an index entry holds ~2.7 KB.
const nasty = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit, minLength: 1, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit, minLength: 2_000, maxLength: 4_000 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 400, maxLength: 3_000 }) },
);
const hugeNumber = fc.oneof(
  fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }),
  fc.constantFrom(-(2 ** 31) - 1, 2 ** 53, 1e20, 1e300, -1e300, 0.00001, 99_999_999.9999, 99_999_999.99995, 100_000_000),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const small = fc.integer({ min: 1, max: 1000 });
const schemaObject = fc.dictionary(text(1, 6), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });

const plan = fc.oneof(
  fc.record({ type: fc.constant("free"), daily_limit: small }, { requiredKeys: ["type"] }),
  fc.record(
    { type: fc.constantFrom("per_call", "subscription", "pack"), price_usd: fc.double({ min: 0, max: 1000, noNaN: true }), calls: small },
    { requiredKeys: ["type"] },
  ),
);

// A valid capability: unique ID, a category and tags that resolve, paid plans allowed in storage-free mode.
const capability = (index: number) =>
  fc
    .record(
      {
        tool: text(1, 12),
        name: text(0, 30),
        summary: text(10, 300),
        category: fc.tuple(fc.constantFrom(...slugs), text(0, 20)).map(([slug, rest]) => `${slug}.${rest}`),
        tags: fc.array(fc.constantFrom(...slugs), { maxLength: 3 }),
        limitations: text(0, 30),
        refreshes: fc.record({ per_execution: small, within_hours: small }),
        max_duration_seconds: fc.integer({ min: 5, max: 3600 }),
        input_schema: schemaObject,
        output_schema: schemaObject,
        example: fc.record({ input: schemaObject, problem: text(0, 20) }, { requiredKeys: ["input"] }),
        plans: fc.array(plan, { maxLength: 2 }),
        version: fc.constantFrom("1.0.0", "2.10.3"),
      },
      { requiredKeys: ["tool", "name", "summary", "category", "limitations"] },
    )
    .map((c) => ({
      ...c,
      capability_id: `cap_c${index}`,
      class: "read_only",
      storage_free_accepted: true,
      plans: c.plans?.map((p, i) => ({ ...p, plan_id: `plan-${i}` })),
    }));

const validDocument = fc.record({
  display_name: text(1, 20),
  purpose: text(1, 40),
  interests: fc.array(text(1, 10), { maxLength: 2 }),
  result_retention_days: small,
  execution_id_retention_days: small,
  terms: fc.record({ text: text(0, 40), url: text(0, 20), version: text(0, 4) }, { requiredKeys: [] }),
  capabilities: fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => capability(i)))),
});

type Doc = { [key: string]: unknown };

function documentFor(handle: string, d: typeof validDocument extends fc.Arbitrary<infer T> ? T : never): Doc {
  return {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "durable",
    agent: { handle, display_name: d.display_name, purpose: d.purpose, interests: d.interests },
    adapter: {
      endpoint: "https://mcp.example.test/ekl",
      result_retention_days: d.result_retention_days,
      execution_id_retention_days: d.execution_id_retention_days,
    },
    terms: d.terms,
    capabilities: d.capabilities,
  };
}

// Where a poisoned value goes: a path into the document; what is not there yet is created on the way.
const stringPaths: string[][] = [
  ["agent", "display_name"],
  ["agent", "purpose"],
  ["adapter", "endpoint"],
  ["terms", "text"],
  ["terms", "version"],
  ["capabilities", "0", "name"],
  ["capabilities", "0", "tool"],
  ["capabilities", "0", "summary"],
  ["capabilities", "0", "category"],
  ["capabilities", "0", "limitations"],
  ["capabilities", "0", "version"],
  ["capabilities", "0", "input_schema", "title"],
  ["capabilities", "0", "plans", "0", "plan_id"],
  ["capabilities", "0", "example", "problem"],
  ["defaults", "plans", "0", "plan_id"],
];
const numberPaths: string[][] = [
  ["adapter", "result_retention_days"],
  ["adapter", "execution_id_retention_days"],
  ["capabilities", "0", "refreshes", "per_execution"],
  ["capabilities", "0", "refreshes", "within_hours"],
  ["capabilities", "0", "max_duration_seconds"],
  ["capabilities", "0", "plans", "0", "daily_limit"],
  ["capabilities", "0", "plans", "0", "price_usd"],
  ["defaults", "plans", "0", "price_usd"],
  ["defaults", "data", "execution_metadata", "retention_days"],
];

/** A copy of the document with `value` at `path`, creating what is missing on the way (lists for indexes). */
function withValueAt(document: Doc, path: readonly string[], value: unknown): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(document));
  let at: unknown = copy;
  path.forEach((segment, i) => {
    if (typeof at !== "object" || at === null) return;
    const following = path[i + 1];
    if (following === undefined) {
      Reflect.set(at, segment, value);
      return;
    }
    let next: unknown = Reflect.get(at, segment);
    if (typeof next !== "object" || next === null) {
      next = /^\d+$/.test(following) ? [] : {};
      Reflect.set(at, segment, next);
    }
    at = next;
  });
  return copy;
}

const poison = fc.oneof(
  fc.tuple(fc.constantFrom(...stringPaths), nasty).map(([path, value]) => ({ path, value })),
  fc.tuple(fc.constantFrom(...numberPaths), hugeNumber).map(([path, value]) => ({ path, value })),
  // Values that pass every rule but are long: an indexed column must still take them.
  fc.tuple(fc.constantFrom(...slugs), nasty).map(([slug, rest]) => ({ path: ["capabilities", "0", "category"], value: `${slug}.${rest}` })),
  nasty.map((planId) => ({ path: ["capabilities", "0", "plans"], value: [{ type: "free", plan_id: planId }] })),
);

// As text: a valid document, or one with a poisoned value; sometimes a value nested thousands deep or
// a number JSON.parse turns into Infinity; sometimes cut short, sometimes not JSON at all.
const documentText = fc.oneof(
  { weight: 3, arbitrary: validDocument.map((d) => (handle: string) => JSON.stringify(documentFor(handle, d))) },
  {
    weight: 5,
    arbitrary: fc.tuple(validDocument, poison).map(
      ([d, { path, value }]) =>
        (handle: string) =>
          JSON.stringify(withValueAt(documentFor(handle, d), path, value)),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(validDocument, fc.integer({ min: 60, max: 20_000 }), fc.constantFrom("[", '{"k":')).map(([d, depth, open]) => (handle: string) => {
      const close = open === "[" ? "]" : "}";
      const inner = `${open.repeat(depth)}1${close.repeat(depth)}`;
      return JSON.stringify(documentFor(handle, d)).replace('"input_schema":{', `"input_schema":{"deep":${inner},`);
    }),
  },
  {
    weight: 1,
    arbitrary: validDocument.map((d) => (handle: string) => JSON.stringify(documentFor(handle, d)).replace(/"version":"[^"]*"/, '"version":1e400')),
  },
  // A field JSON.parse keeps as data but the database client's serialiser would take for the prototype.
  {
    weight: 1,
    arbitrary: fc.tuple(validDocument, fc.constantFrom('"agent":{', '"adapter":{', '"capabilities":[{'), fc.jsonValue({ maxDepth: 2 })).map(
      ([d, at, value]) =>
        (handle: string) =>
          JSON.stringify(documentFor(handle, d)).replace(at, `${at}"__proto__":${JSON.stringify(value)},`),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(validDocument, fc.nat()).map(([d, cut]) => (handle: string) => {
      const whole = JSON.stringify(documentFor(handle, d));
      return whole.slice(0, cut % whole.length);
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit, maxLength: 200 }).map((junk) => () => junk) },
);

async function expectWordsAndAllOrNothing(handle: string, result: ImportResult) {
  if (result.ok) {
    expect(result.handle).toBe(handle);
    expect(await db.agent.count({ where: { handle } })).toBe(1);
    return;
  }
  expect(result.message.length).toBeGreaterThan(0);
  expect(result.errors.every((e) => typeof e.path === "string" && e.message.length > 0)).toBe(true);
  expect(await db.agent.count({ where: { handle } })).toBe(0);
}

describe("the import path, fuzzed against a real database", () => {
  it("answers every document in words and stores it whole or not at all", async () => {
    const owner = await createTestUser();
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(documentText, async (textFor) => {
        const handle = nextHandle();
        const result = await importAgentFile({ text: textFor(handle), ownerId: owner.id, publish: true });
        await expectWordsAndAllOrNothing(handle, result);
        if (result.ok) stored += 1;
      }),
      { numRuns: 250, endOnFailure: true },
    );
    // Not a vacuous pass: a good share of the documents got as far as the database.
    expect(stored).toBeGreaterThan(50);
  }, 60_000);

  it("answers the dashboard form in words, whatever is pasted", async () => {
    const viewer = await createTestUser();
    await fc.assert(
      fc.asyncProperty(documentText, fc.boolean(), async (textFor, publish) => {
        const handle = nextHandle();
        const input = importFormInput.parse(formFields(formData({ text: textFor(handle), ...(publish ? { publish: "on" } : {}) })));
        const state = await importAgentFromForm(viewer, input);
        if (!state.ok) expect(state.message.length).toBeGreaterThan(0);
        else expect(state).toMatchObject({ ok: true, data: { handle } });
      }),
      { numRuns: 60, endOnFailure: true },
    );
  }, 60_000);
});
