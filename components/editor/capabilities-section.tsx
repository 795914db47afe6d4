"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { JsonValue } from "@/lib/model/agent-file/types";
import { valueAt } from "@/lib/domain/publishing/json-text";
import { CapabilityForm } from "./capability-form";
import { useEditorDoc } from "./fields";

function capabilityNames(doc: unknown): string[] {
  const list = valueAt(doc, "/capabilities");
  if (!Array.isArray(list)) return [];
  return list.map((c, i) => {
    const name = valueAt(c, "/name");
    return typeof name === "string" && name.trim() !== "" ? name : `Capability ${i + 1}`;
  });
}

// A new capability's fields, empty: the check then names each one the publisher still has to write.
const NEW_CAPABILITY: JsonValue = { tool: "", name: "", summary: "", category: "", limitations: "", class: "read_only" };

/** The draft's capabilities: the one being edited (chosen from a list when there are several), adding and removing. */
export function CapabilitiesSection() {
  const doc = useEditorDoc();
  const [capability, setCapability] = useState(0);
  const names = capabilityNames(doc.doc);
  const selected = Math.min(capability, Math.max(0, names.length - 1));
  return (
    <section aria-labelledby="capability-heading" className="flex flex-col gap-3">
      <h2 id="capability-heading" className="text-lg font-semibold">
        Capabilities
      </h2>
      {names.length > 1 ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor="capability-choice">Capability to edit</Label>
          <select
            id="capability-choice"
            value={selected}
            onChange={(e) => setCapability(Number(e.target.value))}
            className="h-10 rounded-md border border-border bg-surface px-3"
          >
            {names.map((name, i) => (
              <option key={i} value={i}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {names.length > 0 ? <CapabilityForm key={selected} index={selected} /> : <p className="text-sm">The draft has no capabilities yet.</p>}
      <CapabilityListButtons
        count={names.length}
        selected={selected}
        selectedName={names[selected] ?? ""}
        disabled={doc.frozen}
        onAdd={() => {
          const list = valueAt(doc.doc, "/capabilities");
          doc.set("/capabilities", [...(Array.isArray(list) ? (list as JsonValue[]) : []), NEW_CAPABILITY]);
          setCapability(names.length);
        }}
        onRemove={() => {
          const list = valueAt(doc.doc, "/capabilities");
          if (!Array.isArray(list)) return;
          doc.set(
            "/capabilities",
            (list as JsonValue[]).filter((_, i) => i !== selected),
          );
          setCapability(Math.max(0, selected - 1));
        }}
      />
    </section>
  );
}

/** Adds a capability, or removes the one being edited (asked first). */
function CapabilityListButtons({
  count,
  selected,
  selectedName,
  disabled,
  onAdd,
  onRemove,
}: {
  count: number;
  selected: number;
  selectedName: string;
  disabled: boolean;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const [asking, setAsking] = useState<number | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" variant="secondary" size="sm" onClick={onAdd} disabled={disabled}>
        Add a capability
      </Button>
      {count > 0 && asking !== selected ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(selected)} disabled={disabled}>
          Remove “{selectedName}”…
        </Button>
      ) : null}
      {count > 0 && asking === selected ? (
        <span role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          Remove “{selectedName}” from the draft?
          <Button
            type="button"
            variant="danger"
            size="sm"
            onClick={() => {
              setAsking(null);
              onRemove();
            }}
          >
            Yes, remove it
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(null)}>
            Keep it
          </Button>
        </span>
      ) : null}
    </div>
  );
}
