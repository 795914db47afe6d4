import Link from "next/link";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { checkDataRules, type DeclaredData, type RuleCheck } from "@/lib/domain/data-rules/match";
import { resolveRulesFilter } from "@/lib/domain/data-rules/queries";
import { formatRulesParam } from "@/lib/domain/data-rules/url";

/** Rule by rule, ✓ or ✗ with the reason ("inputs are kept 30 days; your rule allows 7 days"). */
export function DataRuleChecks({ checks }: { checks: RuleCheck[] }) {
  const met = checks.filter((c) => c.ok).length;
  return (
    <div>
      <p className="text-sm font-medium">{met === checks.length ? "Meets all your data rules" : `Meets ${met} of your ${checks.length} data rules`}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {checks.map((c) => (
          <li key={c.key} className="flex gap-2">
            <span aria-hidden="true" className={c.ok ? "text-success" : "text-danger"}>
              {c.ok ? "✓" : "✗"}
            </span>
            <span>
              <span className="sr-only">{c.ok ? "Met: " : "Not met: "}</span>
              <span className="font-medium">{c.rule}</span> — {c.reason}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The viewer's data rules checked against one service: the `rules` URL filter when given (anyone),
 * otherwise the signed-in viewer's saved rules. Without rules, a link to set some.
 */
export async function MyDataRuleChecks({
  viewer,
  data,
  rulesParam,
}: {
  viewer: Viewer | null;
  data: DeclaredData;
  rulesParam?: string | string[] | undefined;
}) {
  const filter = await resolveRulesFilter(viewer, rulesParam ?? (viewer ? "mine" : undefined));
  return (
    <section aria-labelledby="my-data-rules" className="flex flex-col gap-2">
      <h2 id="my-data-rules" className="text-lg font-semibold">
        My data rules
      </h2>
      {filter.active ? (
        <DataRuleChecks checks={checkDataRules(filter.rules, data)} />
      ) : (
        <p className="text-sm text-muted-foreground">
          {viewer ? (
            <>
              <Link href="/settings" className="text-accent underline">
                Set your data rules
              </Link>{" "}
              to see, rule by rule, whether this service meets them.
            </>
          ) : (
            <>
              Check this service against{" "}
              <Link href={`?rules=strict`} className="text-accent underline">
                Strict privacy
              </Link>{" "}
              or{" "}
              <Link href={`?rules=eu`} className="text-accent underline">
                EU processing only
              </Link>
              , or sign in to keep your own rules.
            </>
          )}
        </p>
      )}
      {filter.active && !filter.mine && viewer === null ? (
        <p className="text-xs text-muted-foreground">Rules from the address: {formatRulesParam(filter.rules)}</p>
      ) : null}
    </section>
  );
}
