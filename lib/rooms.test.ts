import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { ROOMS } from "./rooms.mjs";

const lib = fileURLToPath(new URL(".", import.meta.url));
const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe("lib's rooms", () => {
  it("lists every folder of every layer, and nothing else", () => {
    const layers = folders(lib).filter((name) => name !== "testing");
    expect(layers.sort()).toEqual(["domain", "edges", "foundations", "model"]);
    const found = layers.flatMap((layer) => [layer, ...folders(`${lib}/${layer}`).map((room) => `${layer}/${room}`)]);
    expect([...ROOMS].sort()).toEqual(found.filter((room) => room.includes("/") || room === "foundations").sort());
  });

  it("refuses an import of a room listed later, in every direction the lint checks", async () => {
    const eslint = new ESLint({ cwd: fileURLToPath(new URL("..", import.meta.url)) });
    const lint = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath })).flatMap((r) => r.messages).filter((m) => m.ruleId === "import/no-restricted-paths");
    // A layer upward, a room to a later sibling, a layer's own files upward, and a relative path.
    expect(await lint("lib/model/catalog/x.ts", 'import { route } from "@/lib/edges/api/http";\nexport const x = route;\n')).toHaveLength(1);
    expect(await lint("lib/domain/adapters/x.ts", 'import { runs } from "@/lib/domain/runs/queries";\nexport const x = runs;\n')).toHaveLength(1);
    expect(await lint("lib/foundations/x.ts", 'import { db } from "./db/client";\nexport const x = db;\n')).toHaveLength(1);
    expect(await lint("lib/foundations/db/x.ts", 'import { refusal } from "../http/refusal";\nexport const x = refusal;\n')).toHaveLength(1);
    // Downward is the rule's whole point, and tests may reach anywhere.
    expect(await lint("lib/edges/api/x.ts", 'import { db } from "@/lib/foundations/db/client";\nexport const x = db;\n')).toEqual([]);
    expect(await lint("lib/model/catalog/x.test.ts", 'import { route } from "@/lib/edges/api/http";\nexport const x = route;\n')).toEqual([]);
  }, 120_000);
});
