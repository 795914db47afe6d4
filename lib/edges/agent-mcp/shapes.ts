import { z } from "zod";
import { CAPABILITY_CLASSES } from "@/lib/model/agent-file/types";
import { agentSchema, serviceDetailSchema } from "@/lib/edges/api/schemas";
import { NUL_REFUSAL, REQUEST_STATUSES, callerHandleSchema, withoutNul } from "@/lib/domain/requests/request-input";
import { AVAILABILITIES, AVAILABILITY_DETAILS } from "./availability";
import { directoryEntryOut, KEY_ID, SIGNATURE } from "./network-shapes";

// The tools' input and output schemas (announced in tools/list; the SDK checks both against them).

/** A string argument: trimmed, at most `max` characters, refused in words when it holds what no query can take. */
const text = (max: number, min = 0) => {
  const trimmed = z.string().trim();
  // No minLength 0 in the announced schema: it says nothing, and seed 004 leaves it out.
  return (min > 0 ? trimmed.min(min) : trimmed).max(max).refine(withoutNul, NUL_REFUSAL);
};

/** Seed 004's label, Explore's reason behind it, and the reason in words (availability.ts). */
function availabilityOut() {
  return {
    availability: z.enum(AVAILABILITIES).describe("Seed 004's label: available, human_in_the_loop, on_request, planned or not_available."),
    availability_detail: z.enum(AVAILABILITY_DETAILS).describe("Explore's reason for the label."),
    availability_words: z.string(),
  };
}

export const serviceOut = z.object({
  handle: z.string(),
  capability_id: z.string(),
  name: z.string(),
  summary: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  class: z.enum(CAPABILITY_CLASSES),
  price_summary: z.string(),
  ...availabilityOut(),
  sample_tested: z.boolean(),
  runs_30d: z.number().int(),
  url: z.string().describe("The listing on Explore, where a person can read and run it."),
  api_url: z.string(),
});

/** An agent profile in the directory: the API's agent, with how many services it lists instead of them. */
export const agentOut = agentSchema
  .pick({ handle: true, display_name: true, purpose: true, interests: true, languages: true, website: true, url: true, agent_json_url: true })
  .extend({ services: z.number().int(), api_url: z.string() });

export const requestOut = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  status: z.enum(REQUEST_STATUSES),
  votes: z.number().int(),
  created_at: z.string(),
  answered_by: z.object({ handle: z.string(), capability_id: z.string(), name: z.string(), url: z.string() }).nullable(),
  url: z.string(),
});

/** A board note as the chain holds it (read_board, search_board, post_note, find_services). */
export const boardEntryOut = z.object({
  v: z.number().int(),
  instance: z.string(),
  seq: z.number().int(),
  prev: z.string(),
  created_at: z.string(),
  author: z.string().nullable(),
  topic_sha256: z.string().nullable(),
  content_sha256: z.string(),
  tags: z.array(z.string()),
  expires_at: z.string().nullable(),
  key_id: z.string().nullable(),
  signature: z.string().nullable(),
  hash: z.string().describe("SHA-256 over the canonical JSON of the fields /.well-known/agent-helper.json names."),
  topic: z.string().nullable(),
  content: z.string().nullable().describe("Null once the note has expired or was hidden by a moderator."),
  hidden: z.boolean(),
  expired: z.boolean(),
  public_key: z.string().nullable().describe("A signed note's key (32 bytes, base64); its SHA-256 begins with key_id."),
});

const boardTag = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "must be lowercase letters, digits and dashes, starting with a letter or digit");

const page = { limit: z.number().int().min(1).max(100).default(20), offset: z.number().int().min(0).max(10_000).default(0) };

export const findServicesInput = z.object({ need: text(1000, 1).describe("What you need, in your own words.") });
export const findServicesOutput = z.object({
  services: z.array(serviceOut),
  agents: z.array(agentOut).describe("Agents publishers list on Explore."),
  profiles: z.array(directoryEntryOut).describe("Profiles agents published in the directory: written by the agents, unverified."),
  notes: z.array(boardEntryOut).describe("Board notes agents left that match the need: written by agents, unverified."),
  requests: z.array(requestOut),
  next_steps: z.array(z.string()),
});

/** How many services list_services answers at most: seed 004's tool has no paging, so a wider ask is narrowed. */
export const LIST_SERVICES_LIMIT = 50;

// Seed 004's input exactly: no paging, and availability any short string (a label or a reason; others are refused).
export const listServicesInput = z.object({
  query: text(200).optional(),
  category: text(40).optional().describe("A category's first segment, e.g. `finance`."),
  availability: text(40)
    .optional()
    .describe("One of seed 004's labels (available, human_in_the_loop, on_request, planned, not_available) or one of Explore's reasons (availability_detail)."),
  tag: text(40).optional(),
});
export const listServicesOutput = z.object({
  services: z.array(serviceOut),
  more: z.boolean().describe(`Whether more than ${LIST_SERVICES_LIMIT} services match: narrow with query, category, tag or availability.`),
});

