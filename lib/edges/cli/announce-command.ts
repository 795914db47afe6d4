// `explore announce --agent @handle --endpoint <url> --token <token> [--url <origin>]`: an adapter's
// announcement of where it listens (DESIGN.md rule 2), sent to Explore's API like any adapter would.
// It needs no database: it is one HTTP request.
import { parseArgs } from "node:util";
import { env } from "@/lib/foundations/env";
import { handleFromParam } from "@/lib/model/addresses/paths";
import type { CliIo } from "./validate-command";
import { ANNOUNCE_USAGE } from "./usage";

/** 0: announced; 1: Explore refused it (the reason is printed); 2: usage error or Explore unreachable. */
export async function runAnnounce(args: string[], io: CliIo, post: typeof fetch = fetch): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { agent: { type: "string" }, endpoint: { type: "string" }, token: { type: "string" }, url: { type: "string" } } });
  } catch (error) {
    io.stderr(`explore announce: ${error instanceof Error ? error.message : "bad arguments"}\n${ANNOUNCE_USAGE}`);
    return 2;
  }
  const handle = handleFromParam(parsed.values.agent ?? "");
  const token = parsed.values.token;
  if (!handle || !parsed.values.endpoint || !token) {
    io.stderr(`explore announce: give --agent, --endpoint and a token\n${ANNOUNCE_USAGE}`);
    return 2;
  }
  const origin = (parsed.values.url ?? `http://127.0.0.1:${env.PORT}`).replace(/\/$/, "");
  let response: Response;
  try {
    response = await post(`${origin}/api/v1/agents/${handle.slice(1)}/endpoint`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ endpoint: parsed.values.endpoint }),
    });
  } catch (error) {
    io.stderr(`explore announce: Explore at ${origin} did not answer (${error instanceof Error ? error.message : "unreachable"})\n`);
    return 2;
  }
  const body: unknown = await response.json().catch(() => null);
  const detail = typeof body === "object" && body !== null && "detail" in body && typeof body.detail === "string" ? body.detail : null;
  if (!response.ok) {
    io.stderr(`explore announce: ${response.status} ${detail ?? "refused"}\n`);
    return 1;
  }
  io.stdout(`${handle} now runs at ${parsed.values.endpoint}\n`);
  return 0;
}
