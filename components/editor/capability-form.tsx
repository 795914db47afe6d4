"use client";

import { CAPABILITY_CLASSES, MATURE_REASONS, OUTSIDE_ACTIONS } from "@/lib/model/agent-file/types";
import { valueAt } from "@/lib/domain/publishing/json-text";
import { classLabels, matureReasonLabels, outsideActionLabels } from "@/lib/model/agent-file/labels";
import { DataDeclarationForm } from "./data-declaration-form";
import { ChoicesField, JsonField, ListField, SelectField, TextField, useEditorDoc, YesNoField } from "./fields";
import { PlansForm } from "./plans-form";
import { TAG_LIST_ID, TagSuggestions } from "./tag-suggestions";

/** One capability of the draft, `/capabilities/{index}`. */
export function CapabilityForm({ index }: { index: number }) {
  const base = `/capabilities/${index}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField pointer={`${base}/name`} label="Name" />
        <TextField pointer={`${base}/tool`} label="MCP tool" />
        <TextField pointer={`${base}/capability_id`} label="Capability ID" help="cap_ and lowercase letters, digits or underscores." optional />
        <TextField pointer={`${base}/version`} label="Version" help="Like 1.0.0." optional />
      </div>
      <TextField pointer={`${base}/summary`} label="Summary" help="What it does, in 10 to 300 characters." multiline />
      <TextField pointer={`${base}/limitations`} label="What it does not do (limitations)" multiline />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <TextField pointer={`${base}/category`} label="Category" help="One of the network's tags; suggestions appear as you type." listId={TAG_LIST_ID} />
          <TagSuggestions pointer={`${base}/category`} />
        </div>
        <div>
          <ListField pointer={`${base}/tags`} label="Tags (with commas)" help="Up to 7 more of the network's tags." listId={TAG_LIST_ID} />
          <TagSuggestions pointer={`${base}/tags`} />
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          pointer={`${base}/class`}
          label="Class"
          options={CAPABILITY_CLASSES.map((c) => ({ value: c, label: classLabels[c] }))}
          unsetLabel="Choose…"
        />
        <SelectField
          pointer={`${base}/content_rating`}
          label="Content rating"
          options={[
            { value: "general", label: "General" },
            { value: "mature", label: "18+" },
          ]}
          unsetLabel="General (not stated)"
        />
      </div>
      <OutsideActionFields base={base} />
      <ChoicesField
        pointer={`${base}/mature_reasons`}
        legend="Why it is 18+"
        options={MATURE_REASONS.map((r) => ({ value: r, label: matureReasonLabels[r] ?? r }))}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <YesNoField pointer={`${base}/offered`} label="Offered on Explore" yes="Offered" no="Not offered" />
        <YesNoField
          pointer={`${base}/needs_confirmation`}
          label="Class waiting for your confirmation"
          yes="Yes, not listed until confirmed"
          no="No, the class is confirmed"
        />
      </div>
      <JsonField pointer={`${base}/input_schema`} label="Input schema (JSON)" />
      <JsonField pointer={`${base}/output_schema`} label="Output schema (JSON)" />
      <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-semibold">Example</legend>
        <JsonField pointer={`${base}/example/input`} label="Example input (JSON)" />
        <TextField pointer={`${base}/example/problem`} label="The problem it solves" optional />
        <TextField pointer={`${base}/example/success_criteria`} label="How to tell it worked" optional />
      </fieldset>
      <details className="rounded-md border border-border p-3">
        <summary className="cursor-pointer text-sm font-semibold">This capability&apos;s own data declaration (overrides the defaults)</summary>
        <div className="mt-3">
          <DataDeclarationForm base={`${base}/data`} />
        </div>
      </details>
      <details className="rounded-md border border-border p-3">
        <summary className="cursor-pointer text-sm font-semibold">This capability&apos;s own plans (instead of the defaults)</summary>
        <div className="mt-3">
          <PlansForm base={`${base}/plans`} />
        </div>
      </details>
    </div>
  );
}

/**
 * What an external action does outside Explore (rule 7): shown for an external action, and for any other
 * class that still has these fields, so the check's error about them has a field to sit beside.
 */
function OutsideActionFields({ base }: { base: string }) {
  const { doc } = useEditorDoc();
  const external = valueAt(doc, `${base}/class`) === "external_action";
  if (!external && valueAt(doc, `${base}/outside_action`) === undefined && valueAt(doc, `${base}/effects`) === undefined) return null;
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">What it does outside Explore</legend>
      {external ? null : <p className="text-sm text-danger">Only an external action says this: remove these fields or change the class.</p>}
      <SelectField
        pointer={`${base}/outside_action`}
        label="Outside action"
        help="What running it does beyond answering: consumers read it before they confirm a run."
        options={OUTSIDE_ACTIONS.map((a) => ({ value: a, label: outsideActionLabels[a] }))}
        unsetLabel="Choose…"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          pointer={`${base}/effects/idempotency_argument`}
          label="Idempotency argument"
          help="The argument Explore fills with the execution ID, so a repeat is not done twice."
          optional
        />
        <TextField
          pointer={`${base}/effects/dry_run_argument`}
          label="Dry-run argument"
          help="The argument that makes the tool run without effects (sample tests use it)."
          optional
        />
        <TextField pointer={`${base}/effects/outcome_lookup`} label="Outcome lookup" help="The hook that answers whether an execution took effect." optional />
        <YesNoField pointer={`${base}/effects/escalate`} label="Unknown outcomes" yes="Escalate to both publishers, never retried" no="Do not escalate" />
      </div>
    </fieldset>
  );
}
