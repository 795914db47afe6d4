import type { ServiceItem } from "@/lib/api/schemas";

// The honest availability label of a listing for an agent deciding whether to use it.

export const AVAILABILITIES = ["available", "payment_required", "waiting_for_adapter", "failing_sample_test"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const availabilityWords: Record<Availability, string> = {
  available: "Available: it can be run now, with a free plan.",
  payment_required: "Payment required: every plan is paid; pay the provider through its payment link first.",
  waiting_for_adapter: "Waiting for its adapter: the provider has not announced where it runs yet, so it cannot be run.",
  failing_sample_test: "Failing its sample test: it failed every sample test of the last 3 days; it may not work.",
};

export function availabilityOf(item: Pick<ServiceItem, "waiting_for_adapter" | "unreachable" | "free_to_try">): Availability {
  if (item.waiting_for_adapter) return "waiting_for_adapter";
  if (item.unreachable) return "failing_sample_test";
  return item.free_to_try ? "available" : "payment_required";
}
