import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { RunPanelInfo } from "@/lib/domain/runs/queries";
import { fieldLabel, toErrorSchema } from "./error-schema";
import { LazySchemaForm } from "./lazy-schema-form";
import type { RunArguments } from "./use-run-arguments";

/** The run's arguments: the generated form or raw JSON (either way round), with their errors. */
export function RunArgumentsFields({ info, input, busy }: { info: RunPanelInfo; input: RunArguments; busy: boolean }) {
  const { schema, mode, serverErrors } = input;
  const external = info.externalAction;
  const errorList = input.errors ? Object.entries(input.errors) : [];
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {schema ? (
          <Button variant="secondary" size="sm" onClick={input.switchMode} disabled={busy} aria-pressed={mode === "json"}>
            {mode === "form" ? "Edit as JSON" : "Edit as a form"}
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={input.resetToExample} disabled={busy}>
          Reset to example
        </Button>
      </div>

      {info.filledArguments.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Explore fills {info.filledArguments.map((n) => `“${n}”`).join(" and ")} itself
          {external && info.filledArguments[0] ? " (the idempotency key is this run's execution ID, so it is never done twice)" : ""}.
        </p>
      ) : null}

      {mode === "form" && schema ? (
        <LazySchemaForm
          formRef={input.formRef}
          schema={schema}
          hidden={info.filledArguments}
          formData={input.formData}
          onChange={input.changeForm}
          extraErrors={toErrorSchema(serverErrors)}
          disabled={busy}
        />
      ) : (
        <div className="flex flex-col gap-1">
          <Label htmlFor="run-arguments-json">Arguments (JSON)</Label>
          <p id="run-arguments-help" className="text-sm text-muted-foreground">
            One JSON object, as the service&apos;s input schema describes.
          </p>
          <Textarea
            id="run-arguments-json"
            rows={10}
            spellCheck={false}
            value={input.jsonText}
            onChange={(e) => input.changeJson(e.target.value)}
            aria-invalid={errorList.length > 0}
            aria-describedby="run-arguments-help run-arguments-error"
            className="font-mono text-xs"
            disabled={busy}
          />
          <FieldError id="run-arguments-error" messages={errorList.flatMap(([path, list]) => list.map((m) => `${fieldLabel(path)}: ${m}`))} />
        </div>
      )}

      {mode === "form" && serverErrors?.[""] ? <FieldError id="run-form-error" messages={serverErrors[""]} /> : null}
    </>
  );
}
