import { env } from "@/lib/foundations/env";

// Explore's named rate limits: what each counts, its rule (from lib/foundations/env.ts) and the words for a refusal.

export type LimitRule = { points: number; durationSeconds: number };

export const limitNames = [
  "signInPerAddress",
  "signInPerClient",
  "runs",
  "reports",
  "testNow",
  "imports",
  "connects",
  "api",
  "mcp",
  "capabilityRequests",
  "draftChecks",
  "boardPosts",
  "networkWrites",
  "operatorRequests",
] as const;
export type LimitName = (typeof limitNames)[number];

/**
 * The limits asked on every request of the public API, the A2A endpoint and the agents' MCP endpoint, counted in
 * batches (lib/foundations/rate-limits/batched-count.ts): a statement per request was one of the two an API search from the
 * index makes. The others guard actions that cost far more than a statement (a sign-in mail, a run) and count exactly.
 */
export const batchedLimits: ReadonlySet<LimitName> = new Set(["api", "mcp"]);

/** Each limit's rule as configured. */
export function configuredRules(): Record<LimitName, LimitRule> {
  return {
    signInPerAddress: env.RATE_LIMIT_SIGN_IN_PER_ADDRESS,
    signInPerClient: env.RATE_LIMIT_SIGN_IN_PER_CLIENT,
    runs: env.RATE_LIMIT_RUNS,
    reports: env.RATE_LIMIT_REPORTS,
    testNow: env.RATE_LIMIT_TEST_NOW,
    imports: env.RATE_LIMIT_IMPORTS,
    connects: env.RATE_LIMIT_CONNECTS,
    api: env.RATE_LIMIT_API,
    mcp: env.RATE_LIMIT_MCP,
    capabilityRequests: env.RATE_LIMIT_CAPABILITY_REQUESTS,
    draftChecks: env.RATE_LIMIT_DRAFT_CHECKS,
    boardPosts: env.RATE_LIMIT_BOARD_POSTS,
    networkWrites: env.RATE_LIMIT_NETWORK_WRITES,
    operatorRequests: env.RATE_LIMIT_OPERATOR_REQUESTS,
  };
}

const refusals: Record<LimitName, (wait: string) => string> = {
  signInPerAddress: (wait) => `Too many sign-in links asked for this address; try again in ${wait}.`,
  signInPerClient: (wait) => `Too many sign-in links asked for from your network; try again in ${wait}.`,
  runs: (wait) => `Too many runs in a short time; try again in ${wait}.`,
  reports: (wait) => `Too many reports in a short time; try again in ${wait}.`,
  testNow: (wait) => `Too many tests asked for in a short time; try again in ${wait}.`,
  imports: (wait) => `Too many imports in a short time; nothing was imported. Try again in ${wait}.`,
  connects: (wait) => `Too many connections to MCP servers in a short time; try again in ${wait}.`,
  api: (wait) => `Too many requests from this address; try again in ${wait}.`,
  mcp: (wait) => `Too many requests from this address; try again in ${wait}.`,
  capabilityRequests: (wait) => `Too many capability requests and votes in a short time; try again in ${wait}.`,
  draftChecks: (wait) => `Too many saves and checks in a short time; the draft was not saved. Try again in ${wait}.`,
  boardPosts: (wait) => `Too many board notes and keys in a short time; nothing was written. Try again in ${wait}.`,
  networkWrites: (wait) => `Too many profiles, messages, mailbox changes, recoveries and reports in a short time; nothing was done. Try again in ${wait}.`,
  operatorRequests: (wait) => `Too many requests and messages to the operator in a short time; nothing was sent. Try again in ${wait}.`,
};

/** The sentence a person reads when `name` refuses them for `retryAfterSeconds`. */
export function refusalWords(name: LimitName, retryAfterSeconds: number): string {
  return refusals[name](waitWords(retryAfterSeconds));
}

/** "40 seconds", "3 minutes", "2 hours": rounded up, so nobody is told to come back too early. */
export function waitWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, "second");
  if (s < 2 * 3600) return plural(Math.ceil(s / 60), "minute");
  return plural(Math.ceil(s / 3600), "hour");
}
