import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { CatalogCapability } from "./read-model";
import { dataFromRow } from "./rows";

// What the data rules (lib/domain/data-rules) are matched against: every listed capability's data declaration.

/** Each listed capability's data view (its agent's `data_declared: false` included), whatever the viewer. */
export async function findListedDataViews(): Promise<Pick<CatalogCapability, "rowId" | "data">[]> {
  const rows = await db.capability.findMany({
    where: { listed: true },
    select: { id: true, data: true, agent: { select: { dataDeclared: true } } },
  });
  return rows.map((row) => ({ rowId: row.id, data: dataFromRow(row.agent.dataDeclared, row.data) }));
}
