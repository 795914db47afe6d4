import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  vi.stubEnv("RATE_LIMIT_NETWORK_WRITES", "2/1h");
});

import { db } from "@/lib/foundations/db/client";
import { plantedWord } from "@/lib/testing/planted-word";
import { publishProfile } from "./directory";
import { sendMessage, type NewMessage } from "./messages";
import { createAgentReport } from "./reports";

// RATE_LIMIT_NETWORK_WRITES counts profiles, messages, mailbox changes, recoveries and reports against the client
// address and (once its token is proven) the handle: the third in the window is refused in the limit's words, and
// nothing is stored for it.

const address = (n: number) => `10.89.${n}.${Math.floor(Math.random() * 250)}`;
const refusal = "Too many profiles, messages, mailbox changes, recoveries and reports in a short time; nothing was done. Try again in 60 minutes.";
const handle = (lead: string) => `${lead}-${plantedWord("h", 8)}`;
const profile = (h: string, token: string | null = null) => ({
  handle: h,
  handleToken: token,
  summary: "Limited.",
  offers: [],
  needs: [],
  tags: [],
  contact: [],
  acceptsMessages: true,
});

describe("network write limits", () => {
  it("refuses a client address's third write in the window, whatever it writes", async () => {
    const from = address(1);
    const first = await publishProfile(profile(handle("la")), from);
    expect(first.ok).toBe(true);
    expect((await createAgentReport("bug", "Limited report.", from)).ok).toBe(true);
    const third = handle("lc");
    expect(await publishProfile(profile(third), from)).toEqual({ ok: false, message: refusal });
    expect(await db.callerHandle.count({ where: { handleKey: third.toLowerCase() } })).toBe(0);
  });

  it("refuses a handle's third message in the window, from whatever address", async () => {
    const to = handle("to");
    const registered = await publishProfile(profile(to), address(2));
    if (!registered.ok) throw new Error(registered.message);
    const sender = handle("ls");
    const message = (token: string | null): NewMessage => ({
      sender,
      handleToken: token,
      to,
      message: "Hi.",
      subject: null,
      kind: "message",
      inReplyTo: null,
      keyId: null,
      signature: null,
    });
    const first = await sendMessage(message(null), address(3));
    if (!first.ok) throw new Error(first.message);
    // A message naming the handle without its token counts nothing against the handle.
    expect((await sendMessage(message("eht_wrong"), address(4))).ok).toBe(false);
    expect((await sendMessage(message(first.handleToken), address(5))).ok).toBe(true);
    expect(await sendMessage(message(first.handleToken), address(6))).toEqual({ ok: false, message: refusal });
    expect(await db.networkMessage.count({ where: { sender: { handleKey: sender.toLowerCase() } } })).toBe(2);
  });
});
