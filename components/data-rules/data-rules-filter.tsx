import Link from "next/link";
import type { RulesFilter } from "@/lib/domain/data-rules/queries";
import { PRESETS, PRESET_NAMES } from "@/lib/domain/data-rules/rules";
import { RULES_PARAM } from "@/lib/domain/data-rules/url";

type Params = Record<string, string | string[] | undefined>;

/** The page's address with `rules` set (or removed), every other parameter kept; paging restarts. */
function hrefWith(pathname: string, params: Params, rules: string | null): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === RULES_PARAM || key === "page" || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  if (rules) search.set(RULES_PARAM, rules);
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The "Matches my data rules" filter: signed-in viewers toggle their saved rules (`rules=mine`);
 * everyone can apply a preset as a URL filter (`rules=strict`, `rules=eu`).
 */
export function DataRulesFilter({ pathname, params, filter, signedIn }: { pathname: string; params: Params; filter: RulesFilter; signedIn: boolean }) {
  const current = typeof params[RULES_PARAM] === "string" ? params[RULES_PARAM] : undefined;
  return (
    <nav aria-label="Data rules" className="flex flex-col gap-1 text-sm">
      <span className="font-medium">Data rules</span>
      {signedIn ? (
        <Link href={hrefWith(pathname, params, filter.mine ? null : "mine")} aria-current={filter.mine ? "true" : undefined} className="text-accent underline">
          {filter.mine ? "✓ " : ""}Matches my data rules
        </Link>
      ) : null}
      {PRESET_NAMES.map((name) => (
        <Link
          key={name}
          href={hrefWith(pathname, params, current === name ? null : name)}
          aria-current={current === name ? "true" : undefined}
          className="text-accent underline"
        >
          {current === name ? "✓ " : ""}
          {PRESETS[name].label}
        </Link>
      ))}
      {filter.active && !filter.mine && current !== "strict" && current !== "eu" ? (
        <Link href={hrefWith(pathname, params, null)} className="text-accent underline">
          Clear data rules
        </Link>
      ) : null}
      {signedIn && filter.mine && !filter.active ? (
        <span className="text-muted-foreground">
          You have no data rules yet.{" "}
          <Link href="/settings" className="text-accent underline">
            Set them in settings
          </Link>
          .
        </span>
      ) : null}
    </nav>
  );
}
