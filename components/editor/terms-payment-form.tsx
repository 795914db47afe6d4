"use client";

import { TextField } from "./fields";

// The agent's terms and where people pay it (agent.json `terms` and `payment`), in the form as well as the
// JSON view. The terms URL is what the worker fetches and hashes (docs/dashboard.md, "Logo and terms");
// the payment link is where the Run panel sends people for a paid plan without its own link (docs/payments.md).
export function TermsAndPaymentForm() {
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          pointer="/terms/url"
          label="Terms URL"
          optional
          help="The https address of your terms. Explore fetches them, keeps their text and hash, and shows when they change."
        />
        <TextField pointer="/terms/version" label="Terms version" optional help="Your own name for this version, e.g. 2026-11." />
      </div>
      <TextField pointer="/terms/text" label="Terms text" optional multiline help="Or the terms themselves, when they have no page of their own." />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          pointer="/payment/link"
          label="Payment link"
          optional
          help="The https page where people pay you. Explore never holds money; a paid plan without its own link sends people here."
        />
        <TextField pointer="/payment/note" label="Payment note" optional help="One short sentence shown beside the link (at most 200 characters)." />
      </div>
    </div>
  );
}
