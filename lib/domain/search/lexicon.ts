import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { agentsAs, listingsAs } from "@/lib/model/catalog/views";
import { listingPublicSql } from "@/lib/model/catalog/visibility";

// The typo-correction lexicon holds only words of listings a signed-out visitor may see: a correction must
// never reveal that a word exists in a mature, unpublished or suspended listing. Each listing write gives it
// back what the written agents contributed before (AgentLexeme) and adds what they contribute now.

/** Serialises lexicon updates: concurrent writes touching the same words would otherwise deadlock. */
const LEXICON_LOCK = Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('explore_search_lexicon'))`;

const zeroed = (rows: { word: string; agents: number }[]) => rows.filter((r) => r.agents <= 0).map((r) => r.word);

/** In a listing write's transaction, after its rows are written: the lexicon again matches these agents' public listings. */
export async function refreshSearchLexicon(tx: Prisma.TransactionClient, agentHandles: string[]): Promise<void> {
  if (agentHandles.length === 0) return;
  await tx.$executeRaw(LEXICON_LOCK);
  const taken = await tx.$queryRaw<{ word: string; agents: number }[]>`
    WITH old AS (
      DELETE FROM "AgentLexeme" l USING ${agentsAs("a")}
      WHERE l."agentId" = a."id" AND a."handle" = ANY(${agentHandles}::text[])
      RETURNING l."word"
    ), counted AS (SELECT "word", count(*)::int AS n FROM old GROUP BY "word")
    UPDATE "SearchLexeme" s SET "agents" = s."agents" - counted.n FROM counted
    WHERE s."word" = counted."word"
    RETURNING s."word", s."agents"`;
  await tx.$executeRaw`
    WITH fresh AS (
      INSERT INTO "AgentLexeme" ("agentId", "word")
      SELECT DISTINCT c."agentId", w
      FROM ${listingsAs("c")},
           regexp_split_to_table(c."searchWords" || ' ' || lower(c."summary"), '[^[:alnum:]]+') w
      WHERE c."agentHandle" = ANY(${agentHandles}::text[]) AND ${listingPublicSql("c")} AND length(w) BETWEEN 3 AND 40
      RETURNING "word"
    )
    INSERT INTO "SearchLexeme" ("word", "agents")
    SELECT "word", count(*)::int FROM fresh GROUP BY "word"
    ON CONFLICT ("word") DO UPDATE SET "agents" = "SearchLexeme"."agents" + EXCLUDED."agents"`;
  const gone = zeroed(taken);
  if (gone.length > 0) await tx.$executeRaw`DELETE FROM "SearchLexeme" WHERE "word" = ANY(${gone}::text[]) AND "agents" <= 0`;
}
