import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rule that keeps the Capability, Agent and Plan tables the catalog's (eslint.config.mjs).
describe("the catalog's tables", () => {
  it("are touched only by lib/model/catalog, whether through Prisma, its relations or SQL", async () => {
    const eslint = new ESLint({ cwd: fileURLToPath(new URL("../../..", import.meta.url)) });
    const refusals = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath })).flatMap((r) => r.messages).filter((m) => m.ruleId === "no-restricted-syntax");
    const prisma = 'import { db } from "@/lib/foundations/db/client";\nexport const x = () => db.capability.findMany();\n';
    const sql = 'import { Prisma } from "@/generated/prisma/client";\nexport const x = Prisma.sql`SELECT p."id" FROM "Plan" p`;\n';
    const transaction =
      'import { db } from "@/lib/foundations/db/client";\nexport const x = () => db.$transaction((tx) => tx.agent.update({ where: { id: "a" }, data: {} }));\n';
    expect(await refusals("lib/domain/runs/x.ts", prisma)).toHaveLength(1);
    expect(await refusals("lib/edges/api/x.ts", sql)).toHaveLength(1);
    expect(await refusals("app/x/page.tsx", transaction)).toHaveLength(1);
    // The catalog itself, tests, and a listing's own `agent` field are not the table.
    expect(await refusals("lib/model/catalog/x.ts", prisma + sql)).toEqual([]);
    expect(await refusals("lib/domain/runs/x.test.ts", prisma)).toEqual([]);
    expect(await refusals("lib/domain/runs/x.ts", "export const handle = (listing: { agent: { handle: string } }) => listing.agent.handle;\n")).toEqual([]);
    // Nor through a relation from another model's query, whatever the client is called; its own columns are fine.
    const relation =
      'import { db } from "@/lib/foundations/db/client";\nexport const x = (ownerId: string) => db.execution.findMany({ where: { capability: { agent: { ownerId } } }, select: { plan: true } });\n';
    const aliased =
      "type Reader = { agentDraft: { findMany(a: object): unknown } };\nexport const x = (reader: Reader) => reader.agentDraft.findMany({ include: { agent: true } });\n";
    const columns =
      'import { db } from "@/lib/foundations/db/client";\nexport const x = (ids: string[]) => db.execution.findMany({ where: { capabilityId: { in: ids } } });\n';
    expect(await refusals("lib/domain/runs/x.ts", relation)).toHaveLength(3);
    expect(await refusals("components/x.tsx", aliased)).toHaveLength(1);
    expect(await refusals("lib/domain/runs/x.ts", columns)).toEqual([]);
    expect(await refusals("lib/model/catalog/x.ts", relation)).toEqual([]);
    // Its views are what the statements outside read (views.ts).
    const view = 'import { Prisma } from "@/generated/prisma/client";\nexport const x = Prisma.sql`SELECT c."id" FROM catalog_listings c`;\n';
    expect(await refusals("lib/domain/search/x.ts", view)).toEqual([]);
  }, 120_000);
});
