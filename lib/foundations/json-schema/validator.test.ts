import { describe, expect, it } from "vitest";
import type { RJSFSchema } from "@rjsf/utils";
import { checkOutput } from "@/lib/domain/adapters/output-check";
import { checkArguments } from "@/lib/domain/runs/input-check";
import { checkJsonArguments } from "@/components/run/json-arguments";
import { isFormSchema } from "@/components/run/schema-form";
import { formValidatorFor } from "./form-validator";
import { compileSchema, dialectOf, withoutDialect } from "./validator";

// One JSON Schema setup: the server's checks (run arguments, adapter output), the Run panel's raw-JSON
// check and the generated form's rjsf validator give the same verdicts, in the schema's dialect.

/** The schema as the Run panel hands it to the form (components/run/run-form.tsx). */
function formSchema(schema: object): RJSFSchema {
  if (!isFormSchema(schema)) throw new Error("not a form schema");
  return schema;
}

/** Each path's verdict on `value`: true when valid. */
function verdicts(stored: object, value: Record<string, unknown>) {
  const schema = formSchema(stored);
  const form = formValidatorFor(schema).validateFormData(value, withoutDialect(schema));
  return {
    input: checkArguments(schema, value) === null,
    output: checkOutput(schema, value).ok,
    json: checkJsonArguments(schema, value) === null,
    form: form.errors.length === 0,
  };
}

const allValid = { input: true, output: true, json: true, form: true };
const allInvalid = { input: false, output: false, json: false, form: false };

// 2020-12 only: prefixItems (a tuple), $defs, dependentRequired.
const schema2020 = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: {
    name: { type: "string", minLength: 1 },
    pair: { type: "array", prefixItems: [{ type: "number" }, { $ref: "#/$defs/name" }], items: false },
  },
  properties: { pair: { $ref: "#/$defs/pair" }, card: { type: "string" }, expiry: { type: "string" } },
  dependentRequired: { card: ["expiry"] },
};

// Draft-07 only: definitions, items as a list (a tuple) with additionalItems, dependencies.
const schema07 = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  definitions: { name: { type: "string", minLength: 1 } },
  properties: {
    pair: { type: "array", items: [{ type: "number" }, { $ref: "#/definitions/name" }], additionalItems: false },
    card: { type: "string" },
    expiry: { type: "string" },
  },
  dependencies: { card: ["expiry"] },
};

describe("dialectOf", () => {
  it("reads draft-07 (and 06) only when $schema says so, exactly as the checks did; anything else as 2020-12", () => {
    for (const declared of ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft-07/schema", "http://json-schema.org/draft-06/schema#"]) {
      expect(dialectOf({ $schema: declared }), declared).toBe("draft-07");
    }
    for (const declared of [
      "https://json-schema.org/draft/2020-12/schema",
      "https://json-schema.org/draft/2019-09/schema",
      "http://json-schema.org/draft-04/schema#",
      "draft-07",
    ]) {
      expect(dialectOf({ $schema: declared }), declared).toBe("2020-12");
    }
    expect(dialectOf({ type: "object" })).toBe("2020-12");
    expect(dialectOf({ $schema: 7 })).toBe("2020-12");
  });
});

