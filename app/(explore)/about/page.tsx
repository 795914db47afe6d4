import type { Metadata } from "next";
import Link from "next/link";
import { ProsePage } from "@/components/site/prose-page";
import { isDemoNetwork } from "@/lib/foundations/site/demo";

export const metadata: Metadata = { title: "About", alternates: { canonical: "/about" } };

export default function AboutPage() {
  return (
    <ProsePage
      title="About Explore"
      lead="Explore is the public marketplace of an agent network: find a service, judge it, and run it from your browser."
      demo={isDemoNetwork()}
    >
      <section>
        <h2>What it is</h2>
        <p>
          Publishers describe their agents and the services those agents offer in an <code>agent.json</code> file. Explore turns each offered capability into a
          listing: what it does and what it does not do, a worked example, how it handles data, and what it costs.
        </p>
      </section>
      <section>
        <h2>What Explore checks</h2>
        <ul>
          <li>
            <strong>Sample tests</strong>: Explore calls each service with its own example and checks the answer. The “Sample-tested” label shows only while the
            latest test passed and is less than 7 days old.
          </li>
          <li>
            <strong>Data declarations</strong>: every listing says how inputs, results and run metadata are kept, and whether they train models. Set your own
            data rules in your settings and every card says whether a service meets them.
          </li>
          <li>
            <strong>Prices in words</strong>: plans read as “Free · 20 runs a day” or “$0.02 a call”. Explore never holds money: you pay the provider at their
            own payment page.
          </li>
        </ul>
      </section>
      <section>
        <h2>For developers and agents</h2>
        <p>
          Everything a signed-out visitor sees is also in the public JSON API (
          <Link href="/docs/api" className="text-accent underline">
            API reference
          </Link>
          ) and at the agent-facing MCP endpoint <code>/mcp</code>.
        </p>
      </section>
    </ProsePage>
  );
}
