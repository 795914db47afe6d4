import type { Metadata } from "next";
import Link from "next/link";
import { openApiDocument } from "@/lib/edges/api/openapi";
import { operationsOf, schemaFields, type RefField } from "@/lib/edges/api/reference";
import { siteOrigin } from "@/lib/foundations/site/origin";

export const metadata: Metadata = {
  title: "API reference",
  description: "Explore's public, read-only JSON API: every path, its parameters and its answers.",
  alternates: { canonical: "/docs/api" },
};

// Rendered on the server from the same OpenAPI document /api/v1/openapi.json serves: no client bundle.

/** The document's descriptions mark code with backticks (Markdown's inline code): shown as code, never as HTML. */
function WithCode({ text }: { text: string }) {
  return text.split("`").map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="font-mono text-[0.9em]">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function Fields({ fields }: { fields: RefField[] }) {
  return (
    <ul className="flex flex-col gap-1.5 border-l border-border pl-3">
      {fields.map((field) => (
        <li key={field.name} className="text-sm">
          <code className="font-mono font-semibold">{field.name}</code>{" "}
          <span className="text-muted-foreground">
            {field.type}
            {field.required ? "" : ", optional"}
          </span>
          {field.description ? (
            <span className="block">
              <WithCode text={field.description} />
            </span>
          ) : null}
          {field.fields.length > 0 ? (
            <div className="mt-1.5">
              <Fields fields={field.fields} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function ApiReferencePage() {
  const origin = siteOrigin();
  const document = openApiDocument(origin);
  const operations = operationsOf(document);
  const base = document.servers[0]?.url ?? `${origin}/api/v1`;
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">API reference</h1>
        <p className="text-muted-foreground">
          <WithCode text={document.info.description} />
        </p>
        <p className="text-sm">
          Base URL <code className="break-all font-mono">{base}</code> · the machine-readable document:{" "}
          <a href="/api/v1/openapi.json" className="text-accent underline">
            OpenAPI 3.1 (JSON)
          </a>
          . Reads need no key, carry an ETag and are rate-limited per client address; the A2A endpoint takes a personal API token and the endpoint announcement
          an adapter token.
        </p>
      </div>
      <nav aria-label="Operations">
        <h2 className="text-lg font-semibold">Paths</h2>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`} className="text-accent underline">
                <span className="font-mono">{op.method}</span> <span className="break-all font-mono">{op.path}</span>
              </a>{" "}
              — {op.summary}
            </li>
          ))}
        </ul>
      </nav>
      {operations.map((op) => (
        <section key={op.id} id={op.id} aria-labelledby={`${op.id}-heading`} className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4">
          <h2 id={`${op.id}-heading`} className="flex flex-wrap items-baseline gap-2 text-lg font-semibold">
            <span className="rounded bg-muted px-2 py-0.5 font-mono text-sm">{op.method}</span> <code className="break-all font-mono">{op.path}</code>
          </h2>
          <p>{op.summary}</p>
          {op.parameters.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold">Parameters</h3>
              {/* Focusable, so the table can be scrolled by keyboard where it is wider than a phone. */}
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Parameters of ${op.method} ${op.path}`}>
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="border-b border-border">
                      <th scope="col" className="py-2 pr-4">
                        Name
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        In
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Type
                      </th>
                      <th scope="col" className="py-2">
                        Description
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {op.parameters.map((p) => (
                      <tr key={`${p.in}:${p.name}`} className="border-b border-border align-top">
                        <td className="py-2 pr-4">
                          <code className="font-mono font-semibold">{p.name}</code>
                          {p.required ? <span className="block text-xs text-muted-foreground">required</span> : null}
                        </td>
                        <td className="py-2 pr-4">{p.in}</td>
                        <td className="min-w-[8rem] py-2 pr-4 [overflow-wrap:anywhere]">{p.type}</td>
                        <td className="py-2">{p.description ? <WithCode text={p.description} /> : "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ) : null}
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">Responses</h3>
            <ul className="flex flex-col gap-1.5 text-sm">
              {op.responses.map((r) => (
                <li key={r.status}>
                  <span className="font-mono font-semibold">{r.status}</span> — <WithCode text={r.description} />
                  {r.contentType ? (
                    <span className="text-muted-foreground">
                      {" "}
                      ({r.contentType}
                      {r.schema ? `: ${r.schema}` : ""})
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
      <section aria-labelledby="schemas-heading" className="flex flex-col gap-4">
        <h2 id="schemas-heading" className="text-lg font-semibold">
          Schemas
        </h2>
        {Object.entries(document.components.schemas).map(([name, schema]) => (
          <details key={name} id={`schema-${name}`} className="rounded-lg border border-border bg-surface p-4">
            <summary className="cursor-pointer font-semibold">
              <code className="font-mono">{name}</code>
            </summary>
            <div className="mt-3">
              <Fields fields={schemaFields(schema)} />
            </div>
          </details>
        ))}
      </section>
      <p className="text-sm text-muted-foreground">
        What reputation, reachability and sample-tested mean is explained beside each field; the listings themselves are on the{" "}
        <Link href="/" className="text-accent underline">
          search page
        </Link>
        .
      </p>
    </div>
  );
}
