import { apiSearchServices } from "../lib/listings/api";
import { servicesQuerySchema, parseQuery } from "../lib/listings/api-schemas";
import { benchQueries } from "./generate-listings";
import { db } from "../lib/db";
const qs = benchQueries();
for (let round = 0; round < 2; round++) {
  let total = 0;
  for (const q of qs) {
    const parsed = parseQuery(servicesQuerySchema, new URLSearchParams(q + "&limit=20"));
    if (!parsed.ok) throw new Error(q);
    const t = performance.now();
    await apiSearchServices(parsed.data);
    const ms = performance.now() - t;
    total += ms;
    if (round === 1) console.log(ms.toFixed(1).padStart(7), q);
  }
  console.log("total", total.toFixed(0), "mean", (total / qs.length).toFixed(1));
}
await db.$disconnect();
