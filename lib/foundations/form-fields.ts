// A submitted form as the plain object a zod schema parses (no server code: tests and the browser use it too).

/** A form's fields: one value per name, or a list when the name was sent more than once (checkboxes). */
export type FormFields = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

export function formFields(form: FormData): FormFields {
  const fields: FormFields = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    const [only] = values;
    fields[name] = values.length === 1 && only !== undefined ? only : values;
  }
  return fields;
}

/** A text field as sent, or "" (for words needed before the input is parsed, such as a return path). */
export function submittedText(submitted: unknown, name: string): string {
  if (typeof submitted !== "object" || submitted === null || !(name in submitted)) return "";
  const value: unknown = Reflect.get(submitted, name);
  return typeof value === "string" ? value : "";
}
