import { z } from "zod";

// The only reader of process.env. Parsed once; a bad value stops start-up with its name.

const flag = z
  .enum(["1", "0", "true", "false"])
  .optional()
  .transform((v) => v === "1" || v === "true");

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s.length > 0),
  );

// A rate limit as "<points>/<window>": at most <points> requests per key in a window of <window>
// seconds, minutes or hours that starts at the key's first request (lib/foundations/rate-limits).
const RATE_LIMIT = /^(\d{1,9})\/(\d{1,6})([smh])$/;
const WINDOW_UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;

function rateLimit(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const match = RATE_LIMIT.exec(text.replaceAll(" ", ""));
      const [, points, amount, unit] = match ?? [];
      if (points === undefined || amount === undefined || (unit !== "s" && unit !== "m" && unit !== "h")) {
        ctx.addIssue({ code: "custom", message: `must be <points>/<window>, e.g. ${fallback} (window in s, m or h)` });
        return z.NEVER;
      }
      const rule = { points: Number(points), durationSeconds: Number(amount) * WINDOW_UNIT_SECONDS[unit] };
      if (rule.points < 1 || rule.durationSeconds < 1 || rule.durationSeconds > 7 * 86_400) {
        ctx.addIssue({ code: "custom", message: "needs at least 1 point and a window of 1 s to 7 days" });
        return z.NEVER;
      }
      return rule;
    });
}

const originList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const origins: string[] = [];
    for (const part of (text ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0)) {
      const url = URL.canParse(part) ? new URL(part) : null;
      if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
        ctx.addIssue({ code: "custom", message: `each entry must be an origin such as https://agents.example.com (got ${JSON.stringify(part)})` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

// Each Varnish the worker purges (lib/model/catalog/cache-purge.ts), as an http(s) base URL.
const urlList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const urls: string[] = [];
    for (const part of (text ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0)) {
      if (!URL.canParse(part) || !/^https?:$/.test(new URL(part).protocol)) {
        ctx.addIssue({ code: "custom", message: `each entry must be an http(s) URL such as http://varnish:8080 (got ${JSON.stringify(part)})` });
        return z.NEVER;
      }
      if (!urls.includes(part)) urls.push(part);
    }
    return urls;
  });

const SECRET_KEY = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]{43}=?)$/;

