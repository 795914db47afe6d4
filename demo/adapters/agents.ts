import { cocktailTools } from "./cocktails";
import { colorTools } from "./colors";
import { datingTools } from "./dating";
import { cannabisTools, tobaccoTools } from "./harm-reduction";
import { homeTools } from "./homes";
import { jsonTools } from "./json-tools";
import { loanTools } from "./loans";
import { createOddsTools } from "./odds";
import { passwordTools } from "./passwords";
import { recipeTools } from "./recipes";
import { createReminderTools, type ReminderStore } from "./reminders";
import { textStatsTools } from "./text-stats";
import { timezoneTools } from "./timezones";
import type { DemoTool } from "./tool-kit";
import { unitTools } from "./units";
import { wineTools } from "./wine";

/**
 * Every demo agent served by the adapters, by the slug of its path (`/<slug>/mcp`). `oddsPaidConsumers`:
 * Odds Lab's record of the consumer IDs that paid (demo/README.md).
 */
export function demoAgentTools(reminders: ReminderStore, oddsPaidConsumers: ReadonlySet<string>): ReadonlyMap<string, readonly DemoTool[]> {
  return new Map<string, readonly DemoTool[]>([
    ["homes", homeTools],
    ["units", unitTools],
    ["text-stats", textStatsTools],
    ["wine", wineTools],
    ["cocktails", cocktailTools],
    ["reminders", createReminderTools(reminders)],
    ["loans", loanTools],
    ["timezones", timezoneTools],
    ["json", jsonTools],
    ["passwords", passwordTools],
    ["colors", colorTools],
    ["recipes", recipeTools],
    ["odds", createOddsTools(oddsPaidConsumers)],
    ["dating", datingTools],
    ["harm-reduction", [...tobaccoTools, ...cannabisTools]],
  ]);
}
