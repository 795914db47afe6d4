import type { Metadata } from "next";
import { ProsePage } from "@/components/site/prose-page";
import { isDemoNetwork } from "@/lib/foundations/site/demo";

export const metadata: Metadata = { title: "Privacy", alternates: { canonical: "/privacy" } };

export default function PrivacyPage() {
  return (
    <ProsePage title="Privacy" lead="What Explore keeps about you, and what it never keeps." demo={isDemoNetwork()}>
      <section>
        <h2>Runs: records, never contents</h2>
        <p>
          For each run Explore keeps an execution record only: its ID, times, status, duration and SHA-256 fingerprints. It never stores the arguments you send
          or the answers you get. What the service itself keeps is stated in its data declaration, on its page.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <ul>
          <li>Your email address, to sign you in.</li>
          <li>Your date of birth and the “Show 18+ services” switch, only if you set them: they decide whether 18+ listings exist for you.</li>
          <li>Your data rules, only if you set them: they are matched against listings’ data declarations for you alone.</li>
        </ul>
      </section>
      <section>
        <h2>What providers learn</h2>
        <p>
          A provider’s adapter receives a stable pseudonymous ID for you, one per agent, so it can recognise you across runs and match your payments — never
          your email or name. The same ID goes to the provider’s payment page.
        </p>
      </section>
      <section>
        <h2>No tracking</h2>
        <p>Explore sets only the cookies it needs to keep you signed in. There are no advertising or analytics trackers.</p>
      </section>
    </ProsePage>
  );
}
