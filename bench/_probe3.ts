import { apiSearchServices } from "../lib/listings/api";
import { servicesQuerySchema, parseQuery } from "../lib/listings/api-schemas";
import { db } from "../lib/db";
const captured: { sql: string; values: unknown[] }[] = [];
const orig = db.$queryRaw.bind(db) as any;
(db as any).$queryRaw = (q: any, ...rest: any[]) => { if (q && typeof q.sql === "string") captured.push({ sql: q.text, values: q.values }); return orig(q, ...rest); };
const parsed = parseQuery(servicesQuerySchema, new URLSearchParams(process.argv[2] + "&limit=20"));
if (!parsed.ok) throw new Error("bad");
await apiSearchServices(parsed.data);
for (const c of captured) {
  const t = performance.now();
  const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>("EXPLAIN (ANALYZE, BUFFERS) " + c.sql, ...c.values);
  console.log("-----", (performance.now() - t).toFixed(1), "ms\n", c.sql.slice(0, 3000), "\n", JSON.stringify(c.values).slice(0, 300));
  console.log(plan.map((p) => p["QUERY PLAN"]).join("\n"));
}
await db.$disconnect();