describe("the same verdicts on the server and in the browser", () => {
  it("2020-12: prefixItems, $defs and dependentRequired", () => {
    expect(verdicts(schema2020, { pair: [1, "a"] })).toEqual(allValid);
    expect(verdicts(schema2020, { pair: [1, "a"], card: "4242", expiry: "12/30" })).toEqual(allValid);
    expect(verdicts(schema2020, { pair: ["a", 1] })).toEqual(allInvalid);
    expect(verdicts(schema2020, { pair: [1, ""] })).toEqual(allInvalid);
    expect(verdicts(schema2020, { pair: [1, "a", true] })).toEqual(allInvalid);
    expect(verdicts(schema2020, { card: "4242" })).toEqual(allInvalid);
  });

  it("draft-07: definitions, items as a list, dependencies", () => {
    expect(verdicts(schema07, { pair: [1, "a"] })).toEqual(allValid);
    expect(verdicts(schema07, { pair: [1, "a"], card: "4242", expiry: "12/30" })).toEqual(allValid);
    expect(verdicts(schema07, { pair: ["a", 1] })).toEqual(allInvalid);
    expect(verdicts(schema07, { pair: [1, ""] })).toEqual(allInvalid);
    expect(verdicts(schema07, { pair: [1, "a", true] })).toEqual(allInvalid);
    expect(verdicts(schema07, { card: "4242" })).toEqual(allInvalid);
  });

  it("reads each keyword in the declared dialect only", () => {
    const tuple = { type: "object", properties: { pair: { $ref: "#/$defs/pair" } }, $defs: { pair: { type: "array", prefixItems: [{ type: "number" }] } } };
    expect(verdicts(tuple, { pair: ["a"] })).toEqual(allInvalid);
    // prefixItems (and $defs) mean nothing to draft-07.
    expect(verdicts({ ...tuple, $schema: "http://json-schema.org/draft-07/schema#" }, { pair: ["a"] })).toEqual(allValid);
    // The list form of items is draft-07's tuple; read as 2020-12 the schema is broken.
    expect(compileSchema(withoutDialect(schema07)).ok).toBe(false);
  });

  it("with the same options: every error at once, formats not checked, multipleOf exact", () => {
    const schema = formSchema({
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "integer" }, email: { type: "string", format: "email" }, step: { type: "number", multipleOf: 0.1 } },
    });
    expect(checkArguments(schema, { a: "x", b: "y" })).toEqual({ "/a": ["must be a whole number"], "/b": ["must be a whole number"] });
    expect(checkJsonArguments(schema, { a: "x", b: "y" })).toEqual({ "/a": ["must be a whole number"], "/b": ["must be a whole number"] });
    expect(
      formValidatorFor(schema)
        .validateFormData({ a: "x", b: "y" }, schema)
        .errors.map((e) => e.property),
    ).toEqual([".a", ".b"]);
    expect(verdicts(schema, { email: "not an address" })).toEqual(allValid);
    expect(verdicts(schema, { step: 0.5 })).toEqual(allValid);
    // 0.3 / 0.1 is not a whole number in floating point: both sides say so, rather than the browser letting it through.
    expect(verdicts(schema, { step: 0.3 })).toEqual(allInvalid);
  });

  it("reads a $schema address Ajv does not know by heart, in its dialect", () => {
    expect(verdicts({ ...schema2020, $schema: "http://json-schema.org/draft/2020-12/schema" }, { pair: ["a", 1] })).toEqual(allInvalid);
    expect(verdicts({ ...schema07, $schema: "https://json-schema.org/draft-07/schema" }, { pair: ["a", 1] })).toEqual(allInvalid);
  });
});

describe("compileSchema", () => {
  it("compiles a schema once, whichever object it arrives in, and caches a broken one's reason", () => {
    const first = compileSchema(schema2020);
    expect(compileSchema(JSON.parse(JSON.stringify(schema2020)))).toBe(first);
    const broken = compileSchema({ type: "no-such-type" });
    expect(broken).toMatchObject({ ok: false, error: expect.stringContaining("type") });
    expect(compileSchema({ type: "no-such-type" })).toBe(broken);
  });

  it("keeps working once the cache has been emptied", () => {
    const before = compileSchema(schema07);
    for (let i = 0; i < 501; i += 1) compileSchema({ type: "object", properties: { [`p${i}`]: { const: i } } });
    const after = compileSchema(schema07);
    expect(after).not.toBe(before);
    expect(after.ok && after.validate({ pair: [1, "a"] })).toBe(true);
    expect(after.ok && after.validate({ pair: ["a", 1] })).toBe(false);
  });
});
