import { Prisma } from "@/generated/prisma/client";

// The catalog's tables as SQL names them, for the statements outside the catalog that must read them in the
// same statement as their own tables: search's (its postings, documents and lexicon beside the listings, ranked and
// filtered in one plan, measured in docs/benchmarks.md), a card's figures and a logo's copy. Only the catalog names
// its tables; those statements take these fragments under the aliases they choose and read the columns through them.

function ident(alias: string): Prisma.Sql {
  if (!/^[a-z][a-z0-9_]*$/.test(alias)) throw new Error(`catalog table: bad alias ${alias}`);
  return Prisma.raw(alias);
}

/** The listings (capabilities) under `alias`. */
export function capabilitiesAs(alias: string): Prisma.Sql {
  return Prisma.sql`"Capability" ${ident(alias)}`;
}

/** The agents under `alias`. */
export function agentsAs(alias: string): Prisma.Sql {
  return Prisma.sql`"Agent" ${ident(alias)}`;
}

/** The plans under `alias`. */
export function plansAs(alias: string): Prisma.Sql {
  return Prisma.sql`"Plan" ${ident(alias)}`;
}

/** The agent of the listing `c`, joined as `a`. */
export function agentJoinSql(c = "c", a = "a"): Prisma.Sql {
  return Prisma.sql`JOIN ${agentsAs(a)} ON ${ident(a)}."id" = ${ident(c)}."agentId"`;
}

/** The listings as `c` with their agents as `a`: what the visibility rule's fragments read (visibility.ts). */
export function listingsFromSql(c = "c", a = "a"): Prisma.Sql {
  return Prisma.sql`${capabilitiesAs(c)} ${agentJoinSql(c, a)}`;
}
