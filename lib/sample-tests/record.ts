import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { listingsChangedSql } from "@/lib/catalog/listing-writes";
import type { SampleTestOutcome } from "./run-sample-test";

export type RecordResult = "recorded" | "duplicate";

/**
 * Keeps one test's result and books the capability's next daily test, in one transaction. The job's ID
 * is unique on SampleTest, so a job retried after a crash that came after this commit records nothing.
 * Its listing's sample-test label may appear or fail with it: the write is announced as one of the agent's
 * (lib/catalog/listing-writes.ts), so search indexes read it and shared caches forget its pages.
 */
export async function recordSampleTest(input: {
  jobId: string;
  capabilityId: string;
  capabilityVersion: string;
  outcome: SampleTestOutcome;
  nextRunAt: Date;
}): Promise<RecordResult> {
  const { outcome } = input;
  const capability = await db.capability.findUnique({ where: { id: input.capabilityId }, select: { agentId: true } });
  try {
    await db.$transaction([
      db.sampleTest.create({
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
      }),
      // A trigger that arrived during the test already moved nextRunAt earlier: keep that one.
      db.sampleTestState.upsert({
        where: { capabilityId: input.capabilityId },
        create: { capabilityId: input.capabilityId, nextRunAt: input.nextRunAt },
        update: {},
        select: { capabilityId: true },
      }),
      db.sampleTestState.updateMany({
        where: { capabilityId: input.capabilityId, nextRunAt: null },
        data: { nextRunAt: input.nextRunAt },
      }),
      db.$executeRaw(listingsChangedSql(capability ? [capability.agentId] : null)),
    ]);
    return "recorded";
  } catch (error) {
    const conflict = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
    if (conflict && (await db.sampleTest.count({ where: { jobId: input.jobId } })) > 0) return "duplicate";
    throw error;
  }
}
