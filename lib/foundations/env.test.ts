import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

const production = {
  NODE_ENV: "production",
  AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
  AUTH_URL: "https://explore.example.com",
  DATABASE_URL: "postgresql://explore@db.internal/explore",
  SMTP_URL: "smtp://explore:mail-password@mail.internal:587",
  EXPLORE_SECRET_KEYS: `k2:${Buffer.alloc(32, 2).toString("base64")}, k1:${Buffer.alloc(32, 1).toString("base64url")}`,
} as const;

describe("configuration", () => {
  it("serves in production with a secret, a public origin and no demo switches", () => {
    const env = parseEnv(production);
    expect(env).toMatchObject({ NODE_ENV: "production", PORT: 3000, EXPLORE_ALLOW_LOOPBACK_ADAPTERS: false, EXPLORE_DEMO: false });
  });

  it("refuses the loopback switch in production, naming it", () => {
    expect(() => parseEnv({ ...production, EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1" })).toThrow(/EXPLORE_ALLOW_LOOPBACK_ADAPTERS: is for the demo and tests only/);
    // The demo and the tests serve the same build (under NODE_ENV=production, as Next's standalone server sets it)
    // with EXPLORE_DEMO, where it is allowed; so are unit tests under NODE_ENV=test.
    expect(parseEnv({ ...production, EXPLORE_DEMO: "1", EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1" }).EXPLORE_ALLOW_LOOPBACK_ADAPTERS).toBe(true);
    expect(parseEnv({ ...production, NODE_ENV: "test", EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1" }).EXPLORE_ALLOW_LOOPBACK_ADAPTERS).toBe(true);
  });

  it("refuses production without AUTH_SECRET or AUTH_URL, but lets the build run without them", () => {
    const { AUTH_SECRET: _secret, ...noSecret } = production;
    const { AUTH_URL: _url, ...noUrl } = production;
    expect(() => parseEnv(noSecret)).toThrow(/AUTH_SECRET: is required in production/);
    expect(() => parseEnv(noUrl)).toThrow(/AUTH_URL: is required in production/);
    expect(parseEnv({ ...noSecret, NEXT_PHASE: "phase-production-build" }).AUTH_SECRET).toBeUndefined();
  });

  it("refuses production without SMTP_URL, naming it, and lets the build, the tests and development run without it", () => {
    const { SMTP_URL: _smtp, ...noMail } = production;
    expect(() => parseEnv(noMail)).toThrow(/SMTP_URL: is required in production/);
    expect(parseEnv({ ...noMail, NEXT_PHASE: "phase-production-build" }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ ...noMail, NODE_ENV: "test" }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "production", EXPLORE_DEMO: "1" }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ ...noMail, NODE_ENV: "development" }).SMTP_URL).toBeUndefined();
    expect(() => parseEnv({ ...production, SMTP_URL: "http://mail.internal" })).toThrow(/SMTP_URL:/);
  });

  it("reads the secret keys, first one first, and refuses production without one or with a bad one", () => {
    expect(parseEnv(production).EXPLORE_SECRET_KEYS.map((k) => [k.id, k.key[0], k.key.length])).toEqual([
      ["k2", 2, 32],
      ["k1", 1, 32],
    ]);
    const { EXPLORE_SECRET_KEYS: _keys, ...noKeys } = production;
    expect(() => parseEnv(noKeys)).toThrow(/EXPLORE_SECRET_KEYS: is required in production/);
    expect(() => parseEnv({ ...production, EXPLORE_SECRET_KEYS: "k1:short" })).toThrow(/EXPLORE_SECRET_KEYS:.*32 random bytes/);
    expect(() =>
      parseEnv({ ...production, EXPLORE_SECRET_KEYS: `k1:${Buffer.alloc(32).toString("base64")},k1:${Buffer.alloc(32).toString("base64")}` }),
    ).toThrow(/used twice/);
    expect(parseEnv({ NODE_ENV: "test" }).EXPLORE_SECRET_KEYS).toEqual([]);
  });

  it("reads the Varnish purge URLs, each once, and refuses one that is not an http(s) URL", () => {
    expect(parseEnv(production).EXPLORE_VARNISH_PURGE_URLS).toEqual([]);
    expect(
      parseEnv({ ...production, EXPLORE_VARNISH_PURGE_URLS: " http://varnish:8080 , https://b.example,http://varnish:8080," }).EXPLORE_VARNISH_PURGE_URLS,
    ).toEqual(["http://varnish:8080", "https://b.example"]);
    expect(() => parseEnv({ ...production, EXPLORE_VARNISH_PURGE_URLS: "varnish:8080" })).toThrow(/EXPLORE_VARNISH_PURGE_URLS:.*"varnish:8080"/);
  });

  it("names a bad value", () => {
    expect(() => parseEnv({ ...production, PORT: "eighty" })).toThrow(/PORT:/);
    expect(() => parseEnv({ ...production, EXPLORE_DEMO: "maybe" })).toThrow(/EXPLORE_DEMO:/);
  });
});
