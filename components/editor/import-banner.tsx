import type { DraftSource } from "@/generated/prisma/enums";
import type { ToComplete } from "@/lib/domain/formats/foreign";

// Above the editor of a draft made from another format: where it came from, what agent.json needs that the
// format did not hold (each at its agent.json path), and what the conversion did. A server component.

const FROM_WORDS: Partial<Record<DraftSource, string>> = {
  a2a_card: "an A2A agent card",
  ga4gh_entry: "a GA4GH registry entry",
  a2awire: "an A2AWire registration",
};

export function ImportBanner({ format, toComplete, notes }: { format: DraftSource; toComplete: ToComplete[]; notes: string[] }) {
  const from = FROM_WORDS[format] ?? "another format";
  return (
    <section aria-labelledby="import-banner-title" className="flex flex-col gap-3 rounded-lg border border-info/40 bg-info/10 p-4 text-sm">
      <h2 id="import-banner-title" className="break-words font-semibold">
        Imported from {from}
        {toComplete.length > 0 ? ` — complete: ${toComplete.map((t) => t.path).join(", ")}` : ""}
      </h2>
      <p>Nothing is published until you publish; the check beside the editor names each field that still needs you.</p>
      {toComplete.length > 0 ? (
        <div>
          <h3 className="font-medium">To complete</h3>
          <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
            {toComplete.map((t) => (
              <li key={t.path}>
                <code className="break-all font-mono text-xs">{t.path}</code> — {t.why}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {notes.length > 0 ? (
        <div>
          <h3 className="font-medium">Notes</h3>
          <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
            {notes.map((n) => (
              <li key={n} className="break-words">
                {n}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
