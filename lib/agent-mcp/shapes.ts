import { z } from "zod";
import { CAPABILITY_CLASSES } from "@/lib/agent-file/types";
import { agentSchema, serviceDetailSchema } from "@/lib/api/schemas";
import { REQUEST_STATUSES, callerHandleSchema } from "@/lib/requests/request-input";
import { AVAILABILITIES } from "./availability";

// The tools' input and output schemas (announced in tools/list; the SDK checks both against them).

export const serviceOut = z.object({
  handle: z.string(),
  capability_id: z.string(),
  name: z.string(),
  summary: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  class: z.enum(CAPABILITY_CLASSES),
  price_summary: z.string(),
  availability: z.enum(AVAILABILITIES),
  availability_words: z.string(),
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

const page = { limit: z.number().int().min(1).max(100).default(20), offset: z.number().int().min(0).max(10_000).default(0) };
const handleFields = {
  handle: callerHandleSchema.nullish().describe("Your handle: the first use registers it and answers a handle_token."),
  handle_token: z.string().max(128).nullish().describe("The handle_token you got when the handle was registered."),
};

export const findServicesInput = z.object({ need: z.string().trim().min(1).max(1000).describe("What you need, in your own words.") });
export const findServicesOutput = z.object({
  services: z.array(serviceOut),
  agents: z.array(agentOut),
  requests: z.array(requestOut),
  next_steps: z.array(z.string()),
});

export const listServicesInput = z.object({
  query: z.string().trim().max(200).optional(),
  category: z.string().trim().max(40).optional().describe("A category's first segment, e.g. `finance`."),
  tag: z.string().trim().max(40).optional(),
  availability: z.enum(AVAILABILITIES).optional(),
  ...page,
});
export const listServicesOutput = z.object({ services: z.array(serviceOut), next_offset: z.number().int().nullable() });

export const getServiceInput = z.object({ handle: z.string().max(64).describe("The agent's handle, with its @."), capability_id: z.string().max(64) });
export const getServiceOutput = z.object({
  service: serviceDetailSchema.extend({ availability: z.enum(AVAILABILITIES), availability_words: z.string() }),
  next_steps: z.array(z.string()),
});

export const searchAgentsInput = z.object({ query: z.string().trim().max(200).optional(), tag: z.string().trim().max(40).optional(), ...page });
export const searchAgentsOutput = z.object({ agents: z.array(agentOut), next_offset: z.number().int().nullable() });

export const requestCapabilityInput = z.object({
  title: z.string().max(120),
  description: z.string().max(2000),
  tags: z.array(z.string().max(40)).max(10).optional(),
  ...handleFields,
});
export const requestCapabilityOutput = z.object({
  request: requestOut,
  similar: z.array(requestOut).describe("Requests like this one: vote on one of those instead if it is the same ask."),
  handle_token: z.string().nullable().describe("Shown once, when this call registered your handle: keep it."),
});

export const listRequestsInput = z.object({
  query: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(40).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  sort: z.enum(["votes", "new"]).default("votes"),
  ...page,
});
export const listRequestsOutput = z.object({ requests: z.array(requestOut), next_offset: z.number().int().nullable() });

export const voteInput = z.object({
  id: z.string().max(64).describe("The capability request's id."),
  handle: callerHandleSchema.describe("Your handle: the first use registers it and answers a handle_token."),
  handle_token: z.string().max(128).nullish(),
  withdraw: z.boolean().default(false),
});
export const voteOutput = z.object({ id: z.string(), votes: z.number().int(), voted: z.boolean(), handle_token: z.string().nullable() });
