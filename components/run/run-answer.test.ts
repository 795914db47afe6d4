import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RunAnswer } from "@/lib/domain/runs/run-types";
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
    expect(html).toMatch(
      /<a href="https:\/\/pay\.example\.com\/odds-lab\?client_reference_id=csm_abc" [^>]*rel="noopener noreferrer" target="_blank">Pay at the provider \(\$0\.02 a call\)/,
    );
    expect(html).toContain("<strong>$0.02 a call</strong>");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Pay first.");
    expect(html).not.toContain("<img");
  });

  it("says payment is required in words when there is no link", () => {
    const html = renderToStaticMarkup(
      createElement(AnswerView, { label: "Answer", answer: answer({ planId: null, planWords: null, link: null, message: null }) }),
    );
    expect(html).toContain("gives no payment link");
    expect(html).not.toContain("<a ");
  });

  it("labels the status", () => {
    expect(statusLabels.payment_required).toBe("Payment required");
    expect(statusTone("payment_required")).toBe("warning");
  });
});

describe("the structured answer", () => {
  const structured = (value: unknown): RunAnswer => ({
    structuredContent: value,
    hasStructuredContent: true,
    content: [],
    outputWarning: null,
    paymentRequired: null,
  });

  it("shows a list of records as a table with spelled-out column names, the JSON kept beside it", () => {
    const html = renderToStaticMarkup(
      createElement(AnswerView, {
        label: "Answer",
        answer: structured({
          total: 2,
          homes: [
            { area_ref: "N1", min_price: 300 },
            { area_ref: "E2", beds: 3 },
          ],
        }),
      }),
    );
    expect(html).toMatch(/<caption[^>]*>Homes<\/caption>/);
    expect(html).toContain(">Area ref</th>");
    expect(html).toContain(">Min price</th>");
    expect(html).toContain(">Beds</th>");
    expect(html).toContain('<td class="px-3 py-2 align-top break-words">E2</td>');
    expect(html).toContain('<summary class="cursor-pointer text-sm">As JSON</summary>');
    expect(html).toContain("&quot;area_ref&quot;: &quot;N1&quot;");
    expect(html).toContain('download="answer.json"');
  });

  it("keeps a plain object as JSON, with no table", () => {
    const html = renderToStaticMarkup(createElement(AnswerView, { label: "Answer", answer: structured({ km: 42.16 }) }));
    expect(html).not.toContain("<table");
    expect(html).toContain("&quot;km&quot;: 42.16");
  });
});
