import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { listingsChangedSql } from "@/lib/catalog/listing-writes";
import { sampleTestFreshSince } from "./sample-tested";
import type { SampleTestOutcome } from "./run-sample-test";

export type RecordResult = "recorded" | "duplicate";

/**
 * Keeps one test's result and books the capability's next daily test, in one transaction. The job's ID
 * is unique on SampleTest, so a job retried after a crash that came after this commit records nothing.
 * When its listing's sample-test label may change kind with it — appear, fail, come back — the write is announced
 * as one of the agent's (lib/catalog/listing-writes.ts), so search indexes read it and shared caches forget its
 * pages. A pass after a pass only moves the label's "passed … ago": not announced, shown once shared pages expire.
 */
export async function recordSampleTest(input: {
  jobId: string;
  capabilityId: string;
  capabilityVersion: string;
  outcome: SampleTestOutcome;
  nextRunAt: Date;
}): Promise<RecordResult> {
  const { outcome } = input;
  const before = await db.capability.findUnique({ where: { id: input.capabilityId }, select: { agentId: true, lastTestAt: true, lastTestPassed: true } });
  const wasTested = before?.lastTestPassed === true && before.lastTestAt !== null && before.lastTestAt > sampleTestFreshSince(outcome.startedAt);
  const labelMayChange = !(wasTested && outcome.status === "passed");
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
      ...(labelMayChange ? [db.$executeRaw(listingsChangedSql(before ? [before.agentId] : null))] : []),
    ]);
    return "recorded";
  } catch (error) {
    const conflict = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
    if (conflict && (await db.sampleTest.count({ where: { jobId: input.jobId } })) > 0) return "duplicate";
    throw error;
  }
}
