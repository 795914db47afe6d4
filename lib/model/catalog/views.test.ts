import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { agentsAs, listingsAs } from "./views";

describe("the catalog's view fragments", () => {
  it("name the views under the caller's aliases, as a statement written out in full would", () => {
    expect(listingsAs().text).toBe("catalog_listings c");
    const statement = Prisma.sql`SELECT 1 FROM ${listingsAs("n")} JOIN ${agentsAs("o")} ON o."id" = n."agentId" WHERE o."handle" = ${"h"}`;
    expect(statement.text).toBe(`SELECT 1 FROM catalog_listings n JOIN catalog_agents o ON o."id" = n."agentId" WHERE o."handle" = $1`);
    expect(statement.values).toEqual(["h"]);
  });

  it("refuse an alias that is not a plain lowercase name", () => {
    expect(() => agentsAs(`a"; DROP TABLE x; --`)).toThrow(/bad alias/);
    expect(() => listingsAs("C")).toThrow(/bad alias/);
  });
});
