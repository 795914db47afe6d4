import { z } from "zod";

// The age form's fields. A date of birth is a calendar date (YYYY-MM-DD), not in the future.

export type AgeInput = { dateOfBirth: Date | null; showMature: boolean };
export type AgeField = "dateOfBirth";
export type AgeFormResult = { ok: true; input: AgeInput } | { ok: false; fieldErrors: Record<AgeField, string[]> };

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export function parseAgeForm(form: FormData, now: Date): AgeFormResult {
  const raw = String(form.get("dateOfBirth") ?? "").trim();
  const showMature = form.get("showMature") === "on";
  if (raw === "") return { ok: true, input: { dateOfBirth: null, showMature } };
  const fail = (message: string): AgeFormResult => ({ ok: false, fieldErrors: { dateOfBirth: [message] } });
  if (!isoDate.safeParse(raw).success) return fail("Enter your date of birth as a date, such as 1990-04-23.");
  const date = new Date(`${raw}T00:00:00Z`);
  // Date rolls 2001-02-30 into March: a real calendar date reads back as written.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) return fail("That date does not exist.");
  if (date.getTime() > now.getTime()) return fail("Your date of birth cannot be in the future.");
  if (date.getUTCFullYear() < 1900) return fail("Enter a date of birth after 1900.");
  return { ok: true, input: { dateOfBirth: date, showMature } };
}

/** The date as the date field shows it. */
export function dateFieldValue(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : "";
}
