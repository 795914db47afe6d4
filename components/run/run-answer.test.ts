import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RunAnswer } from "@/lib/runs/run-types";
import { AnswerView, statusLabels, statusTone } from "./run-answer";

const answer = (paymentRequired: RunAnswer["paymentRequired"]): RunAnswer => ({
  structuredContent: null,
  hasStructuredContent: false,
  content: [],
  outputWarning: null,
  paymentRequired,
});

describe("the payment-required note", () => {
  it("names the plan, links to the provider in a new tab and shows the provider's message as text", () => {
    const link = "https://pay.example.com/odds-lab?client_reference_id=csm_abc";
    const html = renderToStaticMarkup(
      createElement(AnswerView, {
        label: "Answer",
        answer: answer({ planId: "per_call", planWords: "$0.02 a call", link, message: '<img src=x onerror="alert(1)"> Pay first.' }),
      }),
    );
    expect(html).toContain('role="note"');
    expect(html).toMatch(/<a href="https:\/\/pay\.example\.com\/odds-lab\?client_reference_id=csm_abc" [^>]*rel="noopener noreferrer" target="_blank">Pay at the provider \(\$0\.02 a call\)/);
    expect(html).toContain("<strong>$0.02 a call</strong>");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Pay first.");
    expect(html).not.toContain("<img");
  });

  it("says payment is required in words when there is no link", () => {
    const html = renderToStaticMarkup(createElement(AnswerView, { label: "Answer", answer: answer({ planId: null, planWords: null, link: null, message: null }) }));
    expect(html).toContain("gives no payment link");
    expect(html).not.toContain("<a ");
  });

  it("labels the status", () => {
    expect(statusLabels.payment_required).toBe("Payment required");
    expect(statusTone("payment_required")).toBe("warning");
  });
});
