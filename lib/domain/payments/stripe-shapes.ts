import { z } from "zod";

// The fields Explore reads from the Stripe events it uses, checked before use. A publisher's webhook may
// be pinned to an older Stripe API version, so the places a field moved between versions are both read
// (a subscription's period end on its items since 2025-03-31, an invoice's subscription under `parent`).

const id = z.string().min(1).max(255);
const idOrObject = z.union([id, z.object({ id }).transform((o) => o.id)]);
const seconds = z.number().int().nonnegative();

export const checkoutSessionSchema = z
  .object({
    id,
    mode: z.enum(["payment", "subscription", "setup"]),
    payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
    client_reference_id: z.string().max(200).nullable().optional(),
    payment_link: idOrObject.nullable().optional(),
    amount_total: z.number().int().nonnegative().nullable(),
    currency: z.string().min(3).max(3).nullable(),
    payment_intent: idOrObject.nullable().optional(),
    subscription: idOrObject.nullable().optional(),
  })
  .loose();
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const subscriptionSchema = z
  .object({
    id,
    status: z.string().min(1).max(40),
    current_period_end: seconds.optional(),
    items: z
      .object({ data: z.array(z.object({ current_period_end: seconds.optional() }).loose()) })
      .loose()
      .optional(),
  })
  .loose()
  .transform((s) => {
    const ends = [s.current_period_end, ...(s.items?.data ?? []).map((i) => i.current_period_end)].filter((n) => n !== undefined);
    return { id: s.id, status: s.status, periodEnd: ends.length > 0 ? Math.max(...ends) : null };
  });

export const invoiceSchema = z
  .object({
    id,
    subscription: idOrObject.nullable().optional(),
    parent: z
      .object({ subscription_details: z.object({ subscription: idOrObject }).loose().nullable().optional() })
      .loose()
      .nullable()
      .optional(),
    lines: z
      .object({ data: z.array(z.object({ period: z.object({ end: seconds }).loose().optional() }).loose()) })
      .loose()
      .optional(),
  })
  .loose()
  .transform((i) => {
    const ends = (i.lines?.data ?? []).flatMap((l) => (l.period ? [l.period.end] : []));
    return {
      id: i.id,
      subscriptionId: i.parent?.subscription_details?.subscription ?? i.subscription ?? null,
      periodEnd: ends.length > 0 ? Math.max(...ends) : null,
    };
  });

export const chargeSchema = z
  .object({
    id,
    payment_intent: idOrObject.nullable().optional(),
    amount: z.number().int().nonnegative(),
    amount_refunded: z.number().int().nonnegative(),
    refunded: z.boolean(),
    currency: z.string().min(3).max(3),
  })
  .loose();

export const eventSchema = z
  .object({ id, type: z.string().min(1).max(100), created: seconds, data: z.object({ object: z.record(z.string(), z.unknown()) }).loose() })
  .loose();
export type VerifiedEvent = z.infer<typeof eventSchema>;
