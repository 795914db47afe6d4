import { describe, expect, it, vi } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { minimalAgentFile } from "@/lib/model/agent-file/fixtures";

// A transaction that could not start or ran past its budget (Prisma's P2028) was rolled back: the
// publisher gets words, not an error page. The listing write is the only thing replaced here.
vi.mock("@/lib/model/catalog/listing-writes", () => ({
  writeListings: async () => {
    throw new Prisma.PrismaClientKnownRequestError("Transaction API error: Transaction already closed", { code: "P2028", clientVersion: "test" });
  },
}));

import { importAgentFile } from "./import-agent";

describe("importAgentFile on a busy database", () => {
  it("answers a transaction timeout in words", async () => {
    const result = await importAgentFile({
      text: JSON.stringify(minimalAgentFile({ agent: { handle: "@busy-db", display_name: "B", purpose: "P" } })),
      ownerId: "nobody",
    });
    expect(result).toEqual({
      ok: false,
      message: "Explore was too busy to store the agent just now; nothing was imported. Try again in a few minutes.",
      errors: [],
    });
  });
});
