import { describe, expect, it } from "vitest";
import { listingsGeneration } from "@/lib/model/catalog/listing-changes";
import { writeListings } from "./listing-writes";

// No listener runs in this file: what moves the generation here is the writing process's own forgetting.

describe("a listing write", () => {
  it("moves this process's listings generation as soon as it commits, and only when it succeeded", async () => {
    const before = listingsGeneration();
    expect(await writeListings(async () => ({ ok: false }))).toEqual({ ok: false });
    expect(listingsGeneration()).toBe(before);
    expect(await writeListings(async () => ({ ok: true, handle: "@x" }))).toEqual({ ok: true, handle: "@x" });
    expect(listingsGeneration()).toBe(before + 1);
  });

  it("that throws rolls back and forgets nothing", async () => {
    const before = listingsGeneration();
    await expect(writeListings(async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(listingsGeneration()).toBe(before);
  });
});
