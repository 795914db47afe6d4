import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { writeListings } from "@/lib/catalog/listing-writes";
import { sameLabels, shownLabels, testFactsOf } from "./label-changes";
import type { SampleTestOutcome } from "./run-sample-test";

export type RecordResult = "recorded" | "duplicate";

/**
 * Keeps one test's result and books the capability's next daily test, in one transaction, which announces the
 * agent's listings as changed when the result changes what they show. The job's ID is unique on SampleTest,
 * so a job retried after a crash that came after this commit records nothing.
 */
export async function recordSampleTest(input: {
  jobId: string;
  capabilityId: string;
  capabilityVersion: string;
  outcome: SampleTestOutcome;
  nextRunAt: Date;
}): Promise<RecordResult> {
  const { outcome } = input;
  try {
    // `ok` here says whether the listing changed: the test is recorded either way, announced only then.
    await writeListings(async (tx, wrote) => {
      const before = await testFactsOf(tx, input.capabilityId, true);
      await tx.sampleTest.create({
        data: {
          jobId: input.jobId,
          capabilityId: input.capabilityId,
          capabilityVersion: input.capabilityVersion,
          status: outcome.status,
          startedAt: outcome.startedAt,
          latencyMs: outcome.latencyMs,
          failureReason: outcome.failureReason,
          output: outcome.output === null ? Prisma.DbNull : outcome.output,
        },
        select: { id: true },
      });
      // A trigger that arrived during the test already moved nextRunAt earlier: keep that one.
      await tx.sampleTestState.upsert({
        where: { capabilityId: input.capabilityId },
        create: { capabilityId: input.capabilityId, nextRunAt: input.nextRunAt },
        update: {},
        select: { capabilityId: true },
      });
      await tx.sampleTestState.updateMany({
        where: { capabilityId: input.capabilityId, nextRunAt: null },
        data: { nextRunAt: input.nextRunAt },
      });
      // The trigger on "SampleTest" has moved the capability's latest test: announce the listing if that
      // changed what it shows (label-changes.ts).
      const after = await testFactsOf(tx, input.capabilityId, false);
      const now = new Date();
      const changed = before !== null && after !== null && !sameLabels(shownLabels(before, now), shownLabels(after, now));
      if (changed) wrote(after.agentId);
      return { ok: changed };
    });
    return "recorded";
  } catch (error) {
    const conflict = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
    if (conflict && (await db.sampleTest.count({ where: { jobId: input.jobId } })) > 0) return "duplicate";
    throw error;
  }
}
