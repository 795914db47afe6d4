import { z } from "zod";
import { loadData } from "./data/load";
import { defineTool, READ_ONLY, ToolInputError, type DemoTool } from "./tool-kit";

const home = z.object({
  home_id: z.string(),
  area_ref: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  property_type: z.enum(["single_family", "townhouse", "condo"]),
  price_usd: z.number(),
  beds: z.number().int(),
  baths: z.number(),
  sqft: z.number().int(),
  year_built: z.number().int(),
  listed_on: z.string(),
  status: z.literal("active"),
});
type Home = z.infer<typeof home>;

const homes: Home[] = loadData("homes.json", z.array(home));
const AREAS = [...new Set(homes.map((item) => item.area_ref))].sort();

const areaRef = z
  .string()
  .regex(/^loc:[a-z]{2}:[a-z0-9-]+$/)
  .describe(`Area reference such as loc:ca:dublin. Supported: ${AREAS.join(", ")}.`);

function requireArea(ref: string): Home[] {
  const inArea = homes.filter((item) => item.area_ref === ref);
  if (inArea.length === 0) throw new ToolInputError(`Area ${ref} is not supported. Supported areas: ${AREAS.join(", ")}.`);
  return inArea;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  if (sorted.length % 2 === 1) return upper;
  return ((sorted[middle - 1] ?? upper) + upper) / 2;
}

const searchHomes = defineTool({
  name: "search_homes",
  title: "Search active homes",
  description: "Searches active for-sale homes in a supported US area by price, beds, baths and property type.",
  input: z.object({
    area_ref: areaRef,
    min_price: z.number().int().min(0).optional(),
    max_price: z.number().int().min(0).optional(),
    min_beds: z.number().int().min(0).max(10).optional(),
    min_baths: z.number().min(0).max(10).optional(),
    property_type: z.enum(["single_family", "townhouse", "condo"]).optional(),
    sort: z.enum(["price_asc", "price_desc", "newest"]).default("price_asc"),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  output: z.object({
    area_ref: z.string(),
    total: z.number().int().describe("Matching homes before the limit."),
    returned: z.number().int(),
    homes: z.array(home),
  }),
  hints: READ_ONLY,
  run(args) {
    const matches = requireArea(args.area_ref).filter(
      (item) =>
        (args.min_price === undefined || item.price_usd >= args.min_price) &&
        (args.max_price === undefined || item.price_usd <= args.max_price) &&
        (args.min_beds === undefined || item.beds >= args.min_beds) &&
        (args.min_baths === undefined || item.baths >= args.min_baths) &&
        (args.property_type === undefined || item.property_type === args.property_type),
    );
    const sorted = [...matches].sort((a, b) =>
      args.sort === "price_desc"
        ? b.price_usd - a.price_usd
        : args.sort === "newest"
          ? b.listed_on.localeCompare(a.listed_on) || a.home_id.localeCompare(b.home_id)
          : a.price_usd - b.price_usd || a.home_id.localeCompare(b.home_id),
    );
    const page = sorted.slice(0, args.limit);
    return { area_ref: args.area_ref, total: matches.length, returned: page.length, homes: page };
  },
});

const getHome = defineTool({
  name: "get_home",
  title: "Home details",
  description: "Returns one active home by its home_id, with price per square foot.",
  input: z.object({ home_id: z.string().regex(/^hm_[a-z0-9_]+$/) }),
  output: z.object({ home, price_per_sqft: z.number() }),
  hints: READ_ONLY,
  run({ home_id }) {
    const found = homes.find((item) => item.home_id === home_id);
    if (!found) throw new ToolInputError(`No active home has the id ${home_id}.`);
    return { home: found, price_per_sqft: Math.round(found.price_usd / found.sqft) };
  },
});

const areaMarketStats = defineTool({
  name: "area_market_stats",
  title: "Area market statistics",
  description: "Summarises the active listings of a supported area: count, median and range of prices, median price per square foot.",
  input: z.object({ area_ref: areaRef }),
  output: z.object({
    area_ref: z.string(),
    active_listings: z.number().int(),
    median_price_usd: z.number(),
    min_price_usd: z.number(),
    max_price_usd: z.number(),
    median_price_per_sqft: z.number(),
    by_property_type: z.object({ single_family: z.number().int(), townhouse: z.number().int(), condo: z.number().int() }),
  }),
  hints: READ_ONLY,
  run({ area_ref }) {
    const inArea = requireArea(area_ref);
    const prices = inArea.map((item) => item.price_usd);
    const count = (type: Home["property_type"]) => inArea.filter((item) => item.property_type === type).length;
    return {
      area_ref,
      active_listings: inArea.length,
      median_price_usd: median(prices),
      min_price_usd: Math.min(...prices),
      max_price_usd: Math.max(...prices),
      median_price_per_sqft: Math.round(median(inArea.map((item) => item.price_usd / item.sqft))),
      by_property_type: { single_family: count("single_family"), townhouse: count("townhouse"), condo: count("condo") },
    };
  },
});

export const homeTools: DemoTool[] = [searchHomes, getHome, areaMarketStats];
