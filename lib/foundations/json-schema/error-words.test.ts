import { describe, expect, it } from "vitest";
import { compileSchema } from "./validator";
import { errorWords } from "./error-words";

function wordsFor(schema: object, value: unknown): string[] {
  const compiled = compileSchema(schema);
  if (!compiled.ok) throw new Error(compiled.error);
  compiled.validate(value);
  return (compiled.validate.errors ?? []).map((e) => errorWords(e));
}

describe("errorWords", () => {
  it("says what is missing and what is allowed, naming the values", () => {
    expect(wordsFor({ type: "object", required: ["value"] }, {})).toEqual(["is required"]);
    expect(wordsFor({ enum: ["price_asc", "price_desc", 3] }, "cheapest")).toEqual(["must be one of: “price_asc”, “price_desc”, 3"]);
    expect(wordsFor({ type: "object", properties: {}, additionalProperties: false }, { colour: 1 })).toEqual(["does not take “colour”"]);
  });

  it("puts types, bounds and lengths in words", () => {
    expect(wordsFor({ type: "integer" }, 1.5)).toEqual(["must be a whole number"]);
    expect(wordsFor({ type: ["string", "null"] }, 1)).toEqual(["must be text or empty"]);
    expect(wordsFor({ minimum: 2, maximum: 9 }, 1)).toEqual(["must be at least 2"]);
    expect(wordsFor({ exclusiveMaximum: 9 }, 9)).toEqual(["must be less than 9"]);
    expect(wordsFor({ minLength: 1 }, "")).toEqual(["must not be empty"]);
    expect(wordsFor({ maxLength: 3 }, "abcd")).toEqual(["must be at most 3 characters long"]);
    expect(wordsFor({ minItems: 1 }, [])).toEqual(["must have at least 1 item"]);
    expect(wordsFor({ pattern: "^[A-Z]{3}$" }, "usd")).toEqual(["is not in the form the service expects"]);
    expect(wordsFor({ const: "F" }, "G")).toEqual(["must be “F”"]);
  });

  it("keeps no validator jargon for the choices of a oneOf", () => {
    const words = wordsFor(
      {
        oneOf: [
          { const: "a", title: "A" },
          { const: "b", title: "B" },
        ],
      },
      "c",
    );
    expect(words).toContain("must be one of the allowed choices");
    expect(words.join(" ")).not.toMatch(/schema|property|equal to/);
  });
});
