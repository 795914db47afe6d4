"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { initialResult } from "@/lib/foundations/action-result";
import { saveDataRulesAction } from "@/lib/domain/data-rules/actions";
import { DATA_CLASSES } from "@/lib/model/agent-file/types";
import { regionsFieldValue } from "@/lib/domain/data-rules/form";
import { PRESETS, PRESET_NAMES, type DataRules } from "@/lib/domain/data-rules/rules";

const classWords: Record<(typeof DATA_CLASSES)[number], string> = {
  public: "Public",
  internal: "Internal",
  confidential: "Confidential",
  personal: "Personal data",
  special_category: "Special-category personal data (health, beliefs…)",
};

function RetentionField({
  name,
  legend,
  maxDays,
  errors,
}: {
  name: "inputs" | "results";
  legend: string;
  maxDays: number | null;
  errors?: string[] | undefined;
}) {
  const choice = maxDays === null ? "any" : maxDays === 0 ? "none" : "days";
  const errorId = `rules-${name}-error`;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name={name} value="any" defaultChecked={choice === "any"} /> No rule
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} value="none" defaultChecked={choice === "none"} /> Not retained
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} value="days" defaultChecked={choice === "days"} /> Retained at most
        </label>
        <Label htmlFor={`rules-${name}-days`} className="sr-only">
          {legend}: days
        </Label>
        <Input
          id={`rules-${name}-days`}
          name={`${name}Days`}
          type="number"
          min={1}
          max={3650}
          defaultValue={choice === "days" && maxDays !== null ? String(maxDays) : ""}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errorId}
          className="w-24"
        />
        <span>days</span>
      </div>
      <FieldError id={errorId} messages={errors} />
    </fieldset>
  );
}

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} className="h-4 w-4" /> {label}
    </label>
  );
}

/** The data-rules editor: presets (one click replaces the rules) and custom rules. */
export function SettingsDataRulesForm({ rules, rulesKey }: { rules: DataRules; rulesKey: string }) {
  const [result, action, pending] = useActionState(saveDataRulesAction, initialResult);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <form action={action} className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium">Presets</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PRESET_NAMES.map((name) => (
            <Button key={name} type="submit" name="preset" value={name} variant="secondary" size="sm" aria-describedby={`preset-${name}-about`}>
              {PRESETS[name].label}
            </Button>
          ))}
          <Button type="submit" name="preset" value="clear" variant="ghost" size="sm">
            Clear all rules
          </Button>
        </div>
        <ul className="mt-2 space-y-1 text-sm text-muted-foreground">
          {PRESET_NAMES.map((name) => (
            <li key={name} id={`preset-${name}-about`}>
              {PRESETS[name].label}: {PRESETS[name].description}
            </li>
          ))}
        </ul>
      </fieldset>
      <div key={rulesKey} className="space-y-5">
        <fieldset aria-describedby="rules-dataClasses-error">
          <legend className="text-sm font-medium">Data I will send (the service must accept all of them)</legend>
          <div className="mt-1 flex flex-col gap-1">
            {DATA_CLASSES.map((c) => (
              <label key={c} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="dataClasses" value={c} defaultChecked={rules.dataClasses.includes(c)} className="h-4 w-4" />
                {classWords[c]}
              </label>
            ))}
          </div>
          <FieldError id="rules-dataClasses-error" messages={errors.dataClasses} />
        </fieldset>
        <RetentionField name="inputs" legend="My inputs" maxDays={rules.inputsMaxDays} errors={errors.inputs} />
        <RetentionField name="results" legend="My results" maxDays={rules.resultsMaxDays} errors={errors.results} />
        <fieldset>
          <legend className="text-sm font-medium">The service must</legend>
          <div className="mt-1 flex flex-col gap-1">
            <Check name="noTraining" label="Not use my data for training" checked={rules.noTraining} />
            <Check name="deletionOnRequest" label="Delete my data on request" checked={rules.deletionOnRequest} />
            <Check name="encryptedAtRest" label="Encrypt what it stores" checked={rules.encryptedAtRest} />
            <Check name="dpa" label="Offer a data processing agreement (DPA)" checked={rules.dpa} />
          </div>
        </fieldset>
        <div>
          <Label htmlFor="rules-regions">Processing and subprocessors only in</Label>
          <p id="rules-regions-hint" className="mt-1 text-sm text-muted-foreground">
            Two-letter country codes separated by commas, such as DE, FR; EU means all 27 member states. Empty: no rule.
          </p>
          <Input
            id="rules-regions"
            name="regions"
            defaultValue={regionsFieldValue(rules.regions)}
            aria-invalid={errors.regions ? true : undefined}
            aria-describedby="rules-regions-hint rules-regions-error"
            className="mt-1 max-w-md"
          />
          <FieldError id="rules-regions-error" messages={errors.regions} />
        </div>
      </div>
      <div className="flex items-center gap-4">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save data rules"}
        </Button>
        <p role="status" aria-live="polite" className={result?.ok === false ? "text-sm text-danger" : "text-sm text-success"}>
          {result?.message}
        </p>
      </div>
    </form>
  );
}
