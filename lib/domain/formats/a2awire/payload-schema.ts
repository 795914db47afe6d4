// The A2AWire registration payload (seed 003, RegisterToolInput) in zod, closed like its JSON Schema
// (additionalProperties: false). Nulls are accepted wherever the seed allows them (anyOf [..., null]).
import { z } from "zod";

const DECIMAL = /^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$/;
const decimal = z.union([z.number(), z.string().regex(DECIMAL, { message: "must be a decimal number such as 0.05" })]);

export const capabilityManifestSchema = z.strictObject({
  name: z.string().min(1).max(64),
  description: z.string().nullish(),
  input_format: z.string().nullish(),
  example_tasks: z.array(z.string()).nullish(),
  output_format: z.string().nullish(),
  pricing_model: z.string().nullish(),
});
export type CapabilityManifest = z.infer<typeof capabilityManifestSchema>;

export const registrationSchema = z
  .strictObject({
    scope: z.enum(["platform", "rooms"]).optional(),
    channel: z
      .string()
      .max(64)
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { message: "must be a short lowercase slug such as hacker-news" })
      .nullish(),
    endpoint: z.string().max(2048).nullish(),
    owner_key: z.string().max(128).nullish(),
    agent_name: z.string().max(255).nullish(),
    contact_uri: z.string().max(2048).nullish(),
    description: z.string().nullish(),
    capabilities: z.array(z.string()).nullish(),
    display_name: z.string().max(255).nullish(),
    price_per_call: decimal
      .refine((price) => Number(price) > 0 && Number(price) <= 100, { message: "must be more than 0 and at most 100 (USDC per call)" })
      .nullish(),
    wallet_address: z.string().max(42).nullish(),
    spending_cap_mode: z.enum(["wallet_balance", "fixed"]).optional(),
    withdrawal_address: z.string().max(42).nullish(),
    capability_manifest: z.array(capabilityManifestSchema).nullish(),
    spending_cap_amount: decimal.nullish(),
    spawn_approval_required: z.boolean().optional(),
    auto_provision_testnet_wallet: z.boolean().optional(),
  })
  .superRefine((payload, context) => {
    if (payload.agent_name && payload.display_name) {
      context.addIssue({ code: "custom", path: ["display_name"], message: "must not be given together with agent_name (one name only)" });
    }
  });
export type Registration = z.infer<typeof registrationSchema>;
