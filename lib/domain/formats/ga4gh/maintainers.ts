// The maintainers of an agent's GA4GH registry entry, as the publisher states them in the editor: one a
// line, "name, GitHub user name[, affiliation][, ORCID iD]". agent.json has no place for them, so they are
// kept beside it (the draft's `maintainers`, then the agent's `registryMaintainers`), never taken from the
// account: a registry entry names people who answer for the agent, which only the publisher can say.
import { z } from "zod";
import { maintainerSchema } from "./entry-schema";

export type Maintainer = z.infer<typeof maintainerSchema>;

export const MAX_MAINTAINERS = 20;
const ORCID = /^\d{4}-\d{4}-\d{4}-\d{3}[0-9X]$/;

const storedSchema = z.array(maintainerSchema).min(1).max(MAX_MAINTAINERS);

/** Stored maintainers, read back; null when none were stated (or the value is not a list of maintainers). */
export function storedMaintainers(value: unknown): Maintainer[] | null {
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The lines the editor's field shows for stored maintainers. */
export function maintainerLines(maintainers: readonly Maintainer[] | null): string {
  return (maintainers ?? []).map((m) => [m.name, m.github, ...(m.affiliation ? [m.affiliation] : []), ...(m.orcid ? [m.orcid] : [])].join(", ")).join("\n");
}

/** The field's text as maintainers (an empty field: none stated, null), or each line's problem in words. */
export function parseMaintainerLines(text: string): { ok: true; maintainers: Maintainer[] | null } | { ok: false; errors: string[] } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length === 0) return { ok: true, maintainers: null };
  if (lines.length > MAX_MAINTAINERS) return { ok: false, errors: [`At most ${MAX_MAINTAINERS} maintainers, one a line.`] };
  const errors: string[] = [];
  const maintainers = lines.map((line, i) => {
    const parts = line.split(",").map((p) => p.trim());
    const [name = "", githubWritten = "", ...rest] = parts;
    const orcid = rest.length > 0 && ORCID.test(rest.at(-1) ?? "") ? rest.pop() : undefined;
    const affiliation = rest.join(", ").trim();
    // A profile address or an @name is what people often paste: the user name is what the entry holds.
    const github = githubWritten
      .replace(/^https:\/\/github\.com\//i, "")
      .replace(/^@/, "")
      .replace(/\/$/, "");
    const candidate = { name, github, ...(affiliation ? { affiliation } : {}), ...(orcid ? { orcid } : {}) };
    const parsed = maintainerSchema.safeParse(candidate);
    if (!parsed.success) {
      const words = parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? "");
        if (field === "name") return "the name is missing";
        if (field === "github")
          return githubWritten === "" ? "the GitHub user name is missing (name, then GitHub user name)" : `“${githubWritten}” ${issue.message}`;
        return `${field} ${issue.message}`;
      });
      errors.push(`Line ${i + 1}: ${words.join("; ")}.`);
    }
    return candidate;
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, maintainers };
}
