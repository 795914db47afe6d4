import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { sealSecret } from "@/lib/foundations/secrets";
import { fakeCliIo } from "@/lib/testing/cli-io";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { consumerIdOf } from "@/lib/domain/payments/consumers";
import { POST } from "@/app/api/webhooks/stripe/[handle]/route";
import { runStripeEvent } from "./stripe-event-command";

afterAll(async () => {
  await cleanUpTestRows();
});

// The command's request goes to the real route handler, signature and all, without a server in between.
const toRoute: typeof fetch = async (input, init) => {
  const request = new Request(String(input), init);
  const handle = new URL(request.url).pathname.split("/").pop() ?? "";
  return POST(request, { params: Promise.resolve({ handle }) });
};

describe("explore stripe-event", () => {
  it("posts a signed checkout that grants the plan's calls, then a refund that revokes them", async () => {
    const [publisher, buyer] = await Promise.all([createTestUser(), createTestUser()]);
    const agent = await createTestAgent({
      ownerId: publisher.id,
      capabilities: [
        {
          extra: {
            isPaid: true,
            plans: { create: [{ planId: "pack_50", position: 0, type: "pack", priceUsd: "3", extra: { calls: 50, stripe_payment_link: "plink_cli" } }] },
          },
        },
      ],
    });
    await db.stripeWebhook.create({ data: { agentId: agent.id, secretCiphertext: sealSecret("whsec_cli_test", agent.id) } });
    const email = (await db.user.findUniqueOrThrow({ where: { id: buyer.id } })).email;

    const before = fakeCliIo({});
    expect(await runStripeEvent(["checkout.session.completed", "--agent", agent.handle, "--plan", "pack_50", "--consumer", email], before.io, toRoute)).toBe(2);
    expect(before.stderr()).toMatch(/no consumer ID of .* open one of its services signed in as them first/);

    await consumerIdOf(buyer.id, { rowId: agent.id, handle: agent.handle });
    const bought = fakeCliIo({});
    expect(await runStripeEvent(["checkout.session.completed", "--agent", agent.handle, "--plan", "pack_50", "--consumer", email], bought.io, toRoute)).toBe(0);
    expect(bought.stdout()).toMatch(/→ 200 .*Granted 50 calls of pack_50/);
    const grant = await db.entitlement.findFirstOrThrow({ where: { userId: buyer.id, agentId: agent.id } });
    expect(grant).toMatchObject({ callsLeft: 50, amountCents: 300 });

    const refund = fakeCliIo({});
    expect(await runStripeEvent(["charge.refunded", "--agent", agent.handle, "--payment-intent", grant.paymentIntentId ?? ""], refund.io, toRoute)).toBe(0);
    expect(refund.stdout()).toMatch(/revoked 50 unused calls/);

    const forged = fakeCliIo({});
    expect(
      await runStripeEvent(
        ["checkout.session.completed", "--agent", agent.handle, "--plan", "pack_50", "--consumer", email, "--secret", "whsec_wrong"],
        forged.io,
        toRoute,
      ),
    ).toBe(1);
    expect(forged.stdout()).toMatch(/→ 400 .*does not verify/);
  });

  it("explains what is missing", async () => {
    const t = fakeCliIo({});
    expect(await runStripeEvent(["checkout.session.completed"], t.io, toRoute)).toBe(2);
    expect(await runStripeEvent(["checkout.session.completed", "--agent", "@no-such-agent-cli"], t.io, toRoute)).toBe(2);
    expect(t.stderr()).toContain("give one event type and --agent");
    expect(t.stderr()).toContain("no agent @no-such-agent-cli");
  });
});
