import type { Metadata } from "next";
import Link from "next/link";
import { MakeTokenForm, RevokeTokenForm } from "@/components/ui/token-forms";
import { TokenScopeForm } from "@/components/account/token-scope-form";
import { UseFromYourAgent } from "@/components/gateway/use-from-agent";
import { scopeWords } from "@/lib/edges/agent-mcp/gateway/token-scope";
import { createApiTokenAction, revokeApiTokenAction } from "@/lib/domain/api-tokens/actions";
import { SettingsAgeForm } from "@/components/account/settings-age-form";
import { SettingsDataRulesForm } from "@/components/account/settings-data-rules-form";
import { Card } from "@/components/ui/card";
import { isAdultOn } from "@/lib/model/accounts/age";
import { dateFieldValue } from "@/lib/model/accounts/settings-input";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { listApiTokens, MAX_LIVE_API_TOKENS } from "@/lib/domain/api-tokens/tokens";
import { findSavedDataRules } from "@/lib/domain/data-rules/queries";
import { hasAnyRule } from "@/lib/domain/data-rules/rules";
import { formatRulesParam } from "@/lib/domain/data-rules/url";
import { dateTimeWords } from "@/lib/foundations/words/dates";

export const metadata: Metadata = { title: "Settings", robots: { index: false } };

export default async function SettingsPage() {
  const viewer = await requireViewer("/settings");
  const [rules, tokens] = await Promise.all([findSavedDataRules(viewer.id), listApiTokens(viewer.id)]);
  const liveTokens = tokens.filter((t) => t.revokedAt === null).length;
  const isAdult = viewer.dateOfBirth !== null && isAdultOn(viewer.dateOfBirth, new Date());
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <section aria-labelledby="age-heading">
        <h2 id="age-heading" className="text-lg font-semibold">
          Age and 18+ services
        </h2>
        <Card className="mt-3">
          <SettingsAgeForm dateOfBirth={dateFieldValue(viewer.dateOfBirth)} showMature={viewer.showMature && isAdult} isAdult={isAdult} />
        </Card>
      </section>
      <section aria-labelledby="rules-heading">
        <h2 id="rules-heading" className="text-lg font-semibold">
          My data rules
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Say how your data may be treated. Each service page shows, rule by rule, whether it meets them, and search can show only the services that do.
          {hasAnyRule(rules) ? (
            <>
              {" "}
              <Link href={`/?rules=mine`} className="text-accent underline">
                Services matching my data rules
              </Link>
              .
            </>
          ) : null}
        </p>
        <Card className="mt-3">
          <SettingsDataRulesForm rules={rules} rulesKey={formatRulesParam(rules) || "none"} />
        </Card>
      </section>
      <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading" className="text-lg font-semibold">
          API tokens
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          An agent of yours runs Explore&apos;s services with one of these tokens, as you, over MCP or A2A: your plans, daily limits, data rules and 18+ setting
          apply, and its runs appear in{" "}
          <Link href="/runs" className="text-accent underline">
            your runs
          </Link>
          . Each token says what it may run: free runs only until you allow more. A token is shown once when it is made; Explore keeps only its fingerprint.
        </p>
        <Card className="mt-3 flex flex-col gap-4">
          {tokens.length === 0 ? (
            <p className="text-sm">No tokens yet.</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Your API tokens">
              {tokens.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{t.label}</span>
                    <span className="text-muted-foreground">
                      {" "}
                      · made {dateTimeWords(t.createdAt)} · {t.lastUsedAt ? `last used ${dateTimeWords(t.lastUsedAt)}` : "never used"}
                      {t.revokedAt ? ` · revoked ${dateTimeWords(t.revokedAt)}` : ""}
                    </span>
                  </span>
                  {t.revokedAt ? null : <RevokeTokenForm action={revokeApiTokenAction} fields={{ tokenId: t.id }} label={t.label} />}
                  {t.revokedAt ? null : (
                    <details className="w-full">
                      <summary className="cursor-pointer text-muted-foreground">May run: {scopeWords(t)}</summary>
                      <div className="mt-3">
                        <TokenScopeForm token={t} />
                      </div>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          )}
          {liveTokens < MAX_LIVE_API_TOKENS ? (
            <MakeTokenForm action={createApiTokenAction} id="api-token" placeholder="my research agent" />
          ) : (
            <p className="text-sm">You have {MAX_LIVE_API_TOKENS} live tokens, the most one person may hold: revoke one to make another.</p>
          )}
        </Card>
        <h3 className="mt-6 font-semibold">Use from your agent</h3>
        <Card className="mt-2">
          <UseFromYourAgent handle={null} />
        </Card>
      </section>
    </div>
  );
}
