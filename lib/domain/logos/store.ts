import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { db } from "@/lib/foundations/db/client";
import { clearAgentLogoHash } from "@/lib/model/catalog/agent-links";
import { agentsAs } from "@/lib/model/catalog/views";
import { agentVisibleSql } from "@/lib/model/catalog/visibility";
import type { LogoSize } from "./paths";

// THE place logo copies live: re-encoded WebP files in PostgreSQL (LogoImage), one per served size, and
// the hash the pages put in their URLs (Agent.logoSha256). Everything else goes through these functions.

type Tx = Prisma.TransactionClient;

/** Replaces the agent's served copies (inside the caller's listing write). */
export async function putLogoCopies(tx: Tx, agentId: string, copies: ReadonlyMap<LogoSize, Uint8Array>): Promise<void> {
  await tx.logoImage.deleteMany({ where: { agentId } });
  await tx.logoImage.createMany({ data: [...copies].map(([size, webp]) => ({ agentId, size, webp: new Uint8Array(webp) })) });
}

/** Stops serving the agent's logo: the pages show the monogram. True when there was one to stop. */
export async function dropLogoCopies(tx: Tx, agentId: string): Promise<boolean> {
  await tx.logoImage.deleteMany({ where: { agentId } });
  return clearAgentLogoHash(tx, agentId);
}

export type LogoCopy = { sha256: string; webp: Uint8Array };

const copyRow = z.object({ sha256: z.string(), webp: z.instanceof(Uint8Array) });

/**
 * One served copy, if the agent exists for this viewer by THE visibility rule (null: as signed out). The
 * route asks as signed out first: a copy found that way is the same for everyone and may be cached publicly.
 */
export async function readLogoCopy(handle: string, size: LogoSize, viewer: Viewer | null): Promise<LogoCopy | null> {
  const rows = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT a."logoSha256" AS "sha256", i."webp"
    FROM ${agentsAs("a")} JOIN "LogoImage" i ON i."agentId" = a."id" AND i."size" = ${size}
    WHERE a."handle" = ${handle} AND a."logoSha256" IS NOT NULL AND ${agentVisibleSql(viewer)}`);
  const row = rows[0];
  return row === undefined ? null : copyRow.parse(row);
}
