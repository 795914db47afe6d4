import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectWithin } from "./helpers";
import { ADMIN_EMAIL, leak, roles } from "./roles/roles";

// The production topology (e2e/topology-stack.ts): Varnish in front of two web instances of the standalone build,
// and the worker purging Varnish when listings change. A listing taken away from signed-out visitors — suspended,
// unpublished, re-imported as 18+ — stops being served to them within 2 s on every path that showed it (pages,
// client navigations, the API), though each was stored in Varnish; a publisher's change shows within 2 s.
// The leak suite and the malformed-request suite run through this Varnish too (the "varnish" project).

const run = Date.now().toString(36);
const handle = `@topology-${run}`;
const capabilityId = "cap_topology_listing";
const word = `tidewatch${run}`;
/** In every answer that shows the listing: its page's address (pages, navigations and the API all carry it). */
const marker = `${handle.slice(1)}/${capabilityId}`;
const owner = roles.publisherA.email ?? "";

function write(...args: string[]): void {
  execFileSync("npx", ["tsx", "--conditions=react-server", path.join("e2e", "topology-writes.ts"), ...args], { stdio: "inherit", env: process.env });
}

type Answer = { status: number; body: string; cache: string | undefined };
type Path = { name: string; get: (request: APIRequestContext) => Promise<Answer> };

const plain = (url: string): Path => ({
  name: url,
  get: async (request) => {
    const response = await request.get(url, { maxRedirects: 0 });
    return { status: response.status(), body: await response.text(), cache: response.headers()["x-cache"] };
  },
});

// A client navigation, as the browser's router asks for it: Next sends a request without its `_rsc` key to the
// address with the key, and answers that one.
const ROUTER_STATE = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }]));
const navigation = (url: string): Path => ({
  name: `${url} (client navigation)`,
  get: async (request) => {
    const headers = { RSC: "1", "Next-Router-State-Tree": ROUTER_STATE };
    const first = await request.get(url, { headers, maxRedirects: 0 });
    const location = first.headers().location;
    const response = first.status() === 307 && location ? await request.get(location, { headers, maxRedirects: 0 }) : first;
    expect(response.headers()["content-type"] ?? "", url).toContain("text/x-component");
    return { status: response.status(), body: await response.text(), cache: response.headers()["x-cache"] };
  },
});

const service = `/services/${handle}/${capabilityId}`;
const paths: Path[] = [
  plain(service),
  plain(`/agents/${handle}`),
  plain(`/?q=${word}`),
  navigation(service),
  navigation(`/?q=${word}`),
  plain(`/api/v1/services/${handle}/${capabilityId}`),
  plain(`/api/v1/services?query=${word}`),
  plain(`/api/v1/agents/${handle}`),
];

/** A 404 about the listing may echo its address (the problem's `instance`): only a 200 shows it. */
const shows = (answer: { status: number; body: string }, text: string) => answer.status === 200 && answer.body.includes(text);

/**
 * On every path at once, a request begun within 2 s of `since` (a write's commit) gets an answer that `matches`. What
 * counts is when the request began: rendering a page again after a purge takes what it takes on a busy machine.
 */
async function within2s(request: APIRequestContext, since: number, what: string, matches: (answer: Answer) => boolean): Promise<void> {
  // Until the purge lands, each request is a hit in Varnish: asking again at once costs little.
  await Promise.all(paths.map((p) => expectWithin(since, 2_000, `${p.name}: ${what}`, () => p.get(request), matches)));
}

/** After a write, every path shows `text` within 2 s, and is then served from Varnish's store. */
async function expectShownWithin2s(request: APIRequestContext, since: number, text: string): Promise<void> {
  await within2s(request, since, `shows ${text}`, (answer) => shows(answer, text));
  // Other tests' listing writes purge the lists now and then: stored again at the next request.
  for (const p of paths) await expect.poll(async () => (await p.get(request)).cache, { message: `${p.name} is stored in Varnish` }).toBe("hit");
}

/** After a write, no path shows the listing to a signed-out visitor within 2 s. */
async function expectGoneWithin2s(request: APIRequestContext, since: number, what: string): Promise<void> {
  await within2s(request, since, `gone after ${what}`, (answer) => !shows(answer, marker));
}

/** Runs e2e/topology-writes.ts and returns when it committed. */
function written(...args: string[]): number {
  write(...args);
  return Date.now();
}

test.describe.configure({ mode: "serial" });

test("a listing taken away from signed-out visitors is gone from Varnish within 2 s on every path, and a publisher's change shows as fast", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const signedOut = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: { cookies: [], origins: [] } });

  await expectShownWithin2s(signedOut, written("import", owner, handle, "Harbour Tide Table", word, "general"), "Harbour Tide Table");
  await expectShownWithin2s(signedOut, written("import", owner, handle, "Harbour Tide Almanac", word, "general"), "Harbour Tide Almanac");

  await expectGoneWithin2s(signedOut, written("suspend", ADMIN_EMAIL, handle, capabilityId), "a suspension");
  expect((await plain(service).get(signedOut)).status).toBe(404);
  await expectShownWithin2s(signedOut, written("reinstate", ADMIN_EMAIL, handle, capabilityId), marker);

  await expectGoneWithin2s(signedOut, written("unpublish", owner, handle), "unpublishing");
  await expectShownWithin2s(signedOut, written("publish", owner, handle), marker);

  await expectGoneWithin2s(signedOut, written("import", owner, handle, "Harbour Tide Almanac", word, "mature"), "a re-import as 18+");

  // The adult with 18+ on still sees it: Varnish never answered them from the store.
  const adult = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: roles.adultOn.storageState });
  const answer = await adult.get(service);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["x-cache"]).toBe("pass");
  await adult.dispose();
  await signedOut.dispose();
});

test("every role's answer goes to that role alone: a signed-out visitor never gets one", async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL;
  const signedOut = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const hidden = [leak.matureName, leak.suspendedName, roles.adultOn.email ?? "", roles.publisherA.email ?? ""];
  for (const role of Object.values(roles)) {
    if (!role.email) continue;
    const context = await playwright.request.newContext({ baseURL, storageState: role.storageState });
    for (const url of [
      "/",
      "/?q=nightcap",
      `/agents/${leak.handle}`,
      `/services/${leak.handle}/${leak.matureId}`,
      `/services/${leak.handle}/${leak.suspendedId}`,
    ]) {
      const own = await context.get(url, { maxRedirects: 0 });
      expect(own.headers()["x-cache"], `${role.name} ${url}`).toBe("pass");
      for (let i = 0; i < 2; i += 1) {
        const visitor = await signedOut.get(url, { maxRedirects: 0 });
        const body = await visitor.text();
        for (const text of hidden) expect(body.includes(text), `a signed-out ${url} after ${role.name}`).toBe(false);
      }
    }
    await context.dispose();
  }
  await signedOut.dispose();
});
