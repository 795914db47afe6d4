// npm run db:seed [-- --if-empty]: imports and publishes the demo network (demo/agents/*.json).
import { env } from "../lib/foundations/env";
import { db } from "../lib/foundations/db/client";
import { isDemoSeeded, seedDemoNetwork } from "./lib/seed-demo";

const ifEmpty = process.argv.includes("--if-empty");
try {
  if (ifEmpty && (await isDemoSeeded())) {
    console.log("demo network already seeded");
  } else {
    const n = await seedDemoNetwork(env.DEMO_ADAPTERS_URL);
    console.log(`seeded the demo network: ${n} agents`);
  }
} finally {
  await db.$disconnect();
}
