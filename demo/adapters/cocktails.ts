import { z } from "zod";
import { defineTool, round, TRANSFORMATION, type DemoTool } from "./tool-kit";

const ETHANOL_DENSITY = 0.789; // g/ml
// Grams of pure alcohol in one standard drink, by country's guidance.
const STANDARD_DRINK_GRAMS = { US: 14, UK: 8, AU: 10, IE: 10, CA: 13.45, DE: 10 } as const;
const country = z.enum(["US", "UK", "AU", "IE", "CA", "DE"]);

const standardDrinks = defineTool({
  name: "standard_drinks",
  title: "Standard drinks",
  description: "Computes the pure alcohol in a drink and how many standard drinks (or UK units) it is.",
  input: z.object({
    volume_ml: z.number().positive().max(5000),
    abv_percent: z.number().min(0).max(96),
    country: country.default("US"),
  }),
  output: z.object({
    alcohol_ml: z.number(),
    alcohol_grams: z.number(),
    standard_drinks: z.number(),
    standard_drink_grams: z.number(),
    country: z.string(),
  }),
  hints: TRANSFORMATION,
  run({ volume_ml, abv_percent, country: where }) {
    const alcoholMl = (volume_ml * abv_percent) / 100;
    const grams = alcoholMl * ETHANOL_DENSITY;
    const perDrink = STANDARD_DRINK_GRAMS[where];
    return {
      alcohol_ml: round(alcoholMl, 3),
      alcohol_grams: round(grams, 3),
      standard_drinks: round(grams / perDrink, 2),
      standard_drink_grams: perDrink,
      country: where,
    };
  },
});

const cocktailAbv = defineTool({
  name: "cocktail_abv",
  title: "Cocktail strength",
  description: "Computes the final ABV and volume of a mixed drink from its ingredients and dilution from ice.",
  input: z.object({
    ingredients: z
      .array(z.object({ name: z.string().min(1), volume_ml: z.number().positive(), abv_percent: z.number().min(0).max(96) }))
      .min(1)
      .max(12),
    dilution_percent: z
      .number()
      .min(0)
      .max(60)
      .default(0)
      .describe("Water added by shaking or stirring, as a percentage of the undiluted volume (stirred ~20, shaken ~25)."),
  }),
  output: z.object({
    total_volume_ml: z.number(),
    alcohol_ml: z.number(),
    abv_percent: z.number(),
    us_standard_drinks: z.number(),
  }),
  hints: TRANSFORMATION,
  run({ ingredients, dilution_percent }) {
    const base = ingredients.reduce((sum, item) => sum + item.volume_ml, 0);
    const alcohol = ingredients.reduce((sum, item) => sum + (item.volume_ml * item.abv_percent) / 100, 0);
    const total = base * (1 + dilution_percent / 100);
    return {
      total_volume_ml: round(total, 2),
      alcohol_ml: round(alcohol, 2),
      abv_percent: round((alcohol / total) * 100, 2),
      us_standard_drinks: round((alcohol * ETHANOL_DENSITY) / STANDARD_DRINK_GRAMS.US, 2),
    };
  },
});

export const cocktailTools: DemoTool[] = [standardDrinks, cocktailAbv];