const secretKeys = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const keys: { id: string; key: Buffer }[] = [];
    for (const part of (text ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0)) {
      const [, id, encoded] = SECRET_KEY.exec(part) ?? [];
      const key = encoded === undefined ? null : Buffer.from(encoded, encoded.includes("-") || encoded.includes("_") ? "base64url" : "base64");
      if (id === undefined || key === null || key.length !== 32) {
        ctx.addIssue({ code: "custom", message: "each key must be <id>:<32 random bytes in base64>, e.g. k1:$(openssl rand -base64 32)" });
        return z.NEVER;
      }
      if (keys.some((k) => k.id === id)) {
        ctx.addIssue({ code: "custom", message: `key id ${id} is used twice` });
        return z.NEVER;
      }
      keys.push({ id, key });
    }
    return keys;
  });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * The demo and the tests: the production build served on one machine (`npm start`, `npm test`). Next's
   * standalone server always runs under NODE_ENV=production; this relaxes what production insists on (secrets,
   * mail, public https adapters, loopback names on /mcp). Never set it in a deployment.
   */
  EXPLORE_DEMO: flag,
  /** The port `npm start` serves on (Next's server.js reads PORT and HOSTNAME itself). */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The least severe log lines written (lib/foundations/log.ts). */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * Where the web server sends its traces (lib/edges/operations/tracing.ts): "otlp" (OTLP over HTTP with JSON, to
   * OTEL_EXPORTER_OTLP_ENDPOINT), "console" (stdout) or "none". Unset: "otlp" when an OTLP endpoint is set, else none.
   */
  OTEL_TRACES_EXPORTER: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const names = text
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
      const unknown = names.filter((n) => n !== "otlp" && n !== "console" && n !== "none");
      if (unknown.length > 0) {
        ctx.addIssue({ code: "custom", message: `each entry must be otlp, console or none (got ${unknown.map((n) => JSON.stringify(n)).join(", ")})` });
        return z.NEVER;
      }
      return names.filter((n) => n !== "none") as ("otlp" | "console")[];
    }),
  /** The OTLP collector's base URL; traces go to <it>/v1/traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The OTLP collector's full URL for traces, instead of OTEL_EXPORTER_OTLP_ENDPOINT's. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Only OTLP over HTTP with JSON bodies is built in. */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.literal("http/json", "only http/json is supported").optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.literal("http/json", "only http/json is supported").optional(),
  /** How long finished spans wait to be sent together, in milliseconds. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** The service.name on each span. */
  OTEL_SERVICE_NAME: z.string().min(1).default("explore-web"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Explore's public origin. Auth.js builds sign-in links from it, never from a request's Host. */
  AUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Origins besides AUTH_URL's that /mcp answers (comma-separated): another name Explore is served under, or a
   * site whose pages call /mcp from a browser. Any other Host or Origin is refused (DNS rebinding).
   */
  EXPLORE_MCP_ALLOWED_ORIGINS: originList,
  /** Set by Next.js itself while it builds: configuration is checked when the server starts. */
  NEXT_PHASE: z.string().optional(),
  /** smtp://user:pass@host:port or smtps://…; required in production; unset elsewhere: sign-in links go to the server log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  EMAIL_FROM: z.string().default("Explore <no-reply@explore.localhost>"),
  AUTH_GITHUB_ID: z.string().min(1).optional(),
  AUTH_GITHUB_SECRET: z.string().min(1).optional(),
  /** Comma-separated administrator emails (moderation). */
  ADMIN_EMAILS: emailList,
  /** Search for signed-out visitors and other shared audiences from an index in memory (lib/domain/search/memory/live.ts); "0": in PostgreSQL. */
  EXPLORE_SEARCH_INDEX: z
    .enum(["1", "0", "true", "false"])
    .optional()
    .transform((v) => v === undefined || v === "1" || v === "true"),
  /** Development and tests only: lets adapter calls reach loopback, where the demo adapters run. */
  EXPLORE_ALLOW_LOOPBACK_ADAPTERS: flag,
  /** Where the demo adapters listen; the demo seed rewrites their endpoints to it. */
  DEMO_ADAPTERS_URL: z.url().default("http://127.0.0.1:4510"),
  ADAPTER_MAX_RESPONSE_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Sample tests running at once against one adapter, all worker processes together (a pg-boss group limit). */
  SAMPLE_TEST_CONCURRENCY_PER_ADAPTER: z.coerce.number().int().min(1).max(100).default(2),
  /** Sample tests running at once in one worker process, all adapters together. */
  SAMPLE_TEST_CONCURRENCY_TOTAL: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * The Varnish instances in front of the web instances, comma-separated base URLs: the worker sends them a purge
   * of what each listing write leaves out of date (lib/model/catalog/cache-purge.ts). Unset: no purges.
   */
  EXPLORE_VARNISH_PURGE_URLS: urlList,
  /** Reverse proxies in front of Explore's server that append to X-Forwarded-For (lib/foundations/http/client-address.ts). */
  EXPLORE_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  /** Sign-in mails per email address. */
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: rateLimit("5/10m"),
  /** Sign-in mails per client address, whatever the email addresses. */
  RATE_LIMIT_SIGN_IN_PER_CLIENT: rateLimit("20/10m"),
  /** Runs and repeats per signed-in person (on top of plans' daily limits). */
  RATE_LIMIT_RUNS: rateLimit("60/1m"),
  /** Reports filed per signed-in person. */
  RATE_LIMIT_REPORTS: rateLimit("10/1h"),
  /** "Test now" per publisher, all their services together (each service also at most once a minute). */
  RATE_LIMIT_TEST_NOW: rateLimit("20/10m"),
  /** Dashboard imports per publisher (the CLI's import is not limited). */
  RATE_LIMIT_IMPORTS: rateLimit("30/1h"),
  /** "Connect an MCP server" per publisher: each one calls the URL given. */
  RATE_LIMIT_CONNECTS: rateLimit("30/1h"),
  /** Public API requests per client address. */
  RATE_LIMIT_API: rateLimit("600/1m"),
  /** Requests to the agents' MCP endpoint (/mcp) per client address. */
  RATE_LIMIT_MCP: rateLimit("300/1m"),
  /** Capability requests asked and votes cast, per account or (on /mcp) per client address. */
  RATE_LIMIT_CAPABILITY_REQUESTS: rateLimit("30/1h"),
  /** Editor saves and checks per publisher (autosave sends one a second or so while typing). */
  RATE_LIMIT_DRAFT_CHECKS: rateLimit("600/10m"),
  /** Board notes posted and keys registered on /mcp, counted per client address and per handle. */
  RATE_LIMIT_BOARD_POSTS: rateLimit("20/1h"),
  /** Profiles published, messages sent, mailbox changes, token recoveries and reports on /mcp, per client address and per handle. */
  RATE_LIMIT_NETWORK_WRITES: rateLimit("60/1h"),
  /** Requests to the operator (describe_need) and messages added to them on /mcp, per client address and per handle. */
  RATE_LIMIT_OPERATOR_REQUESTS: rateLimit("10/1h"),
  /**
   * Keys that encrypt stored secrets (Stripe signing secrets), "<id>:<32 bytes in base64>" separated by
   * commas; the first encrypts, every one decrypts, so a key rotates by putting a new one first.
   */
  EXPLORE_SECRET_KEYS: secretKeys,
});

