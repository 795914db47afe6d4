import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { audienceOf, type Audience } from "@/lib/model/catalog/visibility";
import { ownsAnyAgent } from "@/lib/model/catalog/queries";

/** The shared audience this viewer belongs to, or null (a publisher, an administrator: see audienceOf). */
export async function sharedAudience(viewer: Viewer | null, now: Date): Promise<Audience | null> {
  return audienceOf(viewer, viewer ? await ownsAnyAgent(viewer.id) : false, now);
}
