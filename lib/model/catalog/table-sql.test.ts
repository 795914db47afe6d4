import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { agentJoinSql, agentsAs, capabilitiesAs, listingsFromSql, plansAs } from "./table-sql";

describe("the catalog's table fragments", () => {
  it("name the tables under the caller's aliases, as a statement written out in full would", () => {
    expect(listingsFromSql().text).toBe(`"Capability" c JOIN "Agent" a ON a."id" = c."agentId"`);
    expect(listingsFromSql("p", "pa").text).toBe(`"Capability" p JOIN "Agent" pa ON pa."id" = p."agentId"`);
    const statement = Prisma.sql`SELECT 1 FROM ${capabilitiesAs("n")} JOIN ${plansAs("p")} ON p."capabilityId" = n."id" ${agentJoinSql("n", "o")} WHERE o."handle" = ${"h"}`;
    expect(statement.text).toBe(
      `SELECT 1 FROM "Capability" n JOIN "Plan" p ON p."capabilityId" = n."id" JOIN "Agent" o ON o."id" = n."agentId" WHERE o."handle" = $1`,
    );
    expect(statement.values).toEqual(["h"]);
  });

  it("refuse an alias that is not a plain lowercase name", () => {
    expect(() => agentsAs(`a"; DROP TABLE x; --`)).toThrow(/bad alias/);
    expect(() => capabilitiesAs("C")).toThrow(/bad alias/);
  });
});
