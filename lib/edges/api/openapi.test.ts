import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goneAnswer } from "@/lib/model/addresses/gone";
import { oversizeAnswer } from "@/lib/foundations/http/body-limit";
import { openApiDocument } from "./openapi";
import { goneProblemSchema, problemSchema } from "./schemas";

// The document /api/v1/openapi.json serves, checked by two independent tools and against the routes that exist.

const root = path.resolve(import.meta.dirname, "../../..");
const document = openApiDocument("https://explore.example");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type Operation = { responses: Record<string, unknown> };

function operations(): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, operation]: [string, Operation]) => ({ method, path: p, operation })),
  );
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" && typeof inner === "string" ? [inner] : refsIn(inner)));
}

describe("the OpenAPI document", () => {
  // Both tools read the document as a client would: the served JSON, from a file.
  let dir = "";
  let file = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "explore-openapi-"));
    file = path.join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document, null, 2));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("validates and dereferences with swagger-parser: every $ref points at a component that exists", async () => {
    await expect(SwaggerParser.validate(file)).resolves.toBeTruthy();
    const parser = new SwaggerParser();
    const dereferenced = await parser.dereference(file);
    const detail = ["components", "schemas", "ServiceDetail"];
    expect(dereferenced).not.toHaveProperty([...detail, "$defs"]);
    // A plan's `extra` values are JsonValue itself once dereferenced, not a pointer into the schema's own $defs.
    expect(dereferenced).toHaveProperty([...detail, "properties", "plans", "items", "properties", "extra", "additionalProperties", "anyOf"]);
    // JsonValue holds JsonValues: the document's one self-reference, which dereferences to a cycle.
    expect(parser.$refs.circular).toBe(true);
    const refs = new Set(refsIn(document));
    for (const ref of refs) expect(Object.keys(document.components.schemas).map((name) => `#/components/schemas/${name}`)).toContain(ref);
    expect(refs).toContain("#/components/schemas/JsonValue");
  });

  it("passes Redocly's lint (recommended-strict, lib/edges/api/redocly.yaml) with no error and no warning", async () => {
    const cli = path.join(root, "node_modules/@redocly/cli/bin/cli.js");
    const args = [cli, "lint", file, "--config", path.join(root, "lib/edges/api/redocly.yaml"), "--format", "json"];
    // A lint with errors exits 1: its report is on stdout all the same.
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: dir }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const report: { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] } = JSON.parse(stdout);
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("gives every operation but the preflights a 4XX, and every one but GET …/a2a (always 405) a 2XX", () => {
    // The two Redocly rules lib/edges/api/redocly.yaml turns off, held here with their exceptions named.
    for (const { method, path: p, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      if (method !== "options")
        expect(
          statuses.some((s) => s.startsWith("4")),
          `${method} ${p}`,
        ).toBe(true);
      if (!(method === "get" && p === "/agents/{handle}/a2a"))
        expect(
          statuses.some((s) => s.startsWith("2")),
          `${method} ${p}`,
        ).toBe(true);
    }
  });

  it("describes every route under app/api/v1 with each method it exports", async () => {
    const apiDir = path.join(root, "app/api/v1");
    const files = (await readdir(apiDir, { recursive: true })).filter((f) => f === "route.ts" || f.endsWith(`${path.sep}route.ts`));
    expect(files.length).toBeGreaterThanOrEqual(9);
    // Folder `[capabilityId]` is the document's `{capability_id}`: a path parameter matches by position.
    const shape = (p: string) => p.replace(/\[[^\]]+\]|\{[^}]+\}/g, "{}");
    const documented = new Map(Object.entries(document.paths).map(([p, item]) => [shape(p), new Set(Object.keys(item))]));
    const missing: string[] = [];
    for (const file of files) {
      const routePath = shape(`/${path.dirname(file).split(path.sep).join("/")}`.replace(/\/\.$/, ""));
      const exported = Object.keys(await import(path.join(apiDir, file))).filter((name) => METHODS.some((m) => m.toUpperCase() === name));
      expect(exported.length, file).toBeGreaterThan(0);
      for (const method of exported) if (!documented.get(routePath)?.has(method.toLowerCase())) missing.push(`${method} ${routePath}`);
    }
    expect(missing).toEqual([]);
    expect(documented.size).toBe(files.length);
  }, 60_000);

  it("documents the 410 a deleted agent's reads answer with the fields its problem carries, and the 413 of a large body", async () => {
    const gone = goneAnswer("@gone-agent", new Date("2027-01-03T10:00:00Z"), "api", "/api/v1/agents/@gone-agent");
    expect(gone.contentType).toBe("application/problem+json");
    expect(goneProblemSchema.strict().parse(JSON.parse(gone.body))).toMatchObject({
      status: 410,
      handle: "@gone-agent",
      deletedAt: "2027-01-03T10:00:00.000Z",
    });
    expect(document.components.schemas.GoneProblem).toMatchObject({
      properties: { handle: { type: "string" }, deletedAt: { type: "string" } },
      required: expect.arrayContaining(["type", "title", "status", "handle", "deletedAt"]),
    });
    for (const p of [
      "/services/{handle}/{capability_id}",
      "/agents/{handle}",
      "/agents/{handle}/agent.json",
      "/agents/{handle}/agent-card.json",
      "/agents/{handle}/ga4gh-entry.json",
    ] as const) {
      expect(document.paths[p].get.responses["410"].content["application/problem+json"].schema.$ref, p).toBe("#/components/schemas/GoneProblem");
    }

    const tooLarge = oversizeAnswer("/api/v1/agents/@x/endpoint", 3 * 1024 * 1024);
    expect(tooLarge?.status).toBe(413);
    expect(problemSchema.strict().parse(await tooLarge?.json())).toMatchObject({ status: 413 });
    expect(Object.keys(document.paths["/agents/{handle}/endpoint"].put.responses)).toContain("413");
    expect(Object.keys(document.paths["/agents/{handle}/a2a"].post.responses)).toContain("413");
    expect(Object.keys(document.paths["/agents/{handle}/a2a"].get.responses)).toContain("405");
  });
});
