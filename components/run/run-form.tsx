"use client";

import { startTransition, useActionState, useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { fail, initialResult } from "@/lib/action-result";
import { cancelExecutionAction, checkOutcomeAction, repeatExecutionAction, runCapabilityAction, runWithProgressAction } from "@/lib/runs/actions";
import type { RunPanelInfo } from "@/lib/runs/queries";
import type { HookFormResult, RunFormResult, RunStreamEvent } from "@/lib/runs/run-form-state";
import type { ExecutionView, FieldErrors, RunEvent } from "@/lib/runs/run-types";
import { durationText, notRunnableMessage, repeatPromises } from "@/lib/runs/run-words";
import { ConfirmDialog } from "./confirm-dialog";
import { PlanList, PlanNotes, PlanPicker, planKey } from "./plan-picker";
import { fieldLabel, toErrorSchema } from "./error-schema";
import { parseJsonArguments, withoutFields } from "./arguments-text";
import { AnswerView, StatusBadge } from "./run-answer";
import { LazySchemaForm } from "./lazy-schema-form";
import { isFormSchema, type FormValues, type SchemaFormHandle } from "./schema-form-types";

// The Run panel's interactive leaf: the generated form (or raw JSON), the run action with live progress and
// elapsed time, the confirmation of external actions (dry run first), and the answer with its follow-ups.

type Live = { startedAt: number; executionId: string | null; progress: Extract<RunEvent, { type: "progress" }> | null; dryRun: boolean };

// Read only from event handlers; the linter cannot tell `start` is one once it is passed down as a callback.
function clockNow(): number {
  return Date.now();
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** The run's answer, after passing each event before it to `onEvent` as it arrives. */
async function readRun(
  events: ReadableStream<RunStreamEvent>,
  onEvent: (event: Exclude<RunStreamEvent, { type: "answer" }>) => void,
): Promise<RunFormResult | null> {
  // A reader rather than `for await`: not every browser iterates a ReadableStream yet.
  const reader = events.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return null;
    if (value.type === "answer") return value.result;
    onEvent(value);
  }
}

const answerLost = "The run's answer did not reach this page (the connection broke). My runs shows how it ended.";

export function RunForm({ info }: { info: RunPanelInfo }) {
  const schema = info.inputSchema !== null && isFormSchema(info.inputSchema) ? info.inputSchema : null;
  const example: FormValues = withoutFields(info.exampleInput ?? {}, info.filledArguments);
  const external = info.externalAction;

  // The last run's answer; null until the first run. With JavaScript the answer comes at the end of the run's
  // event stream (`streamed`); the form without it posts to the plain action.
  const [posted, formAction, postPending] = useActionState(runCapabilityAction, initialResult);
  const [streamed, setStreamed] = useState<RunFormResult | null>(null);
  const [running, startRun] = useTransition();
  const done = streamed ?? posted;
  const pending = running || postPending;
  const [mode, setMode] = useState<"form" | "json">(schema ? "form" : "json");
  const [formData, setFormData] = useState<FormValues>(example);
  const [jsonText, setJsonText] = useState(() => pretty(example));
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [confirmArgs, setConfirmArgs] = useState<FormValues | null>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [now, setNow] = useState(0);
  const [hook, setHook] = useState<{ title: HookTitle; result: HookFormResult } | null>(null);
  // A new attempt puts the last answer away at once, so an old "Succeeded" never sits under new errors.
  const [putAway, setPutAway] = useState<typeof done | null>(null);
  const [hookPending, startHook] = useTransition();
  // The plan the run uses (the free quota first); a paid one needs the person's explicit agreement to what
  // it costs (the action refuses it otherwise), asked again whenever the plan changes.
  const [chosenKey, setChosenKey] = useState(info.defaultPlanId ?? "");
  const chosen = info.plans.find((p) => planKey(p) === chosenKey && p.available) ?? info.plans.find((p) => planKey(p) === (info.defaultPlanId ?? ""));
  const consent = chosen?.consent ?? null;
  const [consentToPay, setConsentToPay] = useState(false);
  const router = useRouter();
  const formRef = useRef<SchemaFormHandle>(null);

  const busy = pending || hookPending;
  // The arguments of the last run, whatever came of it.
  const submitted = done ? (done.ok ? done.data : done.details) : undefined;
  // Server errors show until the person edits again.
  const [serverErrorsShown, setServerErrorsShown] = useState(true);
  const serverErrors = done && !done.ok && serverErrorsShown ? done.fieldErrors : undefined;
  const errors = clientErrors ?? serverErrors ?? null;

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [pending]);

  // What is left (free runs today, calls) changed with the run: the panel's server part reads it again.
  useEffect(() => {
    if (done?.ok) router.refresh();
  }, [done, router]);

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

  function start(args: FormValues, dryRun: boolean) {
    setConfirmArgs(null);
    setHook(null);
    setServerErrorsShown(true);
    const form = new FormData();
    form.set("handle", info.handle);
    form.set("capabilityId", info.capabilityId);
    form.set("arguments", JSON.stringify(args));
    form.set("dryRun", dryRun ? "1" : "0");
    form.set("planId", chosen ? planKey(chosen) : "");
    form.set("consentToPay", consentToPay ? "1" : "0");
    // The agreement was to this run: the next one is asked again.
    setConsentToPay(false);
    const startedAt = clockNow();
    setNow(startedAt);
    setLive({ startedAt, executionId: null, progress: null, dryRun });
    startRun(async () => {
      let result: RunFormResult;
      try {
        const answer = await runWithProgressAction(null, form);
        result = answer.ok
          ? ((await readRun(answer.data.events, (event) =>
              setLive((l) => (l === null ? l : event.type === "started" ? { ...l, executionId: event.executionId } : { ...l, progress: event })),
            )) ?? fail(answerLost))
          : answer;
      } catch {
        result = fail(answerLost);
      }
      startTransition(() => setStreamed(result));
    });
  }

  async function onRun(dryRun: boolean) {
    setPutAway(done);
    setHook(null);
    const args = await currentArguments();
    if (!args) return;
    if (external && !dryRun) setConfirmArgs(args);
    else start(args, dryRun);
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

  function runHook(title: HookTitle, call: () => Promise<HookFormResult>) {
    startHook(async () => {
      const result = await call();
      setHook({ title, result });
    });
  }

  const execution = done?.ok ? done.data.execution : null;
  const inFlightId = pending ? live?.executionId : null;
  const errorList = errors ? Object.entries(errors) : [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        {schema ? (
          <Button variant="secondary" size="sm" onClick={switchMode} disabled={busy} aria-pressed={mode === "json"}>
            {mode === "form" ? "Edit as JSON" : "Edit as a form"}
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={resetToExample} disabled={busy}>
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
          formRef={formRef}
          schema={schema}
          hidden={info.filledArguments}
          formData={formData}
          onChange={(data) => {
            setFormData(data);
            if (serverErrorsShown) setServerErrorsShown(false);
          }}
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
            value={jsonText}
            onChange={(e) => {
              setJsonText(e.target.value);
              edited();
            }}
            aria-invalid={errorList.length > 0}
            aria-describedby="run-arguments-help run-arguments-error"
            className="font-mono text-xs"
            disabled={busy}
          />
          <FieldError id="run-arguments-error" messages={errorList.flatMap(([path, list]) => list.map((m) => `${fieldLabel(path)}: ${m}`))} />
        </div>
      )}

      {mode === "form" && serverErrors?.[""] ? <FieldError id="run-form-error" messages={serverErrors[""]} /> : null}

      {info.notRunnable ? (
        <div role="note" className="flex flex-col gap-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p>{notRunnableMessage(info.notRunnable)}</p>
          <PlanList plans={info.plans} />
        </div>
      ) : null}

      <PlanPicker
        plans={info.notRunnable ? [] : info.plans}
        chosen={chosen ? planKey(chosen) : ""}
        onChoose={(key) => {
          setChosenKey(key);
          setConsentToPay(false);
        }}
        disabled={busy}
      />
      <PlanNotes plans={info.plans} paymentNote={info.paymentNote} />

      {consent !== null && !info.notRunnable ? (
        <label className="flex items-start gap-2 rounded-md border border-info/40 bg-info/10 p-3 text-sm">
          <input type="checkbox" className="mt-1" checked={consentToPay} onChange={(e) => setConsentToPay(e.target.checked)} />
          <span>
            <strong>I agree.</strong> {consent}
          </span>
        </label>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        {external?.dryRun ? (
          <Button onClick={() => void onRun(true)} disabled={busy || info.notRunnable !== null || (consent !== null && !consentToPay)}>
            Dry run
          </Button>
        ) : null}
        <Button
          variant={external?.dryRun ? "secondary" : "primary"}
          onClick={() => void onRun(false)}
          disabled={busy || info.notRunnable !== null || (consent !== null && !consentToPay)}
        >
          {external ? "Run…" : "Run"}
        </Button>
        {inFlightId && info.cancellable && !live?.dryRun ? (
          <Button variant="danger" onClick={() => runHook("Cancel", () => cancelExecutionAction({ executionId: inFlightId }))} disabled={hookPending}>
            Cancel
          </Button>
        ) : null}
      </div>

      <div aria-live="polite" className="text-sm">
        {pending && live ? (
          <p>
            Running… <span className="tabular-nums">{durationText(Math.max(0, now - live.startedAt), 1)}</span>
            {live.progress ? (
              <span className="block">
                Progress: {live.progress.progress}
                {live.progress.total !== null ? ` of ${live.progress.total}` : ""}
                {live.progress.message ? ` — ${live.progress.message}` : ""}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="run-result-heading" aria-live="polite" className="flex flex-col gap-3" id="run-result">
        <h3 id="run-result-heading" className="sr-only">
          Result
        </h3>
        {done && !pending && done !== putAway ? (
          done.ok ? (
            <RunOutcome
              info={info}
              execution={done.data.execution}
              // What a cancellation or an outcome check found is the run's status now.
              status={hook?.result.ok && hook.title !== "Repeat" ? hook.result.data.status : done.data.execution.status}
              answerNode={done.data.answer ? <AnswerView answer={done.data.answer} label="Answer" /> : null}
              hookPending={hookPending}
              onCheck={() => execution && runHook("Outcome", () => checkOutcomeAction({ executionId: execution.id }))}
              onCancel={() => execution && runHook("Cancel", () => cancelExecutionAction({ executionId: execution.id }))}
              onRepeat={() => execution && runHook("Repeat", () => repeatExecutionAction({ executionId: execution.id, arguments: done.data.argumentsText }))}
            />
          ) : (
            <div role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-3 text-sm">
              <p className="font-medium text-danger">{done.message}</p>
            </div>
          )
        ) : null}
        {hook ? (
          <div className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm" role="status">
            <h4 className="flex flex-wrap items-center gap-2 font-medium">
              {hookHeadings[hook.title]}
              {hook.result.ok ? <StatusBadge status={hook.result.data.status} /> : null}
            </h4>
            <p className={hook.result.ok ? undefined : "text-danger"}>{hook.result.message}</p>
            {hook.result.ok && hook.result.data.answer ? (
              <details>
                <summary className="cursor-pointer text-sm font-medium">What the provider answered</summary>
                <div className="mt-2">
                  <AnswerView answer={hook.result.data.answer} label={`${hookHeadings[hook.title]}: the provider's answer`} />
                </div>
              </details>
            ) : null}
          </div>
        ) : null}
      </section>

      {confirmArgs && external ? (
        <ConfirmDialog
          outsideAction={external.outsideAction}
          argumentsText={pretty(confirmArgs)}
          dryRunOffered={external.dryRun}
          onDryRun={() => start(confirmArgs, true)}
          onConfirm={() => start(confirmArgs, false)}
          onClose={() => setConfirmArgs(null)}
        />
      ) : null}

      <NoScriptForm info={info} formAction={formAction} argumentsText={submitted?.argumentsText ?? pretty(example)} />
    </div>
  );
}

type HookTitle = "Cancel" | "Outcome" | "Repeat";

const hookHeadings: Record<HookTitle, string> = { Cancel: "Cancellation", Outcome: "Outcome check", Repeat: "Repeat execution" };

function RunOutcome({
  info,
  execution,
  status,
  answerNode,
  hookPending,
  onCheck,
  onCancel,
  onRepeat,
}: {
  info: RunPanelInfo;
  execution: ExecutionView;
  status: ExecutionView["status"];
  answerNode: ReactNode;
  hookPending: boolean;
  onCheck: () => void;
  onCancel: () => void;
  onRepeat: () => void;
}) {
  const external = info.externalAction;
  const canCheck = Boolean(external?.outcomeLookup) && !execution.dryRun;
  const canCancel = info.cancellable && !execution.dryRun && ["succeeded", "outcome_unknown", "running"].includes(status);
  const refreshNote =
    info.repeat === "refresh" && execution.paid
      ? info.refreshes
        ? ` This paid run includes ${info.refreshes.perExecution} refresh${info.refreshes.perExecution === 1 ? "" : "es"} within ${info.refreshes.withinHours} h of finishing.`
        : " This paid run includes no refreshes."
      : "";
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={status} />
        {execution.dryRun ? <span className="text-sm font-medium">Dry run: nothing happened outside Explore.</span> : null}
        {execution.durationMs !== null ? <span className="text-sm text-muted-foreground">Time taken: {durationText(execution.durationMs)}</span> : null}
      </div>
      {/* A success's sentence only restates the time taken, and a later cancellation or check speaks for itself below. */}
      {status === execution.status && status !== "succeeded" && execution.message ? (
        <p className={status === "tool_error" || status === "failed" ? "text-danger" : undefined}>{execution.message}</p>
      ) : null}
      {execution.planWords ? (
        <p className="text-sm text-muted-foreground">
          Plan: {execution.planWords}.{execution.paid ? " Explore takes no payment itself: you pay the provider." : ""}
        </p>
      ) : null}
      {answerNode}
      <p className="text-xs text-muted-foreground">
        Execution ID <code className="break-all font-mono">{execution.id}</code>. Explore keeps only this record and fingerprints, never your arguments or the
        answer (see{" "}
        <Link href="/runs" className="text-accent underline">
          My runs
        </Link>
        ).
      </p>
      <div className="flex flex-col gap-2 border-t border-border pt-3">
        <p className="text-sm" id="repeat-help">
          Repeat execution re-sends the same execution ID. {repeatPromises[info.repeat]}
          {refreshNote}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onRepeat} disabled={hookPending} aria-describedby="repeat-help">
            Repeat execution
          </Button>
          {canCheck ? (
            <Button variant={status === "outcome_unknown" ? "primary" : "secondary"} size="sm" onClick={onCheck} disabled={hookPending}>
              Check outcome
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="danger" size="sm" onClick={onCancel} disabled={hookPending}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Without JavaScript: a raw-JSON form posting straight to the run action. */
function NoScriptForm({ info, formAction, argumentsText }: { info: RunPanelInfo; formAction: (form: FormData) => void; argumentsText: string }) {
  // Without JavaScript the run uses the default plan, so only its consent is asked.
  const consent = info.plans.find((p) => planKey(p) === (info.defaultPlanId ?? ""))?.consent ?? null;
  const external = info.externalAction;
  return (
    <noscript>
      {/* The generated form's loading skeleton means nothing without JavaScript. */}
      <style>{"[data-js-only]{display:none}"}</style>
      <form action={formAction} className="flex flex-col gap-2" id="run-noscript-form">
        <input type="hidden" name="handle" value={info.handle} />
        <input type="hidden" name="capabilityId" value={info.capabilityId} />
        <label htmlFor="run-arguments-nojs" className="text-sm font-medium">
          Arguments (JSON)
        </label>
        <textarea
          id="run-arguments-nojs"
          name="arguments"
          rows={10}
          defaultValue={argumentsText}
          className="rounded-md border border-border p-2 font-mono text-xs"
        />
        {external ? (
          <label className="text-sm">
            <input type="checkbox" name="confirm" required /> I understand that this {external.outsideAction?.toLowerCase() ?? "acts"} outside Explore.
          </label>
        ) : null}
        {consent !== null ? (
          <label className="text-sm">
            <input type="checkbox" name="consentToPay" value="1" required /> I agree. {consent}
          </label>
        ) : null}
        <div className="flex gap-2">
          {external?.dryRun ? (
            <button type="submit" name="dryRun" value="1" formNoValidate className="rounded-md border border-border px-3 py-1">
              Dry run
            </button>
          ) : null}
          <button type="submit" name="dryRun" value="0" className="rounded-md border border-border px-3 py-1">
            Run
          </button>
        </div>
      </form>
    </noscript>
  );
}
