import "server-only";
import { cache } from "react";
import { findListedDataViews } from "@/lib/model/catalog/listed-data";
import { matchesDataRules } from "./match";
import { hasAnyRule, type DataRules } from "./rules";
import { formatRulesParam, parseRulesParam } from "./url";

// "Matches my data rules" as a filter other queries compose with. The verdict comes from the one
// pure matcher (match.ts), run over every listed capability's stored declaration; the result is a
// set of row ids the caller ANDs into its own where (so visibility, paging and counts stay theirs).
// This is exact by construction; it reads each listed row's `data` once per request and rule set,
// which is fine for a catalogue of thousands. Past that, denormalise the rules' inputs into columns
// (as inputsRetained, usedForTraining and processingRegions already are) and translate to SQL.

const matchingIdsByKey = cache(async (key: string): Promise<string[]> => {
  const { rules } = parseRulesParam(key);
  const listed = await findListedDataViews();
  return listed.filter((row) => matchesDataRules(rules, row.data)).map((row) => row.rowId);
});

/** Ids of the listed capabilities that meet the rules, or null when the rules demand nothing. */
export async function matchingCapabilityIds(rules: DataRules): Promise<string[] | null> {
  if (!hasAnyRule(rules)) return null;
  return matchingIdsByKey(formatRulesParam(rules));
}
