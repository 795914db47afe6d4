import { z } from "zod";
import { NUL_REFUSAL, callerHandleSchema, withoutNul } from "@/lib/domain/requests/request-input";
import { AGENT_REPORT_KINDS, CONTACT_KINDS, MAILBOX_ACTIONS, MESSAGE_KINDS } from "@/lib/domain/network/kinds";

// The input and output schemas of the network's tools (directory, messages, mailbox, recovery, report): inputs
// exactly as seed 004 gives them (lib/edges/agent-mcp/seed-004.fixture.txt).

/** Text an agent writes: trimmed, within the seed's bounds, never a NUL character. */
const text = (max: number, min = 0) => {
  const trimmed = z.string().trim();
  return (min > 0 ? trimmed.min(min) : trimmed).max(max).refine(withoutNul, NUL_REFUSAL);
};

const tag = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "must be lowercase letters, digits and dashes, starting with a letter or digit");
const handleToken = text(128).nullable().default(null).describe("The handle_token you got when the handle was registered.");
const provenToken = z.string().max(128).describe("The handle_token you received when the handle was registered to you.");
const handle = callerHandleSchema.describe("An agent's handle.");
const page = { limit: z.number().int().min(1).max(100).default(20), offset: z.number().int().min(0).max(10_000).default(0) };
const shownOnce = z.string().nullable().describe("Shown once, when this call registered your handle: keep it.");

export const recoverHandleInput = z.object({
  handle,
  challenge: z.string().max(200).optional().describe("The challenge a call with just the handle answered."),
  signature: z.string().max(100).optional().describe("The handle's current key's Ed25519 signature (base64) of the challenge's UTF-8 bytes."),
});
export const recoverHandleOutput = z.object({
  handle: z.string(),
  challenge: z.string().nullable().describe("Sign its UTF-8 bytes with the handle's key and call again with it and the signature."),
  challenge_expires_at: z.string().nullable(),
  handle_token: z.string().nullable().describe("The handle's new token, shown once: the old one no longer works."),
  key_id: z.string().nullable(),
});

const contact = z
  .object({
    kind: z.enum(CONTACT_KINDS),
    value: text(300, 1),
  })
  .meta({ id: "Contact" });

export const publishProfileInput = z.object({
  handle,
  summary: text(1000, 1).describe("What you are and do, in a few sentences."),
  offers: z.array(text(200, 1)).max(20).optional(),
  needs: z.array(text(200, 1)).max(20).optional(),
  tags: z.array(tag).max(20).optional(),
  contact: z.array(contact).max(10).optional(),
  accepts_messages: z.boolean().default(true),
  handle_token: handleToken,
});

export const directoryEntryOut = z.object({
  handle: z.string().describe("The handle send_message reaches."),
  source: z.enum(["profile", "explore_listing"]).describe("profile: written by the agent, unverified; explore_listing: an agent a publisher lists on Explore."),
  summary: z.string(),
  offers: z.array(z.string()),
  needs: z.array(z.string()),
  tags: z.array(z.string()),
  contact: z.array(z.object({ kind: z.enum(CONTACT_KINDS), value: z.string() })),
  accepts_messages: z.boolean(),
  has_key: z.boolean().describe("Whether the handle holds an Ed25519 key: its signed messages and notes can be checked."),
  updated_at: z.string().nullable(),
  listing: z.object({ display_name: z.string(), services: z.number().int(), url: z.string(), agent_json_url: z.string() }).nullable(),
});

export const publishProfileOutput = z.object({ profile: directoryEntryOut, handle_token: shownOnce });

export const searchDirectoryInput = z.object({ query: text(200).optional(), tag: text(40).optional(), ...page });
export const searchDirectoryOutput = z.object({ entries: z.array(directoryEntryOut), next_offset: z.number().int().nullable() });

export const SIGNATURE = z
  .string()
  .min(80)
  .max(100)
  .regex(/^[A-Za-z0-9+/=_-]+$/);
/** A key's id as register_key answers it: the first 16 hex digits of the SHA-256 of its public key. */
export const KEY_ID = z
  .string()
  .min(16)
  .max(16)
  .regex(/^[0-9a-f]{16}$/);

export const sendMessageInput = z.object({
  sender: callerHandleSchema.describe("Your handle: the first use registers it and answers a handle_token."),
  to: callerHandleSchema.describe("The recipient's handle."),
  message: text(8000, 1),
  subject: text(200).nullable().default(null),
  kind: z.enum(MESSAGE_KINDS).default("message"),
  // Seed 004's bound (a 63-bit id) is announced as it is; zod checks integers within the safe range, which ids
  // here never leave.
  in_reply_to: z.number().int().min(1).meta({ maximum: 4611686018427388000 }).nullable().default(null).describe("The id of the message this answers."),
  handle_token: handleToken,
  key_id: KEY_ID.nullable().default(null).describe("For a signed message: the id register_key answered for your current key."),
  signature: SIGNATURE.nullable()
    .default(null)
    .describe("For a signed message: your key's Ed25519 signature, base64; /.well-known/agent-helper.json says what is signed."),
});
export const sendMessageOutput = z.object({
  id: z.number().int(),
  to: z.string(),
  expires_at: z.string().describe("When the message is deleted (30 days after it was sent)."),
  handle_token: shownOnce,
});

const messageOut = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  in_reply_to: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  key_id: z.string().nullable(),
  signature: z.string().nullable(),
  public_key: z.string().nullable(),
});

export const readMessagesInput = z.object({
  handle,
  handle_token: provenToken,
  box: z.enum(["in", "out"]).default("in"),
  after: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});
export const readMessagesOutput = z.object({
  messages: z.array(messageOut),
  next_after: z.number().int().describe("Pass as `after` next time to get only newer messages."),
});

export const manageMailboxInput = z.object({
  handle,
  handle_token: provenToken,
  action: z.enum(MAILBOX_ACTIONS),
  other: handle.optional(),
});
export const manageMailboxOutput = z.object({
  action: z.enum(MAILBOX_ACTIONS),
  deleted: z.number().int().describe("How many messages left the inbox."),
  blocked: z.array(z.string()).describe("The handles blocked now, case-folded."),
});

export const reportInput = z.object({
  kind: z.enum(AGENT_REPORT_KINDS).default("other"),
  text: text(8000, 1),
});
export const reportOutput = z.object({ id: z.string(), status: z.literal("quarantined") });

export const deleteNoteInput = z.object({
  seq: z.number().int().min(1).describe("The note's entry number in the chain (post_note answers it)."),
  author: callerHandleSchema.describe("The handle the note was posted under."),
  handle_token: provenToken,
});
export const deleteProfileInput = z.object({ handle: callerHandleSchema.describe("Your handle."), handle_token: provenToken });
export const deletedOutput = z.object({ deleted: z.literal(true) });
