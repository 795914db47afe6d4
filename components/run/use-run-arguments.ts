"use client";

import { useRef, useState } from "react";
import type { RunPanelInfo } from "@/lib/domain/runs/queries";
import type { RunFormResult } from "@/lib/domain/runs/run-form-state";
import type { FieldErrors } from "@/lib/domain/runs/run-types";
import { parseJsonArguments, pretty, withoutFields } from "./arguments-text";
import { isFormSchema, type FormValues, type SchemaFormHandle } from "./schema-form-types";

// The run's arguments as the person edits them, in the generated form or as raw JSON, and their errors:
// the browser's own check, or the last run's until the person edits again.

/** `done` is the last run's answer, whose field errors show beside the arguments. */
export function useRunArguments(info: RunPanelInfo, done: RunFormResult | null) {
  const schema = info.inputSchema !== null && isFormSchema(info.inputSchema) ? info.inputSchema : null;
  const example: FormValues = withoutFields(info.exampleInput ?? {}, info.filledArguments);
  const [mode, setMode] = useState<"form" | "json">(schema ? "form" : "json");
  const [formData, setFormData] = useState<FormValues>(example);
  const [jsonText, setJsonText] = useState(() => pretty(example));
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const formRef = useRef<SchemaFormHandle>(null);
  // Server errors show until the person edits again.
  const [serverErrorsShown, setServerErrorsShown] = useState(true);
  const serverErrors = done && !done.ok && serverErrorsShown ? done.fieldErrors : undefined;
  const errors = clientErrors ?? serverErrors ?? null;

  function edited() {
    setClientErrors(null);
    setServerErrorsShown(false);
  }

  /** The arguments as they stand, checked in the browser; null (with errors shown) when they are not valid. */
  async function currentArguments(): Promise<FormValues | null> {
    if (mode === "form") {
      setClientErrors(null);
      const valid = formRef.current?.validateForm() ?? true;
      return valid ? withoutFields(formData, info.filledArguments) : null;
    }
    const parsed = parseJsonArguments(jsonText);
    if (!parsed.ok) {
      setClientErrors(parsed.errors);
      return null;
    }
    const value = withoutFields(parsed.value, info.filledArguments);
    // Ajv comes with the check, loaded only when someone runs raw JSON (the first load stays small).
    const { checkJsonArguments } = await import("./json-arguments");
    // Explore fills some fields itself; errors about them are not the person's to fix.
    const problems = Object.entries(checkJsonArguments(schema, value) ?? {}).filter(([path]) => !info.filledArguments.some((n) => path === `/${n}`));
    if (problems.length > 0) {
      setClientErrors(Object.fromEntries(problems));
      return null;
    }
    setClientErrors(null);
    return value;
  }

  function switchMode() {
    if (mode === "form") {
      setJsonText(pretty(formData));
      setClientErrors(null);
      setMode("json");
      return;
    }
    const parsed = parseJsonArguments(jsonText);
    if (!parsed.ok) {
      setClientErrors(parsed.errors);
      return;
    }
    setFormData(parsed.value);
    setClientErrors(null);
    setMode("form");
  }

  function resetToExample() {
    setFormData(example);
    setJsonText(pretty(example));
    edited();
  }

  function changeForm(data: FormValues) {
    setFormData(data);
    if (serverErrorsShown) setServerErrorsShown(false);
  }

  function changeJson(text: string) {
    setJsonText(text);
    edited();
  }

  /** A new run's answer brings its own server errors. */
  function showServerErrors() {
    setServerErrorsShown(true);
  }

  return {
    schema,
    example,
    mode,
    formData,
    jsonText,
    formRef,
    serverErrors,
    errors,
    currentArguments,
    switchMode,
    resetToExample,
    changeForm,
    changeJson,
    showServerErrors,
  };
}

export type RunArguments = ReturnType<typeof useRunArguments>;
