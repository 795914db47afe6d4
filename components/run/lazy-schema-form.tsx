"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import type { RJSFSchema } from "@rjsf/utils";
import { useHydrated } from "@/components/ui/use-hydrated";

// The generated form, loaded after the page: @rjsf and Ajv are most of a service page's JavaScript and only
// a rendered Run form needs them (this module runs only where one is rendered: a signed-out visitor's page
// never fetches them). The server renders a skeleton of about the form's height, so the layout stays still,
// and the browser swaps in the form once its chunk arrives. Without JavaScript the skeleton is hidden and the
// Run form's <noscript> form is the way to run.

const load = () => import("./schema-form");
let loading: ReturnType<typeof load> | null = null;
// In the browser the chunk is fetched as soon as the Run form's own code runs, alongside hydration, not after it.
if (typeof window !== "undefined") loading = load();
const SchemaForm = lazy(() => (loading ??= load()).then((m) => ({ default: m.SchemaForm })));

/** About as tall as the form will be: one row per field a person fills. */
function fieldCount(schema: RJSFSchema, hidden: readonly string[]): number {
  const properties = typeof schema.properties === "object" && schema.properties !== null ? Object.keys(schema.properties) : [];
  return Math.max(1, Math.min(12, properties.filter((p) => !hidden.includes(p)).length));
}

function SchemaFormSkeleton({ schema, hidden }: { schema: RJSFSchema; hidden: readonly string[] }) {
  const rows = Array.from({ length: fieldCount(schema, hidden) }, (_, i) => i);
  return (
    <div data-js-only className="flex flex-col gap-4" role="status" aria-label="Loading the form">
      {rows.map((i) => (
        <div key={i} className="flex flex-col gap-2" aria-hidden="true">
          <div className="h-4 w-32 animate-pulse rounded bg-muted" />
          <div className="h-9 w-full animate-pulse rounded-md bg-muted" />
        </div>
      ))}
    </div>
  );
}

export function LazySchemaForm(props: ComponentProps<typeof SchemaForm>) {
  // Never rendered on the server: the form's chunk stays out of the page's first load.
  const hydrated = useHydrated();
  const skeleton = <SchemaFormSkeleton schema={props.schema} hidden={props.hidden} />;
  if (!hydrated) return skeleton;
  return (
    <Suspense fallback={skeleton}>
      <SchemaForm {...props} />
    </Suspense>
  );
}
