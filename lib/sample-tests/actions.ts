"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireViewer } from "@/lib/accounts/viewer";
import { consume } from "@/lib/rate-limits/rate-limit";
import { requestTestNow, type TestNowResult } from "./test-now";

// The publisher's "Test now". Who is asking → parse → act (ownership inside the read and write) → revalidate → result.

const testNowInput = z.object({
  handle: z.string().regex(/^@[a-z0-9][a-z0-9-]{1,30}$/),
  capabilityId: z.string().regex(/^cap_[a-z0-9_]{2,40}$/),
});

export async function testNowAction(_prev: TestNowResult | null, form: FormData): Promise<TestNowResult> {
  const viewer = await requireViewer("/dashboard");
  const input = testNowInput.safeParse({ handle: form.get("handle"), capabilityId: form.get("capabilityId") });
  if (!input.success) return { ok: false, message: "No service was named." };
  // Per publisher, all services together; requestTestNow keeps its own once-a-minute rule per service.
  const limit = await consume("testNow", viewer.id);
  if (!limit.ok) return { ok: false, message: limit.message };
  const result = await requestTestNow(viewer, input.data.handle, input.data.capabilityId);
  if (result.ok) revalidatePath("/dashboard/agents/[handle]/[capabilityId]", "page");
  return result;
}
