import type { ServiceItem } from "@/lib/edges/api/schemas";

// The honest availability of a listing for an agent deciding whether to use it: seed 004's five labels
// (`availability`), and Explore's reason behind each (`availability_detail`), which says more.

export const AVAILABILITIES = ["available", "human_in_the_loop", "on_request", "planned", "not_available"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const AVAILABILITY_DETAILS = ["available", "needs_confirmation", "payment_required", "waiting_for_adapter", "failing_sample_test"] as const;
export type AvailabilityDetail = (typeof AVAILABILITY_DETAILS)[number];

/** Explore's reasons onto seed 004's labels (docs/api.md states the same table). */
export const labelOfDetail: Record<AvailabilityDetail, Availability> = {
  available: "available",
  needs_confirmation: "human_in_the_loop",
  payment_required: "on_request",
  waiting_for_adapter: "planned",
  failing_sample_test: "not_available",
};

export const availabilityWords: Record<AvailabilityDetail, string> = {
  available: "Available: it can be run now, with a free plan.",
  needs_confirmation:
    "Human in the loop: an external action; each run is confirmed by a person, on its service page or, with a token that allows it, in the agent's client (MCP elicitation).",
  payment_required: "On request: every plan is paid; buy calls from the provider through its payment link first.",
  waiting_for_adapter: "Planned: the provider has not announced where it runs yet, so it cannot be run.",
  failing_sample_test: "Not available: it failed every sample test of the last 3 days; it may not work.",
};

type Facts = Pick<ServiceItem, "waiting_for_adapter" | "unreachable" | "free_to_try" | "class">;

/** Why a listing can or cannot be used now, the first reason that applies. */
export function availabilityDetailOf(item: Facts): AvailabilityDetail {
  if (item.waiting_for_adapter) return "waiting_for_adapter";
  if (item.unreachable) return "failing_sample_test";
  if (item.class === "external_action") return "needs_confirmation";
  return item.free_to_try ? "available" : "payment_required";
}

/** The three fields every service carries on /mcp. */
export function availabilityFields(item: Facts): { availability: Availability; availability_detail: AvailabilityDetail; availability_words: string } {
  const detail = availabilityDetailOf(item);
  return { availability: labelOfDetail[detail], availability_detail: detail, availability_words: availabilityWords[detail] };
}

/**
 * A list_services filter (seed 004 takes any string): a seed label keeps every reason under it, a reason keeps
 * itself. Null for a word that is neither.
 */
export function detailsOfFilter(word: string): ReadonlySet<AvailabilityDetail> | null {
  const wanted = word.trim().toLowerCase();
  if ((AVAILABILITY_DETAILS as readonly string[]).includes(wanted)) return new Set([wanted as AvailabilityDetail]);
  const kept = AVAILABILITY_DETAILS.filter((d) => labelOfDetail[d] === wanted);
  return kept.length > 0 ? new Set(kept) : null;
}
