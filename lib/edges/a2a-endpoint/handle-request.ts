import "server-only";
import { A2A_VERSION_HEADER, type AgentCard } from "@a2a-js/sdk";
import { A2A_LEGACY_PROTOCOL_VERSION } from "@a2a-js/sdk/compat/v0_3";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import { DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler, ServerCallContext, UnauthenticatedUser, validateVersion } from "@a2a-js/sdk/server";
import { bearerToken, grantOfApiToken } from "@/lib/domain/api-tokens/tokens";
import { findAgentWithListings } from "@/lib/model/catalog/queries";
import { EXPLORE_A2A_PATH, exploreCardModel } from "@/lib/domain/formats/a2a-card/explore-card";
import { a2aEndpointPath, agentCardModel } from "@/lib/domain/formats/a2a-card/from-catalog";
import { readBodyWithin } from "@/lib/foundations/http/body-limit";
import { clientAddress } from "@/lib/foundations/http/client-address";
import { siteOrigin } from "@/lib/foundations/site/origin";
import { log } from "@/lib/foundations/log";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { MAX_ARGUMENTS_BYTES } from "@/lib/domain/runs/run-form-state";
import { a2aExecutor, namesSkill, type A2ARunOptions } from "./executor";

// POST /api/v1/agents/{handle}/a2a and POST /a2a — Explore's A2A endpoints, for an agent and for Explore itself
// (JSON-RPC, A2A 1.0's SendMessage and 0.3's message/send). The SDK's own request handler and JSON-RPC
// transports answer them; each request gets its own, so any instance answers any request (tasks finish within
// their request; a run is kept in /runs). A message in words is answered without a token, as a signed-out
// visitor; a run needs one.

const HEADERS = { "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" };
// JSON-RPC's reserved range for server errors; A2A defines no code for a missing credential.
const UNAUTHORIZED = -32000;

function rpcError(status: number, code: number, message: string, extra: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code, message } }, { status, headers: { ...HEADERS, ...extra } });
}

function isStream(value: unknown): value is AsyncGenerator<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/** Whether a JSON-RPC request only sends words (in either version's JSON): what a caller without a token may ask. */
function onlyWords(body: Record<string, unknown>): boolean {
  const params = body.params;
  const message = typeof params === "object" && params !== null && "message" in params ? params.message : undefined;
  const parts = typeof message === "object" && message !== null && "parts" in message && Array.isArray(message.parts) ? (message.parts as unknown[]) : [];
  const fields = parts.filter((p): p is Record<string, unknown> => typeof p === "object" && p !== null);
  return fields.some((p) => typeof p.text === "string") && !fields.some((p) => namesSkill(p.data));
}

const UNAUTHORIZED_MESSAGE =
  "Unauthorized: send a live Explore API token as Authorization: Bearer <token> (make one in Explore's settings). A message in words is answered without one.";

/** Answers a JSON-RPC request to the endpoint of the agent `handle`, or to Explore's own when it is null. */
export async function handleA2ARequest(request: Request, handle: string | null, deps?: A2ARunOptions["deps"]): Promise<Response> {
  try {
    // Counted per address before the token is looked at, so tokens cannot be guessed at speed.
    const limit = await consume("api", clientAddress(request.headers));
    if (!limit.ok) return rpcError(429, -32000, limit.message, { "Retry-After": String(limit.retryAfterSeconds) });

    const unauthorized = () => rpcError(401, UNAUTHORIZED, UNAUTHORIZED_MESSAGE, { "WWW-Authenticate": 'Bearer realm="Explore A2A"' });
    const token = bearerToken(request.headers.get("authorization"));
    // A token sent is the caller's word that they act as its owner: one that is not live is refused, never read as none.
    const caller = token === null ? null : await grantOfApiToken(token);
    if (token !== null && !caller) return unauthorized();
    const viewer = caller?.viewer ?? null;
    // Counted as it is read, whatever length the request declares: a larger body is never read whole.
    const read = await readBodyWithin(request, MAX_ARGUMENTS_BYTES + 16 * 1024);
    if (!read.ok) return rpcError(413, -32600, "The request is too large: arguments may be at most 256 KB.");
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(read.bytes));
    } catch {
      return rpcError(400, -32700, "The request is not valid JSON.");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) return rpcError(400, -32600, "Send one JSON-RPC request object.");
    if (!viewer && !onlyWords(body as Record<string, unknown>)) return unauthorized();

    const origin = siteOrigin();
    let card: AgentCard;
    let endpoint: string;
    if (handle === null) {
      card = exploreCardModel(origin);
      endpoint = `${origin}${EXPLORE_A2A_PATH}`;
    } else {
      // The agent as the caller sees it: the card the request handler holds lists what they may run.
      const page = await findAgentWithListings(viewer, handle);
      if (!page) return rpcError(404, -32001, `There is no agent ${handle}.`);
      card = agentCardModel(page.agent, page.listings, origin);
      endpoint = `${origin}${a2aEndpointPath(handle)}`;
    }

    const requestedVersion = request.headers.get(A2A_VERSION_HEADER) ?? undefined;
    const legacy = (requestedVersion ?? A2A_LEGACY_PROTOCOL_VERSION) === A2A_LEGACY_PROTOCOL_VERSION;
    const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), a2aExecutor({ caller, handle, endpoint, origin, deps }));
    const user = viewer ? { isAuthenticated: true, userName: viewer.id } : new UnauthenticatedUser();
    const context = new ServerCallContext({ user, requestedVersion });
    let answer: unknown;
    try {
      validateVersion(context.requestedVersion, card, "JSONRPC");
      answer = legacy
        ? await new LegacyJsonRpcTransportHandler(handler).handle({ ...body }, context)
        : await new JsonRpcTransportHandler(handler).handle({ ...body }, context);
    } catch (error) {
      const mapped = legacy ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error) : JsonRpcTransportHandler.mapToJSONRPCError(error);
      return Response.json({ jsonrpc: "2.0", id: "id" in body ? body.id : null, error: mapped }, { headers: HEADERS });
    }
    // The card states no streaming, so the SDK refuses stream methods before one could start.
    if (isStream(answer)) return rpcError(400, -32004, "This endpoint does not stream: use message/send (SendMessage).");
    return Response.json(answer, { headers: HEADERS });
  } catch (error) {
    log.error("a2a: the request failed", { error });
    return rpcError(500, -32603, "The request could not be answered just now; try again later.");
  }
}
