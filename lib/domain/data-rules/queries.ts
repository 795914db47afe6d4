import "server-only";
import { cache } from "react";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { NO_RULES, hasAnyRule, readStoredRules, type DataRules } from "./rules";
import { parseRulesParam } from "./url";

/** The viewer's saved data rules (no rules when signed out or never set). */
export const findSavedDataRules = cache(async (viewerId: string): Promise<DataRules> => {
  const row = await db.user.findUnique({ where: { id: viewerId }, select: { dataRules: true } });
  return row ? readStoredRules(row.dataRules) : NO_RULES;
});

/** Saves the viewer's data rules, keyed by their own id. */
export async function saveDataRules(viewerId: string, rules: DataRules): Promise<void> {
  const value: Prisma.InputJsonObject = { ...rules };
  await db.user.update({ where: { id: viewerId }, data: { dataRules: value } });
}

export type RulesFilter = {
  /** The rules in force for this request. */
  rules: DataRules;
  /** `rules=mine` was asked for (the viewer's saved rules). */
  mine: boolean;
  active: boolean;
};

/**
 * The data rules a page filters by, from its `rules` search parameter: explicit rules for anyone,
 * and with `mine` the signed-in viewer's saved rules (explicit tokens are then ignored).
 */
export async function resolveRulesFilter(viewer: Viewer | null, param: string | string[] | undefined): Promise<RulesFilter> {
  const parsed = parseRulesParam(param);
  if (parsed.mine && viewer) {
    const rules = await findSavedDataRules(viewer.id);
    return { rules, mine: true, active: hasAnyRule(rules) };
  }
  return { rules: parsed.rules, mine: false, active: hasAnyRule(parsed.rules) };
}
