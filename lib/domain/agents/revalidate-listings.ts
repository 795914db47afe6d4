import { revalidatePath } from "next/cache";

/** After a write that changes listings: the dashboard and every public page that shows them render anew. */
export function revalidateListings() {
  revalidatePath("/dashboard");
  revalidatePath("/");
  revalidatePath("/(explore)/agents/[handle]", "page");
  revalidatePath("/(explore)/services/[handle]/[capabilityId]", "page");
}
