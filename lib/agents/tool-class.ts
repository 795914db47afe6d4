// A tool's class, read from its MCP annotations. An unstated hint takes MCP's own default (not read-only,
// destructive, open-world), so a tool that says nothing is treated as the riskiest kind until confirmed.
import type { CapabilityClass } from "@/lib/agent-file/types";
import type { ToolAnnotations } from "./connected-tools";

export type ClassVerdict = {
  class: CapabilityClass;
  /** False for what the server marks (or leaves) destructive or open-world: not offered until the publisher says so. */
  offered: boolean;
  needsConfirmation: boolean;
  why: string;
};

function hint(value: boolean | undefined, mcpDefault: boolean): { on: boolean; stated: boolean } {
  return { on: value ?? mcpDefault, stated: value !== undefined };
}

export function classFromAnnotations(annotations: ToolAnnotations): ClassVerdict {
  const readOnly = hint(annotations.readOnlyHint, false);
  if (readOnly.on) return { class: "read_only", offered: true, needsConfirmation: false, why: "Its annotations say it only reads (readOnlyHint)." };
  const destructive = hint(annotations.destructiveHint, true);
  const openWorld = hint(annotations.openWorldHint, true);
  if (!destructive.on && !openWorld.on) {
    return {
      class: "transformation",
      offered: true,
      needsConfirmation: false,
      why: "Its annotations say it neither destroys anything nor reaches outside (destructiveHint and openWorldHint are false).",
    };
  }
  const reasons = [
    ...(destructive.on ? [destructive.stated ? "marked destructive (destructiveHint)" : "not marked non-destructive (MCP then assumes destructive)"] : []),
    ...(openWorld.on ? [openWorld.stated ? "marked open-world (openWorldHint)" : "not marked closed-world (MCP then assumes open-world)"] : []),
  ];
  return {
    class: "external_action",
    offered: false,
    needsConfirmation: true,
    why: `It is not read-only and is ${reasons.join(" and ")}: an external action, not offered until you confirm its class.`,
  };
}
