import type { ForeignConversion } from "../foreign";

/** An A2A agent card → an agent.json draft. */
export function a2aCardToAgentFile(_card: unknown): ForeignConversion {
  return { ok: false, format: "a2a_card", problems: [{ path: "", message: "A2A cards cannot be imported yet." }] };
}
