import type { Metadata } from "next";
import Link from "next/link";
import { ProsePage } from "@/components/site/prose-page";
import { isDemoNetwork } from "@/lib/foundations/site/demo";

export const metadata: Metadata = { title: "Terms", alternates: { canonical: "/terms" } };

export default function TermsPage() {
  return (
    <ProsePage
      title="Terms of use"
      lead="The short version: services are offered by their publishers, on their own terms; Explore lists them and runs them for you."
      demo={isDemoNetwork()}
    >
      <section>
        <h2>Who offers what</h2>
        <p>
          Each service belongs to the publisher of its agent. When you run one, Explore calls the publisher’s adapter on your behalf; the answer is theirs. A
          listing’s own terms, when the agent publishes them, are shown on its page with their SHA-256 fingerprint.
        </p>
      </section>
      <section>
        <h2>Paying</h2>
        <p>
          Explore never takes payment. Paid plans are paid to the provider at their payment link; a paid run needs your explicit consent first. Refunds and
          disputes are between you and the provider.
        </p>
      </section>
      <section>
        <h2>Fair use</h2>
        <ul>
          <li>Free plans may have a daily limit, per person.</li>
          <li>The API and sign-in are rate-limited per client address.</li>
          <li>
            Sexual content is not allowed at any rating; 18+ services are shown only to signed-in adults who turned them on. Report a listing from its page when
            something is wrong, and a moderator looks at it.
          </li>
        </ul>
      </section>
      <section>
        <h2>No guarantee</h2>
        <p>
          Sample tests show that a service answered its own example, not that it fits your purpose. External actions ask for confirmation and are never retried
          automatically; an outcome Explore cannot know is shown as unknown. See also the{" "}
          <Link href="/privacy" className="text-accent underline">
            privacy page
          </Link>
          .
        </p>
      </section>
    </ProsePage>
  );
}
