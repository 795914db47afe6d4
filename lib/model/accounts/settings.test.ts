import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestUser } from "@/lib/testing/fixtures";
import { saveAgeSettings } from "./settings";
import { fieldErrorsOf } from "@/lib/foundations/action-result";
import { formFields } from "@/lib/foundations/form-fields";
import { ageFormSchema } from "./settings-input";

afterAll(cleanUpTestRows);

const NOW = new Date("2026-03-01T12:00:00Z");
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** The age form as the action's wrapper parses it, with a fixed clock. */
function parseAgeForm(submitted: FormData, now: Date) {
  const parsed = ageFormSchema(() => now).safeParse(formFields(submitted));
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

describe("age settings", () => {
  it("a date of birth that makes the viewer a minor switches 18+ off in the same write", async () => {
    const user = await createTestUser({ dateOfBirth: new Date("1990-01-01"), showMature: true });
    // The form still says 18+ on: the write overrules it.
    const result = await saveAgeSettings(user.id, { dateOfBirth: new Date("2010-06-01"), showMature: true }, NOW);
    expect(result).toEqual({ showMature: false });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { dateOfBirth: true, showMature: true } });
    expect(row).toEqual({ dateOfBirth: new Date("2010-06-01"), showMature: false });
  });

  it("18+ turns on only for an adult today, and off when the date of birth is removed", async () => {
    const user = await createTestUser();
    expect(await saveAgeSettings(user.id, { dateOfBirth: new Date("2008-03-01"), showMature: true }, NOW)).toEqual({ showMature: true });
    expect(await saveAgeSettings(user.id, { dateOfBirth: new Date("2008-03-02"), showMature: true }, NOW)).toEqual({ showMature: false });
    expect(await saveAgeSettings(user.id, { dateOfBirth: null, showMature: true }, NOW)).toEqual({ showMature: false });
  });

  it("parses the form: real past dates only", () => {
    expect(parseAgeForm(form({ dateOfBirth: "1990-04-23", showMature: "on" }), NOW)).toEqual({
      ok: true,
      input: { dateOfBirth: new Date("1990-04-23T00:00:00Z"), showMature: true },
    });
    expect(parseAgeForm(form({ dateOfBirth: "2001-02-30" }), NOW)).toMatchObject({ ok: false, fieldErrors: { dateOfBirth: ["That date does not exist."] } });
    expect(parseAgeForm(form({ dateOfBirth: "2030-01-01" }), NOW)).toEqual({
      ok: false,
      fieldErrors: { dateOfBirth: ["Your date of birth cannot be in the future."] },
    });
    expect(parseAgeForm(form({ dateOfBirth: "23/04/1990" }), NOW)).toEqual({
      ok: false,
      fieldErrors: { dateOfBirth: ["Enter your date of birth as a date, such as 1990-04-23."] },
    });
    expect(parseAgeForm(form({ dateOfBirth: "1899-12-31" }), NOW)).toEqual({ ok: false, fieldErrors: { dateOfBirth: ["Enter a date of birth after 1900."] } });
    expect(parseAgeForm(form({}), NOW)).toEqual({ ok: true, input: { dateOfBirth: null, showMature: false } });
  });
});
