// The one shape every foreign format's import answers with (A2A agent card, GA4GH registry entry, A2AWire
// registration). A conversion never publishes anything: its agent.json becomes a draft in the editor, where
// the fields the format lacks are shown as errors to complete.

export type ForeignFormat = "a2a_card" | "ga4gh_entry" | "a2awire";

/** A problem in the source document, at its path in that document ("skills[2].name"; "" for the whole). */
export type ForeignProblem = { path: string; message: string };

/** A field agent.json needs that the format does not hold, at its path in the agent.json ("capabilities[0].class"). */
export type ToComplete = { path: string; why: string };

export type ForeignConversion =
  | { ok: true; format: ForeignFormat; agentFile: Record<string, unknown>; toComplete: ToComplete[]; notes: string[] }
  | { ok: false; format: ForeignFormat; problems: ForeignProblem[] };

export const FORMAT_NAMES: Record<ForeignFormat, string> = {
  a2a_card: "A2A agent card",
  ga4gh_entry: "GA4GH registry agent entry",
  a2awire: "A2AWire registration",
};
