import type { Metadata } from "next";
import Link from "next/link";
import { SettingsAgeForm } from "@/components/account/settings-age-form";
import { SettingsDataRulesForm } from "@/components/account/settings-data-rules-form";
import { Card } from "@/components/ui/card";
import { isAdultOn } from "@/lib/accounts/age";
import { dateFieldValue } from "@/lib/accounts/settings-input";
import { requireViewer } from "@/lib/accounts/viewer";
import { findSavedDataRules } from "@/lib/data-rules/queries";
import { hasAnyRule } from "@/lib/data-rules/rules";
import { formatRulesParam } from "@/lib/data-rules/url";

export const metadata: Metadata = { title: "Settings", robots: { index: false } };

export default async function SettingsPage() {
  const viewer = await requireViewer("/settings");
  const rules = await findSavedDataRules(viewer.id);
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
          Say how your data may be treated. Each service page shows, rule by rule, whether it meets them, and search can show
          only the services that do.
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
    </div>
  );
}
