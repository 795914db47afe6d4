import type { Effects, Example, JsonObject } from "@/lib/model/agent-file/types";
import type { Testability } from "@/lib/model/figures/sample-test-label";

// Whether a capability can be sample-tested, and with which arguments.

export type TestableFacts = {
  class: "read_only" | "transformation" | "external_action";
  example: Example | null;
  effects: Effects | null;
};

export function sampleTestability(c: TestableFacts): Testability {
  if (c.example === null) return { testable: false, reason: "no_example" };
  if (c.class === "external_action" && !c.effects?.dryRunArgument) return { testable: false, reason: "no_dry_run" };
  return { testable: true };
}

/**
 * The example's input as the test sends it. An external action always gets its dry-run argument set
 * to true, whatever the example says: a sample test must never act in the world.
 */
export function sampleTestArguments(c: TestableFacts): JsonObject | null {
  if (!sampleTestability(c).testable || c.example === null) return null;
  const dryRun = c.class === "external_action" ? c.effects?.dryRunArgument : null;
  return dryRun ? { ...c.example.input, [dryRun]: true } : { ...c.example.input };
}

export const notTestableWords: Record<"no_example" | "no_dry_run", string> = {
  no_example: "This service has no example, so Explore cannot sample-test it.",
  no_dry_run: "Not sample-testable: this service acts outside Explore and offers no dry run, so Explore never calls it to test it.",
};
