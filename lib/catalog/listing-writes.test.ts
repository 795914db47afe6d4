import { describe, expect, it } from "vitest";
import { sharedCacheGeneration } from "@/lib/http/shared-cache-generation";
import { writeListings } from "./listing-writes";

// No listener runs in this file: what moves the generation here is the writing process's own forgetting.

describe("a listing write", () => {
  it("makes this process forget its shared answers as soon as it commits, and only when it succeeded", async () => {
    const before = sharedCacheGeneration();
    expect(await writeListings(async () => ({ ok: false }))).toEqual({ ok: false });
    expect(sharedCacheGeneration()).toBe(before);
    expect(await writeListings(async () => ({ ok: true, handle: "@x" }))).toEqual({ ok: true, handle: "@x" });
    expect(sharedCacheGeneration()).toBe(before + 1);
  });

  it("that throws rolls back and forgets nothing", async () => {
    const before = sharedCacheGeneration();
    await expect(writeListings(async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(sharedCacheGeneration()).toBe(before);
  });
});
