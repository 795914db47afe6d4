"use client";

import { createContext, use, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { controlClassName, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { classNames } from "@/components/ui/class-names";
import type { JsonValue } from "@/lib/model/agent-file/types";
import { valueAt } from "@/lib/domain/publishing/json-text";
import { SUGGESTION_PREFIX } from "@/lib/domain/publishing/suggestions";

// The editor's form fields. Each names its value by JSON Pointer: it reads it from the document, writes
// an edit back into the text (only that value changes there), and shows the check's errors for it.

export type EditorDoc = {
  /** The document as last parsed (the last valid one while the text has a syntax error). */
  doc: unknown;
  errorsAt: (pointer: string) => string[];
  set: (pointer: string, value: JsonValue | undefined) => void;
  /** The text does not parse: the form shows the last valid document and takes no edits. */
  frozen: boolean;
  /** Confirms Explore's suggestion at a pointer as it stands (absent where nothing can be confirmed). */
  confirm?: (pointer: string) => void;
};

export const EditorContext = createContext<EditorDoc | null>(null);

export function useEditorDoc(): EditorDoc {
  const context = use(EditorContext);
  if (!context) throw new Error("editor fields outside the editor");
  return context;
}

export function fieldId(pointer: string): string {
  return `field${pointer.replace(/[^A-Za-z0-9]/g, "-")}`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a field shows: what the publisher typed while it still means the stored value ("1,", "2." on their
 * way to a list or a number), else the stored value written out (it changed elsewhere: the JSON view).
 */
function useTyped(current: unknown, format: (v: unknown) => string, parse: (t: string) => { ok: true; value: JsonValue | undefined } | { ok: false }) {
  const [typed, setTyped] = useState<string | null>(null);
  const parsed = typed === null ? null : parse(typed);
  const shown = typed !== null && parsed !== null && (!parsed.ok || same(parsed.value, current)) ? typed : format(current);
  return { shown, parsed, setTyped };
}

function Field({
  pointer,
  label,
  help,
  children,
}: {
  pointer: string;
  label: string;
  help?: ReactNode;
  children: (ids: { id: string; describedBy: string; invalid: boolean }) => ReactNode;
}) {
  const { errorsAt, confirm, frozen } = useEditorDoc();
  const id = fieldId(pointer);
  const errors = errorsAt(pointer);
  const suggested = errors.some((e) => e.startsWith(SUGGESTION_PREFIX));
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      {help ? (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      ) : null}
      {children({ id, describedBy: `${id}-help ${id}-error`, invalid: errors.length > 0 })}
      <FieldError id={`${id}-error`} messages={errors} />
      {suggested && confirm ? (
        <p>
          <Button size="sm" variant="secondary" disabled={frozen} onClick={() => confirm(pointer)}>
            Confirm the suggestion<span className="sr-only"> for {label}</span>
          </Button>
        </p>
      ) : null}
    </div>
  );
}

const asText = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? "" : JSON.stringify(v));

export function TextField({
  pointer,
  label,
  help,
  multiline = false,
  optional = false,
  listId,
}: {
  pointer: string;
  label: string;
  help?: ReactNode;
  multiline?: boolean;
  optional?: boolean;
  listId?: string;
}) {
  const { doc, set, frozen } = useEditorDoc();
  const value = asText(valueAt(doc, pointer));
  const change = (text: string) => set(pointer, optional && text === "" ? undefined : text);
  return (
    <Field pointer={pointer} label={label} help={help}>
      {({ id, describedBy, invalid }) =>
        multiline ? (
          <Textarea
            id={id}
            rows={3}
            value={value}
            readOnly={frozen}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => change(e.target.value)}
          />
        ) : (
          <Input
            id={id}
            value={value}
            list={listId}
            readOnly={frozen}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => change(e.target.value)}
          />
        )
      }
    </Field>
  );
}

export function NumberField({ pointer, label, help }: { pointer: string; label: string; help?: ReactNode }) {
  const { doc, set, frozen } = useEditorDoc();
  const current = valueAt(doc, pointer);
  const { shown, setTyped } = useTyped(
    current,
    (v) => (typeof v === "number" ? String(v) : ""),
    (t) => (t.trim() === "" ? { ok: true, value: undefined } : Number.isFinite(Number(t)) ? { ok: true, value: Number(t) } : { ok: false }),
  );
  return (
    <Field pointer={pointer} label={label} help={help}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          inputMode="decimal"
          value={shown}
          readOnly={frozen}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className="max-w-40"
          onChange={(e) => {
            const text = e.target.value;
            setTyped(text);
            if (text.trim() === "") set(pointer, undefined);
            else if (Number.isFinite(Number(text))) set(pointer, Number(text));
          }}
        />
      )}
    </Field>
  );
}

