import type { z } from "zod";

// What every server action answers (CONVENTIONS.md 5): expected failures are values, in words. Plain and
// serialisable, and free of server code, so client forms import the types and `initialResult`.

/** Problems per field: keyed by the field's name (or an argument's JSON path), "" for the whole form. */
export type FieldErrors = Record<string, string[]>;

export type ActionSuccess<T> = { ok: true; data: T; message?: string };

/** `details` carries what the form needs besides the words, such as what was typed, so it is kept. */
export type ActionFailure<F = never> = { ok: false; message: string; fieldErrors?: FieldErrors; details?: F };

export type ActionResult<T = undefined, F = never> = ActionSuccess<T> | ActionFailure<F>;

/** useActionState's starting value: nothing has been submitted yet. */
export const initialResult = null;

export function ok(): ActionSuccess<undefined>;
export function ok<T>(data: T, message?: string): ActionSuccess<T>;
export function ok<T>(data?: T, message?: string): ActionSuccess<T | undefined> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

/** A success that is only words ("Saved."). */
export function okMessage(message: string): ActionSuccess<undefined> {
  return { ok: true, data: undefined, message };
}

export function fail<F = never>(message: string, fieldErrors?: FieldErrors, details?: F): ActionFailure<F> {
  return {
    ok: false,
    message,
    ...(fieldErrors && Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    ...(details === undefined ? {} : { details }),
  };
}

/** A zod error's issues grouped by field ("a.b" for nested paths, "" for the whole input), each message once. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** Input that did not parse: a summary, and each problem next to its field. */
export function invalid(error: z.ZodError, message = "Check the highlighted fields."): ActionFailure<never> {
  return fail(message, fieldErrorsOf(error));
}

const kinds: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "yes or no",
  array: "a list",
  object: "a set of fields",
  file: "a file",
  date: "a date",
};

function countOf(n: number | bigint, one: string, many: string): string {
  return `${n} ${Number(n) === 1 ? one : many}`;
}

/**
 * Words for zod's own issues, for parsing what a form or client sent. Schemas' own messages come first
 * (zod consults this only for issues without one), so this covers what nobody worded.
 */
export function plainEnglish(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "This is required." : `This must be ${kinds[issue.expected] ?? "another kind of value"}.`;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? "This is required." : `Use at least ${countOf(issue.minimum, "character", "characters")}.`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at least ${issue.minimum}.`;
      return `This must be at least ${issue.minimum}.`;
    case "too_big":
      if (issue.origin === "string") return `Use at most ${countOf(issue.maximum, "character", "characters")}.`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at most ${issue.maximum}.`;
      if (issue.origin === "file") return `The file is too large (at most ${issue.maximum} bytes).`;
      return `This must be at most ${issue.maximum}.`;
    case "invalid_format":
      if (issue.format === "email") return "Enter an email address like name@example.com.";
      if (issue.format === "url") return "Enter a web address like https://example.com.";
      if (issue.format === "uuid" || issue.format === "guid") return "This is not a valid ID.";
      return "This is not in the expected form.";
    case "invalid_value":
      return "Choose one of the options.";
    case "not_multiple_of":
      return `This must be a multiple of ${issue.divisor}.`;
    case "unrecognized_keys":
      return `Unexpected ${issue.keys.length === 1 ? "field" : "fields"}: ${issue.keys.join(", ")}.`;
    default:
      return "This is not valid.";
  }
}
