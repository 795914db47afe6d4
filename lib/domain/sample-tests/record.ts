import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { findTestFactsAround } from "@/lib/model/catalog/sample-test-capabilities";
import { sameLabels, shownLabels } from "./label-changes";
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
      await tx.$executeRaw`
        INSERT INTO "SampleTestState" ("capabilityId", "nextRunAt") VALUES (${input.capabilityId}, ${input.nextRunAt})
        ON CONFLICT ("capabilityId") DO UPDATE SET "nextRunAt" = coalesce("SampleTestState"."nextRunAt", EXCLUDED."nextRunAt")`;
      // Announced only when the test changed what the listing shows (label-changes.ts).
      const facts = await findTestFactsAround(tx, input.capabilityId, input.jobId);
      const now = new Date();
      const changed = facts !== null && !sameLabels(shownLabels(facts.before, now), shownLabels(facts.after, now));
      if (facts && changed) wrote(facts.agentId);
      return { ok: changed };
    });
    return "recorded";
  } catch (error) {
    const conflict = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
    if (conflict && (await db.sampleTest.count({ where: { jobId: input.jobId } })) > 0) return "duplicate";
    throw error;
  }
}