export type Option = { value: string; label: string };

/** A choice; "Not stated" removes the field (or, with `unset: null`, writes null). */
export function SelectField({
  pointer,
  label,
  help,
  options,
  unsetLabel = "Not stated",
}: {
  pointer: string;
  label: string;
  help?: ReactNode;
  options: Option[];
  unsetLabel?: string;
}) {
  const { doc, set, frozen } = useEditorDoc();
  const current = valueAt(doc, pointer);
  const value = typeof current === "string" ? current : typeof current === "boolean" ? String(current) : "";
  return (
    <Field pointer={pointer} label={label} help={help}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={value}
          disabled={frozen}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={classNames(controlClassName, "h-10")}
          onChange={(e) => {
            const v = e.target.value;
            set(pointer, v === "" ? undefined : v === "true" ? true : v === "false" ? false : v);
          }}
        >
          <option value="">{unsetLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function YesNoField({ pointer, label, help, yes = "Yes", no = "No" }: { pointer: string; label: string; help?: ReactNode; yes?: string; no?: string }) {
  return (
    <SelectField
      pointer={pointer}
      label={label}
      help={help}
      options={[
        { value: "true", label: yes },
        { value: "false", label: no },
      ]}
    />
  );
}

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** A list of words, written with commas. */
export function ListField({ pointer, label, help, listId }: { pointer: string; label: string; help?: ReactNode; listId?: string }) {
  const { doc, set, frozen } = useEditorDoc();
  const current = valueAt(doc, pointer);
  const { shown, setTyped } = useTyped(
    current,
    (v) => (Array.isArray(v) ? v.map(asText).join(", ") : ""),
    (t) => ({ ok: true, value: splitList(t).length > 0 ? splitList(t) : undefined }),
  );
  return (
    <Field pointer={pointer} label={label} help={help}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          value={shown}
          list={listId}
          readOnly={frozen}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => {
            setTyped(e.target.value);
            const items = splitList(e.target.value);
            set(pointer, items.length > 0 ? items : undefined);
          }}
        />
      )}
    </Field>
  );
}

/** A JSON value of its own (a schema, an example's input), taken when it parses. */
export function JsonField({ pointer, label, help }: { pointer: string; label: string; help?: ReactNode }) {
  const { doc, set, frozen } = useEditorDoc();
  const current = valueAt(doc, pointer);
  const parse = (t: string): { ok: true; value: JsonValue | undefined } | { ok: false } => {
    if (t.trim() === "") return { ok: true, value: undefined };
    try {
      return { ok: true, value: JSON.parse(t) };
    } catch {
      return { ok: false };
    }
  };
  const { shown, parsed, setTyped } = useTyped(current, (v) => (v === undefined ? "" : JSON.stringify(v, null, 2)), parse);
  const id = fieldId(pointer);
  return (
    <Field pointer={pointer} label={label} help={help}>
      {({ describedBy, invalid }) => (
        <>
          <Textarea
            id={id}
            rows={5}
            value={shown}
            readOnly={frozen}
            spellCheck={false}
            aria-invalid={invalid || parsed?.ok === false}
            aria-describedby={`${describedBy} ${id}-syntax`}
            className="font-mono text-xs"
            onChange={(e) => {
              setTyped(e.target.value);
              const result = parse(e.target.value);
              if (result.ok) set(pointer, result.value);
            }}
          />
          <p id={`${id}-syntax`} aria-live="polite" className="text-sm text-danger">
            {parsed?.ok === false ? "Not valid JSON yet; the document keeps the last valid value." : null}
          </p>
        </>
      )}
    </Field>
  );
}

/** Checkboxes for a list chosen from fixed values. */
export function ChoicesField({ pointer, legend, options }: { pointer: string; legend: string; options: Option[] }) {
  const { doc, set, frozen, errorsAt } = useEditorDoc();
  const current = valueAt(doc, pointer);
  const chosen = new Set(Array.isArray(current) ? current.filter((v): v is string => typeof v === "string") : []);
  const id = fieldId(pointer);
  const errors = errorsAt(pointer);
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${id}-error`}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.has(o.value)}
              disabled={frozen}
              onChange={(e) => {
                const next = options.map((x) => x.value).filter((v) => (v === o.value ? e.target.checked : chosen.has(v)));
                set(pointer, next.length > 0 ? next : undefined);
              }}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} messages={errors} />
    </fieldset>
  );
}
