import { Prisma } from "@/generated/prisma/client";

// The catalog's views (prisma/migrations/20261208000000_catalog_views), for the statements outside the catalog
// that read listings in the same statement as their own tables: search's (its postings, documents and lexicon
// beside the listings, ranked and filtered in one plan, measured in docs/benchmarks.md), a card's figures and a
// logo's copy. They read these relations under the aliases they choose; only the catalog names its tables.
//
// catalog_listings: one row per capability, listed or not (THE visibility rule's fragments over a listing,
// visibility.ts listingVisibleSql and its kin, decide who sees it): the capability's columns that readers outside
// the catalog need, under "Capability"'s names; its agent's, prefixed "agent" ("agentHandle", "agentStatus"…); and
// "planTerms", its plans in order as JSON text, what the search index words its price summary from
// (memory/listing-cards.ts). The migration lists the columns. Read by search (postgres/: matching, filters, orders,
// facets, postings, highlights; memory/load.ts: the index's load and patches; lexicon.ts), card figures
// (listings/card-stats.ts) and the API's figures (api-reads.ts, over lib/model/figures).
// catalog_agents: each agent's "id", "handle", "status", "ownerId" and "logoSha256", named as "Agent" names
//   them, so agentVisibleSql reads it as it reads the table. Read by the lexicon (an agent's words) and the
//   logo store.
//
// A view is inlined into the statement that reads it (no aggregate, LIMIT or DISTINCT at its top): the statement
// is planned as if written over the tables. The agent is a LEFT JOIN, which returns the rows an inner join would
// (every capability has its agent): PostgreSQL drops it when no agent column is read (highlights, card figures,
// the exact-name lookup of the postings) and plans it as the inner join when the WHERE needs the agent's row (the
// visibility rule for anyone but an administrator, the language filter). Keep both when changing the views.
//
// A view's columns are fixed when it is created. PostgreSQL refuses to drop or retype a column a view uses: such a
// migration drops these views first and creates them again after; a renamed column keeps its old name here until
// the view is created again. A column a reader outside the catalog needs is added the same way (or by CREATE OR
// REPLACE VIEW, at the end of the view's list).

function ident(alias: string): Prisma.Sql {
  if (!/^[a-z][a-z0-9_]*$/.test(alias)) throw new Error(`catalog view: bad alias ${alias}`);
  return Prisma.raw(alias);
}

/** The listings (catalog_listings) under `alias`. */
export function listingsAs(alias = "c"): Prisma.Sql {
  return Prisma.sql`catalog_listings ${ident(alias)}`;
}

/** The agents (catalog_agents) under `alias`. */
export function agentsAs(alias = "a"): Prisma.Sql {
  return Prisma.sql`catalog_agents ${ident(alias)}`;
}
