import type { CatalogTerms } from "@/lib/model/catalog/read-model";
import { LocalTime } from "@/components/ui/local-time";

/** The services' terms: the text with its SHA-256, or the link with the hash and date of the copy Explore fetched (lib/domain/terms). */
export function Terms({ terms }: { terms: CatalogTerms | null }) {
  if (!terms || (!terms.text && !terms.url)) return <p>The provider has not published terms.</p>;
  return (
    <div className="flex flex-col gap-3">
      {terms.version ? <p>Version {terms.version}</p> : null}
      {terms.text ? (
        <>
          <div tabIndex={0} aria-label="Terms text" className="max-h-80 overflow-auto whitespace-pre-wrap rounded-md border border-border bg-muted p-3 text-sm">
            {terms.text}
          </div>
          {terms.textSha256 ? <Hash value={terms.textSha256} /> : null}
        </>
      ) : null}
      {terms.url ? (
        <>
          <p>
            <a href={terms.url} rel="noopener noreferrer" className="break-all text-accent underline">
              Read the terms at the provider
            </a>
          </p>
          {terms.urlSha256 ? (
            <p className="text-sm">
              {terms.fetchedAt ? (
                <>
                  Fetched <LocalTime iso={terms.fetchedAt.toISOString()} />;{" "}
                </>
              ) : null}
              SHA-256 <code className="break-all font-mono text-xs">{terms.urlSha256}</code>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Explore has not fetched and fingerprinted these terms yet.</p>
          )}
        </>
      ) : null}
    </div>
  );
}

function Hash({ value }: { value: string }) {
  return (
    <p className="text-sm">
      SHA-256 <code className="break-all font-mono text-xs">{value}</code>
    </p>
  );
}
