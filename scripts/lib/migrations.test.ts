import { describe, expect, it } from "vitest";
import { env } from "../../lib/foundations/env";
import { pendingSchemaChanges } from "./migrations";

// The test database was migrated from the committed folders (scripts/with-db.ts); a schema edit
// without its migration would leave SQL to run here.
describe("committed migrations", () => {
  it("bring the database exactly to prisma/schema.prisma", async () => {
    const url = env.DATABASE_URL;
    expect(url, "tests run with DATABASE_URL").toBeDefined();
    expect(await pendingSchemaChanges(url ?? "")).toBe("");
  });
});
