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

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address the production web server binds (scripts/serve.ts); `npm start` binds 127.0.0.1. */
  HOSTNAME: z.string().min(1).default("0.0.0.0"),
  /** On SIGTERM, how long requests in flight (runs within their deadline) may take before the server exits. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** One JSON line per request on stdout (the load balancer usually logs requests already). */
  LOG_REQUESTS: flag,
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Explore's public origin. Auth.js builds sign-in links from it, never from a request's Host. */
  AUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Set by Next.js itself while it builds: configuration is checked when the server starts. */
  NEXT_PHASE: z.string().optional(),
  /** smtp://user:pass@host:port or smtps://…; unset: sign-in links go to the server log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  EMAIL_FROM: z.string().default("Explore <no-reply@explore.localhost>"),
  AUTH_GITHUB_ID: z.string().min(1).optional(),
  AUTH_GITHUB_SECRET: z.string().min(1).optional(),
  /** Comma-separated administrator emails (moderation). */
  ADMIN_EMAILS: emailList,
  /** Development and tests only: lets adapter calls reach loopback, where the demo adapters run. */
  EXPLORE_ALLOW_LOOPBACK_ADAPTERS: flag,
  /** Where the demo adapters listen; the demo seed rewrites their endpoints to it. */
  DEMO_ADAPTERS_URL: z.url().default("http://127.0.0.1:4510"),
  ADAPTER_MAX_RESPONSE_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Sample tests running at once against one adapter (per worker process). */
  SAMPLE_TEST_CONCURRENCY_PER_ADAPTER: z.coerce.number().int().min(1).max(100).default(2),
  /** Sample tests running at once in one worker process, all adapters together. */
  SAMPLE_TEST_CONCURRENCY_TOTAL: z.coerce.number().int().min(1).max(1000).default(20),
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
  const serving = env.NODE_ENV === "production" && env.NEXT_PHASE !== "phase-production-build";
  if (serving && !env.AUTH_SECRET) {
    throw new Error("Explore's configuration is invalid:\n  AUTH_SECRET: is required in production (32+ random characters)");
  }
  if (serving && !env.AUTH_URL) {
    throw new Error("Explore's configuration is invalid:\n  AUTH_URL: is required in production (Explore's public origin, e.g. https://explore.example.com)");
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

export const env: Env = parseEnv(process.env);

export function requireDatabaseUrl(): string {
  if (!env.DATABASE_URL) {
    throw new Error(
      "Explore's configuration is invalid:\n  DATABASE_URL: is not set. `npm start` and `npm test` start an embedded PostgreSQL when it is unset; a server started another way needs it.",
    );
  }
  return env.DATABASE_URL;
}
