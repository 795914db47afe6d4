import { z } from "zod";
import { loadData } from "./data/load";
import { defineTool, READ_ONLY, round, TRANSFORMATION, ToolInputError, type DemoTool } from "./tool-kit";

const DIETS = ["vegan", "vegetarian", "gluten_free", "dairy_free"] as const;
const nutrition = z.object({
  calories: z.number(),
  protein_g: z.number(),
  carbs_g: z.number(),
  fat_g: z.number(),
  fiber_g: z.number(),
  sodium_mg: z.number(),
});
const ingredient = z.object({ item: z.string(), quantity: z.number(), unit: z.string() });
const recipe = z.object({
  recipe_id: z.string(),
  name: z.string(),
  cuisine: z.string(),
  diets: z.array(z.enum(DIETS)),
  servings: z.number().int(),
  minutes: z.number().int(),
  ingredients: z.array(ingredient),
  nutrition_per_serving: nutrition,
});
type Nutrition = z.infer<typeof nutrition>;

const recipes = loadData("recipes.json", z.array(recipe));

const findRecipes = defineTool({
  name: "find_recipes",
  title: "Find recipes",
  description: "Finds recipes in the bundled collection by ingredient, diet, calories per serving and time.",
  input: z.object({
    ingredient: z.string().min(2).max(40).optional().describe("An ingredient the recipe must use, e.g. tomato."),
    diet: z.enum(DIETS).optional(),
    max_calories: z.number().int().min(50).max(3000).optional().describe("Per serving."),
    max_minutes: z.number().int().min(5).max(600).optional(),
  }),
  output: z.object({
    count: z.number().int(),
    recipes: z.array(
      z.object({
        recipe_id: z.string(),
        name: z.string(),
        cuisine: z.string(),
        minutes: z.number().int(),
        calories_per_serving: z.number(),
        diets: z.array(z.string()),
      }),
    ),
  }),
  hints: READ_ONLY,
  run(args) {
    const needle = args.ingredient?.trim().toLowerCase();
    const matches = recipes
      .filter(
        (item) =>
          (needle === undefined || item.ingredients.some((part) => part.item.includes(needle))) &&
          (args.diet === undefined || item.diets.includes(args.diet)) &&
          (args.max_calories === undefined || item.nutrition_per_serving.calories <= args.max_calories) &&
          (args.max_minutes === undefined || item.minutes <= args.max_minutes),
      )
      .sort((a, b) => a.minutes - b.minutes || a.recipe_id.localeCompare(b.recipe_id));
    return {
      count: matches.length,
      recipes: matches.map((item) => ({
        recipe_id: item.recipe_id,
        name: item.name,
        cuisine: item.cuisine,
        minutes: item.minutes,
        calories_per_serving: item.nutrition_per_serving.calories,
        diets: item.diets,
      })),
    };
  },
});

function scale(values: Nutrition, factor: number): Nutrition {
  return {
    calories: round(values.calories * factor, 1),
    protein_g: round(values.protein_g * factor, 1),
    carbs_g: round(values.carbs_g * factor, 1),
    fat_g: round(values.fat_g * factor, 1),
    fiber_g: round(values.fiber_g * factor, 1),
    sodium_mg: round(values.sodium_mg * factor, 1),
  };
}

const nutritionFacts = defineTool({
  name: "nutrition_facts",
  title: "Nutrition facts",
  description:
    "Gives a bundled recipe's nutrition for a number of servings, its ingredient list scaled to match, and the share of calories from each macronutrient.",
  input: z.object({
    recipe_id: z.string().regex(/^rc_[a-z0-9_]+$/),
    servings: z.number().positive().max(100).optional().describe("Servings to compute for; the recipe's own yield when omitted."),
  }),
  output: z.object({
    recipe_id: z.string(),
    name: z.string(),
    servings: z.number(),
    per_serving: nutrition,
    total: nutrition,
    ingredients: z.array(ingredient),
    calories_from: z.object({ protein_percent: z.number(), carbs_percent: z.number(), fat_percent: z.number() }),
  }),
  hints: TRANSFORMATION,
  run({ recipe_id, servings }) {
    const found = recipes.find((item) => item.recipe_id === recipe_id);
    if (!found) throw new ToolInputError(`No recipe has the id ${recipe_id}.`);
    const count = servings ?? found.servings;
    const per = found.nutrition_per_serving;
    const macroCalories = per.protein_g * 4 + per.carbs_g * 4 + per.fat_g * 9;
    return {
      recipe_id,
      name: found.name,
      servings: count,
      per_serving: per,
      total: scale(per, count),
      ingredients: found.ingredients.map((part) => ({ ...part, quantity: round((part.quantity * count) / found.servings, 2) })),
      calories_from: {
        protein_percent: round(((per.protein_g * 4) / macroCalories) * 100, 1),
        carbs_percent: round(((per.carbs_g * 4) / macroCalories) * 100, 1),
        fat_percent: round(((per.fat_g * 9) / macroCalories) * 100, 1),
      },
    };
  },
});

export const recipeTools: DemoTool[] = [findRecipes, nutritionFacts];
