"use client";

import { DATA_CLASSES } from "@/lib/model/agent-file/types";
import { dataClassLabels } from "@/lib/model/agent-file/labels";
import { ChoicesField, ListField, NumberField, SelectField, TextField, YesNoField } from "./fields";

// The data declaration as a form that reads like the label consumers see (components/listings/
// data-declaration.tsx): the same terms in the same order, each answer one of the label's own.

function Kept({ base, term, what }: { base: string; term: string; what: string }) {
  return (
    <div className="grid gap-3 border-b border-border pb-3 sm:grid-cols-[14rem_1fr]">
      <p className="font-medium">{term}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          pointer={`${base}/retention`}
          label={`Are the ${what} kept?`}
          options={[
            { value: "none", label: "Not kept" },
            { value: "retained", label: "Kept" },
          ]}
        />
        <NumberField pointer={`${base}/days`} label="For how many days" help="Only when kept; 1 to 3650." />
        <YesNoField pointer={`${base}/journal`} label={`Does the adapter journal the ${what}?`} />
      </div>
    </div>
  );
}

/** `base`: "/defaults/data" (every capability's) or a capability's own "/capabilities/0/data". */
export function DataDeclarationForm({ base }: { base: string }) {
  return (
    <div className="flex flex-col gap-3">
      <Kept base={`${base}/inputs`} term="Your inputs" what="inputs" />
      <Kept base={`${base}/results`} term="Results" what="results" />
      <div className="grid gap-3 border-b border-border pb-3 sm:grid-cols-[14rem_1fr]">
        <p className="font-medium">Execution records</p>
        <NumberField
          pointer={`${base}/execution_metadata/retention_days`}
          label="Identifiers and fingerprints kept for (days)"
          help="No content is ever in them."
        />
      </div>
      <div className="grid gap-3 border-b border-border pb-3 sm:grid-cols-[14rem_1fr]">
        <p className="font-medium">Passed on downstream</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            pointer={`${base}/downstream/retention`}
            label="Is data passed on kept?"
            options={[
              { value: "none", label: "Not kept" },
              { value: "retained", label: "Kept" },
            ]}
          />
          <NumberField pointer={`${base}/downstream/days`} label="For how many days" />
        </div>
      </div>
      <div className="grid gap-3 border-b border-border pb-3 sm:grid-cols-[14rem_1fr]">
        <p className="font-medium">Used for training</p>
        <YesNoField
          pointer={`${base}/used_for_training`}
          label="Do inputs or outputs train models?"
          yes="Yes, inputs or outputs train models"
          no="No, never used to train models"
        />
      </div>
      <div className="grid gap-3 border-b border-border pb-3 sm:grid-cols-[14rem_1fr]">
        <p className="font-medium">Processed in</p>
        <ListField pointer={`${base}/processing_regions`} label="Countries (two-letter codes, with commas)" help="For example DE, FR." />
      </div>
      <div className="grid gap-3 border-b border-border pb-3 sm:grid-cols-[14rem_1fr]">
        <p className="font-medium">Deleted on request / encrypted</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <YesNoField pointer={`${base}/deletion_on_request`} label="Deleted on request" />
          <YesNoField pointer={`${base}/encrypted_at_rest`} label="Encrypted at rest" />
        </div>
      </div>
      <ChoicesField
        pointer={`${base}/accepted_data_classes`}
        legend="Data it accepts"
        options={DATA_CLASSES.map((c) => ({ value: c, label: dataClassLabels[c] }))}
      />
      <TextField pointer={`${base}/dpa_url`} label="Data processing agreement (web address)" optional />
    </div>
  );
}