export type Env = z.infer<typeof schema>;

/** Explore's configuration from an environment, or an error naming each bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Explore's configuration is invalid:\n${lines.join("\n")}\nSee README.md, "Configuration".`);
  }
  const env = parsed.data;
  const serving = productionDeployment(env) && env.NEXT_PHASE !== "phase-production-build";
  if (serving && !env.AUTH_SECRET) {
    throw new Error("Explore's configuration is invalid:\n  AUTH_SECRET: is required in production (32+ random characters)");
  }
  if (serving && env.EXPLORE_SECRET_KEYS.length === 0) {
    throw new Error("Explore's configuration is invalid:\n  EXPLORE_SECRET_KEYS: is required in production (k1:<32 random bytes in base64>)");
  }
  if (serving && !env.AUTH_URL) {
    throw new Error("Explore's configuration is invalid:\n  AUTH_URL: is required in production (Explore's public origin, e.g. https://explore.example.com)");
  }
  // Without a mail server, sign-in links (credentials) would be written to the log.
  if (serving && !env.SMTP_URL) {
    throw new Error(
      "Explore's configuration is invalid:\n  SMTP_URL: is required in production (smtp://user:pass@host:587 or smtps://…); without it sign-in links would go to the server log",
    );
  }
  if (serving && env.EXPLORE_ALLOW_LOOPBACK_ADAPTERS) {
    throw new Error(
      "Explore's configuration is invalid:\n  EXPLORE_ALLOW_LOOPBACK_ADAPTERS: is for the demo and tests only, never in production (adapters must be public https endpoints)",
    );
  }
  if (Boolean(env.AUTH_GITHUB_ID) !== Boolean(env.AUTH_GITHUB_SECRET)) {
    throw new Error("Explore's configuration is invalid:\n  AUTH_GITHUB_ID and AUTH_GITHUB_SECRET: set both or neither");
  }
  return env;
}

/** A real deployment: production's runtime, and not the demo or the tests (EXPLORE_DEMO). */
export function productionDeployment(config: Pick<Env, "NODE_ENV" | "EXPLORE_DEMO">): boolean {
  return config.NODE_ENV === "production" && !config.EXPLORE_DEMO;
}

export const env: Env = parseEnv(process.env);

export function requireDatabaseUrl(): string {
  if (!env.DATABASE_URL) {
    throw new Error(
      "Explore's configuration is invalid:\n  DATABASE_URL: is not set. `npm start` and `npm test` start an embedded PostgreSQL when it is unset; a server started another way needs it.",
    );
  }
  return env.DATABASE_URL;
}
