// npm test: type-check, lint, format check (Prettier), unit tests (Vitest) and end-to-end tests (Playwright in Chromium against
// the standalone build, deploy/build-web.sh + deploy/web.sh), all on one throw-away embedded PostgreSQL unless
// DATABASE_URL is set.
import { readFileSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { openMigratedDatabase, projectRoot } from "./lib/database";
import { bin, run } from "./lib/children";

const reports = path.join(projectRoot, "test-results");
const vitestJson = path.join(reports, "vitest.json");
const playwrightJson = path.join(reports, "playwright.json");
for (const f of [vitestJson, playwrightJson]) if (existsSync(f)) rmSync(f);

function step(name: string) {
  console.log(`\n━━ ${name}`);
}

let failedStep: string | null = null;
async function must(name: string, command: string, args: string[], extraEnv: Record<string, string> = {}) {
  if (failedStep) return;
  step(name);
  const code = await run(command, args, extraEnv);
  if (code !== 0) failedStep = name;
}

await must("type-check", bin("tsc"), ["--noEmit"]);
await must("lint", bin("eslint"), [".", "--max-warnings", "0"]);
await must("format", bin("prettier"), ["--check", ".", "--log-level", "warn"]);

const database = await openMigratedDatabase("throwaway");
try {
  const testEnv = {
    DATABASE_URL: database.url,
    AUTH_SECRET: "explore-test-secret-explore-test-secret-0000",
    AUTH_TRUST_HOST: "true",
  };
  await must("unit tests", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${vitestJson}`], testEnv);
  await must("build", "bash", ["deploy/build-web.sh"], testEnv);
  await must("end-to-end tests", bin("playwright"), ["test", "--reporter=list,json"], {
    ...testEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
} finally {
  await database.close();
}

// One closing line that counts both runners.
const vitestSummary = z.object({ numPassedTests: z.number(), numFailedTests: z.number() });
const playwrightSummary = z.object({ stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number() }) });
let passed = 0;
let failed = 0;
if (existsSync(vitestJson)) {
  const v = vitestSummary.parse(JSON.parse(readFileSync(vitestJson, "utf8")));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
}
if (existsSync(playwrightJson)) {
  const { stats } = playwrightSummary.parse(JSON.parse(readFileSync(playwrightJson, "utf8")));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}
if (failedStep) console.error(`\n${failedStep} failed`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
