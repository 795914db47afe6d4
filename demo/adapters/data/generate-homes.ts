// Generated the bundled synthetic data set once: `tsx demo/adapters/data/generate-homes.ts`.
// Seeded, so running it again writes the same homes.json. Every home is made up.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const AREAS = [
  { ref: "loc:ca:dublin", city: "Dublin", state: "CA", zip: "94568", base: 1_150_000, count: 34 },
  { ref: "loc:ca:pleasanton", city: "Pleasanton", state: "CA", zip: "94566", base: 1_300_000, count: 30 },
  { ref: "loc:ca:livermore", city: "Livermore", state: "CA", zip: "94550", base: 950_000, count: 30 },
  { ref: "loc:tx:austin", city: "Austin", state: "TX", zip: "78704", base: 560_000, count: 36 },
  { ref: "loc:wa:seattle", city: "Seattle", state: "WA", zip: "98103", base: 880_000, count: 36 },
  { ref: "loc:co:denver", city: "Denver", state: "CO", zip: "80205", base: 610_000, count: 34 },
];
const STREETS = ["Oak", "Maple", "Cedar", "Willow", "Sycamore", "Juniper", "Hillcrest", "Lakeview", "Sunset", "Meadow", "Aspen", "Birch"];
const SUFFIXES = ["St", "Ave", "Ct", "Ln", "Dr", "Way", "Pl"];
const TYPES = ["single_family", "townhouse", "condo"] as const;

const random = mulberry32(20250101);
const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("empty list");
  return item;
};

const homes = AREAS.flatMap((area) =>
  Array.from({ length: area.count }, (_, index) => {
    const type = pick(TYPES);
    const beds = type === "condo" ? 1 + Math.floor(random() * 3) : 2 + Math.floor(random() * 4);
    const baths = Math.max(1, Math.min(beds + 1, Math.round((beds * 0.6 + random() * 1.5) * 2) / 2));
    const sqft = Math.round((type === "condo" ? 550 : 850) + beds * 380 + random() * 700);
    const price = Math.round((area.base * (0.55 + sqft / 3200) * (0.85 + random() * 0.3)) / 1000) * 1000;
    const day = 1 + Math.floor(random() * 28);
    const month = 1 + Math.floor(random() * 6);
    return {
      home_id: `hm_${area.ref.split(":")[2]?.replace(/-/g, "_")}_${String(index + 1).padStart(3, "0")}`,
      area_ref: area.ref,
      address: `${100 + Math.floor(random() * 9800)} ${pick(STREETS)} ${pick(SUFFIXES)}`,
      city: area.city,
      state: area.state,
      zip: area.zip,
      property_type: type,
      price_usd: price,
      beds,
      baths,
      sqft,
      year_built: 1950 + Math.floor(random() * 74),
      listed_on: `2025-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
      status: "active",
    };
  }),
);

writeFileSync(fileURLToPath(new URL("./homes.json", import.meta.url)), `[\n${homes.map((home) => JSON.stringify(home)).join(",\n")}\n]\n`);
console.log(`wrote ${homes.length} homes`);
