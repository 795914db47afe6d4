import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  vi.stubEnv("RATE_LIMIT_OPERATOR_REQUESTS", "2/1h");
});

import { db } from "@/lib/foundations/db/client";
import { plantedWord } from "@/lib/testing/planted-word";
import { addToRequest, describeNeed } from "./operator-requests";

// RATE_LIMIT_OPERATOR_REQUESTS counts each request and each added message against its client address, and each
// request under a handle against the handle: the third in the window is refused in the limit's words, and nothing is stored.

const address = (n: number) => `10.89.${n}.${Math.floor(Math.random() * 250)}`;
const refusal = "Too many requests and messages to the operator in a short time; nothing was sent. Try again in 60 minutes.";
const need = (message: string, handle: string | null = null, handleToken: string | null = null) => ({ message, handle, handleToken, contactHint: null });

describe("operator request limits", () => {
  it("refuses a client address's third request or message in the window", async () => {
    const from = address(1);
    const word = plantedWord("ol");
    const first = await describeNeed(need(`Limited ${word}.`), from);
    if (!first.ok) throw new Error(first.message);
    expect((await addToRequest(first.id, first.followUpToken, "More.", from)).ok).toBe(true);
    expect(await describeNeed(need(`Limited ${word}.`), from)).toEqual({ ok: false, message: refusal });
    expect(await addToRequest(first.id, first.followUpToken, "Even more.", from)).toEqual({ ok: false, message: refusal });
    expect(await db.operatorMessage.count({ where: { requestId: first.id } })).toBe(2);
    expect(await db.operatorMessage.count({ where: { body: `Limited ${word}.` } })).toBe(1);
  });

  it("refuses a handle's third request in the window, from whatever address; tokenless tries do not count", async () => {
    const handle = `limited-${plantedWord("h", 8)}`;
    const first = await describeNeed(need("First.", handle), address(2));
    if (!first.ok) throw new Error(first.message);
    expect((await describeNeed(need("Tokenless.", handle), address(3))).ok).toBe(false);
    expect((await describeNeed(need("Second.", handle, first.handleToken), address(4))).ok).toBe(true);
    expect(await describeNeed(need("Third.", handle, first.handleToken), address(5))).toEqual({ ok: false, message: refusal });
  });
});
