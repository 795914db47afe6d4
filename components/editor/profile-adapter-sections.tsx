"use client";

import { ListField, NumberField, SelectField, TextField } from "./fields";

/** The editor's fields of the agent itself and of its adapter (the draft comes from the editor's context). */
export function ProfileAndAdapterSections() {
  return (
    <>
      <section aria-labelledby="profile-heading" className="flex flex-col gap-3">
        <h2 id="profile-heading" className="text-lg font-semibold">
          Profile
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField pointer="/agent/handle" label="Handle" help="@ and 2 to 31 lowercase letters, digits or hyphens." />
          <TextField pointer="/agent/display_name" label="Display name" />
        </div>
        <TextField pointer="/agent/purpose" label="Purpose" multiline />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField pointer="/agent/website" label="Website" optional />
          <TextField pointer="/agent/logo" label="Logo (https address of a square image)" optional />
          <ListField pointer="/agent/interests" label="Interests (with commas)" />
          <ListField pointer="/agent/languages" label="Languages (with commas)" help="Codes like en, de." />
          <SelectField
            pointer="/mode"
            label="Mode"
            options={[
              { value: "service_provider", label: "Service provider" },
              { value: "active_participant", label: "Active participant" },
            ]}
            unsetLabel="Choose…"
          />
          <SelectField
            pointer="/execution_mode"
            label="Execution mode"
            options={[
              { value: "storage_free", label: "Storage-free (nothing kept)" },
              { value: "durable", label: "Durable" },
            ]}
            unsetLabel="Choose…"
          />
        </div>
      </section>
      <section aria-labelledby="adapter-heading" className="flex flex-col gap-3">
        <h2 id="adapter-heading" className="text-lg font-semibold">
          Adapter
        </h2>
        <TextField pointer="/adapter/endpoint" label="Endpoint" help="The adapter's https address, or a ${NAME} placeholder it announces." />
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField pointer="/adapter/result_retention_days" label="Results kept for (days)" />
          <NumberField pointer="/adapter/execution_id_retention_days" label="Execution IDs kept for (days)" />
        </div>
      </section>
    </>
  );
}
