import { CopyButton } from "@/components/listings/copy-button";
import type { BadgeSnippets } from "@/lib/domain/sample-tests/badge-snippets";

/** The badge as a README shows it, and the two snippets that put it there. */
export function BadgeSnippetsSection({ snippets, previewable }: { snippets: BadgeSnippets; previewable: boolean }) {
  const forms = [
    { id: "badge-markdown", title: "Markdown", text: snippets.markdown },
    { id: "badge-html", title: "HTML", text: snippets.html },
  ];
  return (
    <section aria-labelledby="badge-heading" className="flex flex-col gap-3">
      <h2 id="badge-heading" className="text-lg font-semibold">
        Badge for your README
      </h2>
      <p className="text-sm text-muted-foreground">
        It shows the service&apos;s current sample-test label and links to its listing. Without a passing test from the last 7 days it reads &ldquo;not recently
        tested&rdquo;.
      </p>
      <figure className="flex flex-col gap-2">
        <figcaption className="text-sm font-medium">Preview</figcaption>
        <div className="rounded-md border border-border bg-card p-3">
          {previewable ? (
            <a href={snippets.listingUrl}>
              {/* eslint-disable-next-line @next/next/no-img-element -- the badge is Explore's own SVG, shown as a README would */}
              <img src={snippets.imageUrl} alt={snippets.alt} height={20} className="h-5 w-auto" />
            </a>
          ) : (
            <p className="text-sm">The badge shows once the service is published and everyone may see it (a signed-out visitor sees no 18+ service).</p>
          )}
        </div>
      </figure>
      {forms.map((form) => (
        <div key={form.id} className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={form.id} className="text-sm font-medium">
              {form.title}
            </h3>
            <CopyButton text={form.text} label={`Copy ${form.title}`} />
          </div>
          <pre
            aria-labelledby={form.id}
            className="overflow-x-auto rounded-md border border-border bg-card p-3 font-mono text-xs whitespace-pre-wrap break-all"
          >
            {form.text}
          </pre>
        </div>
      ))}
    </section>
  );
}
