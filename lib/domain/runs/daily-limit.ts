import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Prisma } from "@/generated/prisma/client";

// A free plan's daily_limit: runs per user per capability per UTC day, counted from the execution records.

export function utcDayBounds(now: Date): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, resetsAt: new Date(start.getTime() + 86_400_000) };
}

type Client = Prisma.TransactionClient | typeof db;

export async function runsToday(userId: string, capabilityRowId: string, now: Date, client: Client = db): Promise<number> {
  const { start } = utcDayBounds(now);
  return client.execution.count({ where: { userId, capabilityId: capabilityRowId, startedAt: { gte: start } } });
}
