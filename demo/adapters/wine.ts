import { z } from "zod";
import { defineTool, READ_ONLY, ToolInputError, type DemoTool } from "./tool-kit";

type Pairing = { styles: string[]; grapes: string[]; avoid: string[]; why: string };

// The classic pairing table the service is built on: a dish family, what suits it and why.
const PAIRINGS: Record<string, Pairing> = {
  salmon: {
    styles: ["dry rosé", "light red"],
    grapes: ["Pinot Noir", "Chardonnay (unoaked)"],
    avoid: ["Cabernet Sauvignon"],
    why: "Oily fish likes acidity and soft tannins; heavy tannins taste metallic with it.",
  },
  white_fish: {
    styles: ["crisp white"],
    grapes: ["Sauvignon Blanc", "Albariño", "Muscadet"],
    avoid: ["Syrah"],
    why: "Delicate flesh needs a light, high-acid wine that will not cover it.",
  },
  shellfish: {
    styles: ["crisp white", "sparkling"],
    grapes: ["Chablis (Chardonnay)", "Champagne", "Vermentino"],
    avoid: ["oaked Chardonnay"],
    why: "Salinity and sweetness of shellfish meet minerality and bubbles.",
  },
  chicken: {
    styles: ["medium white", "light red"],
    grapes: ["Chardonnay", "Pinot Noir", "Viognier"],
    avoid: [],
    why: "A versatile meat: match the sauce more than the bird.",
  },
  pork: {
    styles: ["off-dry white", "medium red"],
    grapes: ["Riesling", "Grenache", "Pinot Noir"],
    avoid: [],
    why: "Slight sweetness in pork suits fruit-forward wines.",
  },
  beef: { styles: ["full-bodied red"], grapes: ["Cabernet Sauvignon", "Malbec", "Syrah"], avoid: ["light white"], why: "Protein and fat soften firm tannins." },
  lamb: {
    styles: ["medium to full red"],
    grapes: ["Rioja (Tempranillo)", "Syrah", "Cabernet Franc"],
    avoid: [],
    why: "Herbal, gamey notes echo savoury reds.",
  },
  mushroom: {
    styles: ["earthy red", "aged white"],
    grapes: ["Pinot Noir", "Nebbiolo", "aged Chardonnay"],
    avoid: [],
    why: "Umami and earthiness mirror each other.",
  },
  spicy: {
    styles: ["off-dry white", "low-alcohol fruity"],
    grapes: ["Riesling (Kabinett)", "Gewürztraminer"],
    avoid: ["high-alcohol, tannic reds"],
    why: "Sweetness calms heat; alcohol and tannin make it burn more.",
  },
  tomato_pasta: {
    styles: ["high-acid red"],
    grapes: ["Sangiovese", "Barbera"],
    avoid: ["low-acid whites"],
    why: "Tomato is acidic; the wine must be at least as acidic.",
  },
  cheese_hard: {
    styles: ["medium red", "fortified"],
    grapes: ["Tempranillo", "Port"],
    avoid: [],
    why: "Salt and crystalline texture suit tannin and sweetness.",
  },
  cheese_soft: {
    styles: ["sparkling", "crisp white"],
    grapes: ["Champagne", "Sauvignon Blanc"],
    avoid: ["big tannic reds"],
    why: "Bubbles and acidity cut through creaminess.",
  },
  chocolate: {
    styles: ["sweet fortified"],
    grapes: ["Port", "Banyuls", "Pedro Ximénez"],
    avoid: ["dry white"],
    why: "The wine must be sweeter than the dessert.",
  },
  vegetables_green: {
    styles: ["herbaceous white"],
    grapes: ["Sauvignon Blanc", "Grüner Veltliner"],
    avoid: ["oaky reds"],
    why: "Green notes in the wine match green vegetables.",
  },
};

const DISHES = Object.keys(PAIRINGS);

const pairWine = defineTool({
  name: "pair_wine",
  title: "Pair wine with a dish",
  description: `Suggests wine styles and grapes for a dish family (${DISHES.join(", ")}), with what to avoid and why.`,
  input: z.object({
    dish: z.string().min(2).max(40).describe("A dish family such as salmon, beef, spicy or tomato_pasta."),
  }),
  output: z.object({
    dish: z.string(),
    styles: z.array(z.string()),
    grapes: z.array(z.string()),
    avoid: z.array(z.string()),
    why: z.string(),
    serving_note: z.string(),
  }),
  hints: READ_ONLY,
  run({ dish }) {
    const key = dish
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_");
    const pairing = PAIRINGS[key];
    if (!pairing) throw new ToolInputError(`No pairing for "${dish}". Known dish families: ${DISHES.join(", ")}.`);
    return { dish: key, ...pairing, serving_note: "For adults of legal drinking age. Drink responsibly." };
  },
});

const listDishes = defineTool({
  name: "list_pairing_dishes",
  title: "List dish families",
  description: "Lists the dish families the pairing table covers.",
  input: z.object({}),
  output: z.object({ dishes: z.array(z.string()), count: z.number().int() }),
  hints: READ_ONLY,
  run() {
    return { dishes: DISHES, count: DISHES.length };
  },
});

export const wineTools: DemoTool[] = [pairWine, listDishes];
