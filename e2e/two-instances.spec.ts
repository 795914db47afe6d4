import { spawn, type ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request as requests, test, type APIRequestContext } from "@playwright/test";
import { expectWithin, freePort, signInByEmail } from "./helpers";
import { roles } from "./roles/roles";

// Two web instances on one database, each with its own search index. A listing re-imported as mature (by the
// CLI, a third process), unpublished (in the dashboard) or suspended (by an administrator) disappears for
// signed-out visitors of both within 2 s, on every path that showed it, and for a signed-in visitor (what would
// keep anything for them, such as kept catalog reads, must forget too).

const root = path.resolve(import.meta.dirname, "..");
// Made in the worker that runs the tests (a file's top level also runs where the tests are listed).
let dir = "";
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "explore-two-"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));
const OWNER = "two-instances@example.com";

function importWithCli(text: string): Promise<{ code: number; stderr: string }> {
  const file = path.join(dir, `agent-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, text);
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, "bin/explore.mjs"), "import", file, "--owner", OWNER], { cwd: dir }, (error, _out, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

/** A listing of its own: a made-up word to search for, and a mark in its summary no other answer holds (not even a 404's echo of the URL). */
function listing() {
  const word = `quill${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, "")
    .slice(0, 6)}`;
  const handle = `@two-${Date.now().toString(36)}`;
  // Not the searched word: search pages mark that word up, splitting the text around it.
  const mark = `made by zx${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, "")
    .slice(0, 6)}`;
  const file = (mature: boolean) =>
    JSON.stringify({
      ekl: "1.0",
      mode: "service_provider",
      execution_mode: "durable",
      agent: { handle, display_name: "Two Instances", purpose: "Pairs wines for the two-instance test." },
      adapter: { endpoint: "https://wine.example.com/mcp" },
      capabilities: [
        {
          tool: "pair_wine",
          name: `Pairing ${word}`,
          summary: `Suggests a wine for a dish, ${mark}.`,
          category: "food.recipes",
          limitations: "Red wines only.",
          class: "read_only",
          ...(mature ? { content_rating: "mature", mature_reasons: ["alcohol"] } : {}),
        },
      ],
    });
  const pages = [`/services/${handle}/cap_pair_wine`, `/agents/${handle}`];
  const paths = [...pages, `/?q=${word}`, `/api/v1/services?query=${word}`, `/api/v1/services/${handle}/cap_pair_wine`];
  return { word, handle, mark, file, pages, paths };
}

/** A signed-in adult with 18+ off: sees what everyone sees, so would share anything kept for everyone. */
function signedIn(): Promise<APIRequestContext> {
  return requests.newContext({ storageState: roles.adultOff.storageState });
}

/** Every path shows the listing to this visitor on both servers, so whatever either keeps for them exists before the write. */
async function shownEverywhere(request: APIRequestContext, urls: string[], mark: string): Promise<void> {
  for (const url of urls) expect(await (await request.get(url)).text(), url).toContain(mark);
}

/** No path on either server shows it to a request begun 2 s or more after the write (`since`). */
async function goneEverywhere(request: APIRequestContext, urls: string[], mark: string, since: number): Promise<void> {
  const stillShowing = async () => {
    const bodies = await Promise.all(urls.map(async (url) => ({ url, body: await (await request.get(url)).text() })));
    return bodies.filter((b) => b.body.includes(mark)).map((b) => b.url);
  };
  await expectWithin(since, 2_000, "still showing on", stillShowing, (showing) => showing.length === 0);
}

test.describe("two web instances", () => {
  let second: ChildProcess | null = null;
  let origins: string[] = [];

  test.beforeAll(async ({ baseURL }) => {
    const port = await freePort();
    const secondOrigin = `http://127.0.0.1:${port}`;
    origins = [baseURL ?? "", secondOrigin];
    second = spawn("bash", ["deploy/web.sh"], {
      cwd: root,
      env: {
        ...process.env,
        HOSTNAME: "127.0.0.1",
        PORT: String(port),
        EXPLORE_DEMO: "1",
        AUTH_URL: secondOrigin,
        EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1",
        RATE_LIMIT_API: "100000/1m",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await expect.poll(async () => (await fetch(`${secondOrigin}/api/health/live`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
  });

  test.afterAll(async () => {
    if (second && second.exitCode === null) {
      second.kill("SIGTERM");
      await once(second, "exit");
    }
  });

  const urlsOf = (paths: string[]) => origins.flatMap((origin) => paths.map((p) => `${origin}${p}`));

  test("a listing re-imported as mature by the CLI disappears from both within 2 s, on every path", async ({ request }) => {
    test.setTimeout(240_000);
    const l = listing();
    expect(await importWithCli(l.file(false))).toMatchObject({ code: 0, stderr: "" });
    await shownEverywhere(request, urlsOf(l.paths), l.mark);
    const adult = await signedIn();
    await shownEverywhere(adult, urlsOf(l.pages), l.mark);
    expect(await importWithCli(l.file(true))).toMatchObject({ code: 0, stderr: "" });
    const since = Date.now();
    await goneEverywhere(request, urlsOf(l.paths), l.mark, since);
    await goneEverywhere(adult, urlsOf(l.pages), l.mark, since);
    await adult.dispose();
  });

  test("a listing unpublished in the dashboard disappears from both within 2 s", async ({ page, request }) => {
    test.setTimeout(240_000);
    const l = listing();
    expect(await importWithCli(l.file(false))).toMatchObject({ code: 0, stderr: "" });
    await signInByEmail(page, OWNER, "/dashboard");
    await shownEverywhere(request, urlsOf(l.paths), l.mark);
    const adult = await signedIn();
    await shownEverywhere(adult, urlsOf(l.pages), l.mark);
    await page.getByRole("button", { name: `Unpublish ${l.handle}`, exact: true }).click();
    await page.getByRole("button", { name: `Yes, unpublish ${l.handle}`, exact: true }).click();
    await expect(page.getByRole("button", { name: `Publish ${l.handle}`, exact: true })).toBeVisible();
    const since = Date.now();
    await goneEverywhere(request, urlsOf(l.paths), l.mark, since);
    await goneEverywhere(adult, urlsOf(l.pages), l.mark, since);
    await adult.dispose();
  });

  test("a listing suspended by an administrator disappears from both within 2 s", async ({ browser, request }) => {
    test.setTimeout(240_000);
    const l = listing();
    expect(await importWithCli(l.file(false))).toMatchObject({ code: 0, stderr: "" });
    // Reported first: the administrators' queue lists reported listings.
    const reporterContext = await browser.newContext({ storageState: roles.publisherB.storageState });
    const reporter = await reporterContext.newPage();
    await reporter.goto(`/services/${l.handle}/cap_pair_wine`);
    await reporter.getByRole("link", { name: "Report this service" }).click();
    await reporter.getByLabel(/Misleading/).check();
    await reporter.getByRole("button", { name: "Send report" }).click();
    await expect(reporter.getByRole("status").filter({ hasText: "Thank you" })).toBeVisible();
    await reporterContext.close();

    await shownEverywhere(request, urlsOf(l.paths), l.mark);
    const adminContext = await browser.newContext({ storageState: roles.admin.storageState });
    const admin = await adminContext.newPage();
    await admin.goto("/admin");
    const name = `Pairing ${l.word}`;
    await admin.getByLabel(`Reason for suspending ${name}`).first().fill("Not what it says.");
    await admin
      .getByRole("button", { name: `Suspend ${name}` })
      .first()
      .click();
    // The 2 s count from the write, as for the other two: once the page lists it among the suspended ones.
    await expect(admin.getByRole("button", { name: `Reinstate ${name}` })).toBeVisible();
    await goneEverywhere(request, urlsOf(l.paths), l.mark, Date.now());
    await adminContext.close();
  });
});
