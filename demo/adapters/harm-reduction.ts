import { z } from "zod";
import { loadData } from "./data/load";
import { defineTool, READ_ONLY, round, TRANSFORMATION, ToolInputError, type DemoTool } from "./tool-kit";

const topic = z.object({ title: z.string(), points: z.array(z.string()) });
const library = loadData("harm-reduction.json", z.object({ tobacco: z.record(z.string(), topic), cannabis: z.record(z.string(), topic) }));

const DISCLAIMER = "General information for adults, not medical advice. Speak to a health professional about your situation.";
const infoOutput = z.object({ topic: z.string(), title: z.string(), points: z.array(z.string()), other_topics: z.array(z.string()), disclaimer: z.string() });

function lookup(section: "tobacco" | "cannabis", name: string): z.infer<typeof infoOutput> {
  const entries = library[section];
  const found = entries[name];
  if (!found) throw new ToolInputError(`Unknown topic ${name}. Topics: ${Object.keys(entries).join(", ")}.`);
  return { topic: name, ...found, other_topics: Object.keys(entries).filter((key) => key !== name), disclaimer: DISCLAIMER };
}

const tobaccoInfo = defineTool({
  name: "tobacco_info",
  title: "Tobacco harm-reduction information",
  description: `Evidence-based information on quitting and reducing harm from tobacco. Topics: ${Object.keys(library.tobacco).join(", ")}.`,
  input: z.object({ topic: z.enum(Object.keys(library.tobacco)) }),
  output: infoOutput,
  hints: READ_ONLY,
  run: ({ topic: name }) => lookup("tobacco", name),
});

const cannabisInfo = defineTool({
  name: "cannabis_info",
  title: "Cannabis harm-reduction information",
  description: `Lower-risk use information about cannabis. Topics: ${Object.keys(library.cannabis).join(", ")}.`,
  input: z.object({ topic: z.enum(Object.keys(library.cannabis)) }),
  output: infoOutput,
  hints: READ_ONLY,
  run: ({ topic: name }) => lookup("cannabis", name),
});

const quitSavings = defineTool({
  name: "quit_smoking_savings",
  title: "Quit-smoking savings",
  description: "Counts the cigarettes not smoked and the money kept (in the currency of the pack price) over a period after quitting.",
  input: z.object({
    cigarettes_per_day: z.number().positive().max(100),
    pack_price: z.number().positive().max(1000).describe("Price of one pack, in any currency."),
    pack_size: z.number().int().min(1).max(50).default(20),
    days: z.number().int().min(1).max(36500),
  }),
  output: z.object({ cigarettes_not_smoked: z.number(), packs_not_bought: z.number(), money_kept: z.number(), per_year: z.number() }),
  hints: TRANSFORMATION,
  run({ cigarettes_per_day, pack_price, pack_size, days }) {
    const cigarettes = cigarettes_per_day * days;
    const packs = cigarettes / pack_size;
    return {
      cigarettes_not_smoked: round(cigarettes, 1),
      packs_not_bought: round(packs, 2),
      money_kept: round(packs * pack_price, 2),
      per_year: round(((cigarettes_per_day * 365) / pack_size) * pack_price, 2),
    };
  },
});

export const tobaccoTools: DemoTool[] = [tobaccoInfo, quitSavings];
export const cannabisTools: DemoTool[] = [cannabisInfo];
