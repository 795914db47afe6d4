import { z } from "zod";

// The age form's fields. A date of birth is a calendar date (YYYY-MM-DD), not in the future.

export type AgeInput = { dateOfBirth: Date | null; showMature: boolean };

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const NOT_A_DATE = "Enter your date of birth as a date, such as 1990-04-23.";

/** Why the typed date of birth cannot be used, or null when it can. */
function dateOfBirthProblem(raw: string, date: Date, now: Date): string | null {
  if (!isoDate.safeParse(raw).success) return NOT_A_DATE;
  // Date rolls 2001-02-30 into March: a real calendar date reads back as written.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) return "That date does not exist.";
  if (date.getTime() > now.getTime()) return "Your date of birth cannot be in the future.";
  if (date.getUTCFullYear() < 1900) return "Enter a date of birth after 1900.";
  return null;
}

/** The age form's schema; `now` says when "the future" starts (tests pass a fixed clock). */
export function ageFormSchema(now: () => Date = () => new Date()) {
  return z.object({ dateOfBirth: z.string(NOT_A_DATE).optional(), showMature: z.unknown().optional() }).transform((fields, context): AgeInput => {
    const raw = (fields.dateOfBirth ?? "").trim();
    const showMature = fields.showMature === "on";
    if (raw === "") return { dateOfBirth: null, showMature };
    const date = new Date(`${raw}T00:00:00Z`);
    const problem = dateOfBirthProblem(raw, date, now());
    if (problem) {
      context.addIssue({ code: "custom", path: ["dateOfBirth"], message: problem });
      return z.NEVER;
    }
    return { dateOfBirth: date, showMature };
  });
}

export const ageFormInput = ageFormSchema();

/** The date as the date field shows it. */
export function dateFieldValue(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : "";
}