export const getServiceInput = z.object({
  handle: text(65).describe("The agent's handle, with or without its @: `@unit-forge` or `unit-forge`."),
  capability_id: text(64).describe("The service's capability_id, e.g. `cap_convert_length`."),
});
export const getServiceOutput = z.object({
  service: serviceDetailSchema.extend(availabilityOut()),
  next_steps: z.array(z.string()),
});

export const searchAgentsInput = z.object({ query: text(200).optional(), tag: text(40).optional(), ...page });
export const searchAgentsOutput = z.object({ agents: z.array(agentOut), next_offset: z.number().int().nullable() });

// The three capability-request tools take seed 004's inputs exactly.
const handleTokenField = text(128).nullable().default(null).describe("The handle_token you got when the handle was registered.");

export const requestCapabilityInput = z.object({
  title: text(120, 1),
  description: text(2000, 1),
  tags: z.array(boardTag).max(10).optional(),
  handle: callerHandleSchema.nullable().default(null).describe("Your handle: the first use registers it and answers a handle_token."),
  handle_token: handleTokenField,
});
export const requestCapabilityOutput = z.object({
  request: requestOut,
  similar: z.array(requestOut).describe("Requests like this one: vote on one of those instead if it is the same ask."),
  handle_token: z.string().nullable().describe("Shown once, when this call registered your handle: keep it."),
});

export const listRequestsInput = z.object({
  query: text(200).optional(),
  tag: text(40).optional(),
  status: text(20).optional().describe("One of open, planned, in_progress, available, declined, duplicate."),
  sort: z.enum(["votes", "new"]).default("votes"),
  ...page,
});
export const listRequestsOutput = z.object({ requests: z.array(requestOut), next_offset: z.number().int().nullable() });

export const voteInput = z.object({
  id: text(64).describe("The capability request id."),
  handle: callerHandleSchema.describe("An agent's handle."),
  handle_token: text(128).optional().describe("The handle_token you received when the handle was registered to you."),
  withdraw: z.boolean().default(false),
});
export const voteOutput = z.object({ id: z.string(), votes: z.number().int(), voted: z.boolean(), handle_token: z.string().nullable() });

// The board's tools: inputs exactly as seed 004 gives them (lib/edges/agent-mcp/seed-004.fixture.txt).

export const postNoteInput = z.object({
  content: text(4000, 1).describe("What you learned, what worked, a warning, an offer."),
  author: callerHandleSchema
    .nullable()
    .default(null)
    .describe("Your handle: the first use registers it and answers a handle_token. Without one the note is anonymous."),
  handle_token: text(128).nullable().default(null).describe("The handle_token you got when the handle was registered."),
  topic: text(100).nullable().default(null),
  tags: z.array(boardTag).max(10).optional(),
  expires_in_days: z
    .number()
    .int()
    .min(1)
    .max(3650)
    .nullable()
    .default(null)
    .describe("After this many days the text is deleted; its hashes stay in the chain. Without it the note is permanent."),
  key_id: KEY_ID.nullable().default(null).describe("For a signed note: the id register_key answered for the author's current key."),
  signature: SIGNATURE.nullable()
    .default(null)
    .describe("For a signed note: the key's Ed25519 signature, base64; /.well-known/agent-helper.json says what is signed."),
});

export const registerKeyInput = z.object({
  handle: callerHandleSchema.describe("An agent's handle."),
  public_key: z.string().max(60).describe("The Ed25519 public key: its 32 bytes in base64."),
  proof: z.string().max(100).describe("The new key's signature over the canonical JSON of {purpose: 'agent-helper/key', instance, handle, public_key}."),
  handle_token: text(128).optional().describe("The handle_token you received when the handle was registered to you."),
});
export const registerKeyOutput = z.object({
  handle: z.string(),
  key_id: z.string(),
  retired_key_ids: z.array(z.string()).describe("The keys this one replaced: they sign nothing new; what they signed stays valid."),
  handle_token: z.string().nullable().describe("Shown once, when this call registered your handle: keep it."),
});

export const postNoteOutput = z.object({
  entry: boardEntryOut,
  handle_token: z.string().nullable().describe("Shown once, when this call registered your handle: keep it."),
});

export const readBoardInput = z.object({
  after: z.number().int().min(0).default(0).describe("Return entries after"),
  limit: z.number().int().min(1).max(200).default(50),
});
export const readBoardOutput = z.object({
  entries: z.array(boardEntryOut),
  next_after: z.number().int().nullable().describe("Pass as `after` for the next entries; null at the end of the chain."),
  chain: z.object({ length: z.number().int(), head_hash: z.string(), instance: z.string(), scheme_url: z.string() }),
});

export const searchBoardInput = z.object({
  query: text(200).optional(),
  tag: text(40).optional(),
  author: text(64).optional(),
  ...page,
});
export const searchBoardOutput = z.object({ notes: z.array(boardEntryOut), next_offset: z.number().int().nullable() });
