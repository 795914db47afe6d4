import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EditorContext, fieldId, type EditorDoc } from "./fields";
import { PlansForm } from "./plans-form";
import { TermsAndPaymentForm } from "./terms-payment-form";

// The terms URL, the payment link and the plans' Stripe wiring are edited in the form, not only in the JSON
// view: each field shows the document's value and the check's errors for it.

/** The form control for a pointer, as rendered (its tag with every attribute). */
function control(html: string, pointer: string): string {
  return new RegExp(`<(input|textarea|select)[^>]*id="${fieldId(pointer)}"[^>]*>`).exec(html)?.[0] ?? "";
}

function editor(doc: unknown, errors: Record<string, string[]> = {}): EditorDoc {
  return { doc, frozen: false, errorsAt: (pointer) => errors[pointer] ?? [], set: () => {} };
}

describe("the terms and payment form", () => {
  it("shows the terms and payment fields with their values and errors beside them", () => {
    const doc = { terms: { url: "https://colors.example/terms", version: "2026-11" }, payment: { link: "http://pay.example" } };
    const html = renderToStaticMarkup(
      <EditorContext value={editor(doc, { "/payment/link": ["must be an https URL"] })}>
        <TermsAndPaymentForm />
      </EditorContext>,
    );
    for (const label of ["Terms URL", "Terms version", "Terms text", "Payment link", "Payment note"]) expect(html).toContain(`>${label}</label>`);
    expect(control(html, "/terms/url")).toContain('value="https://colors.example/terms"');
    expect(control(html, "/terms/version")).toContain('value="2026-11"');
    expect(control(html, "/payment/link")).toContain('aria-invalid="true"');
    expect(control(html, "/payment/note")).toContain('aria-invalid="false"');
    expect(html).toContain("must be an https URL");
  });

  it("gives each plan its pack size, period and Stripe Payment Link fields", () => {
    const doc = {
      defaults: { plans: [{ type: "pack", price_usd: 5, calls: 50, stripe_payment_link: "plink_colors", stripe_payment_url: "https://buy.stripe.com/x" }] },
    };
    const html = renderToStaticMarkup(
      <EditorContext value={editor(doc)}>
        <PlansForm base="/defaults/plans" />
      </EditorContext>,
    );
    expect(control(html, "/defaults/plans/0/calls")).toContain('value="50"');
    expect(control(html, "/defaults/plans/0/period")).toContain('value=""');
    expect(control(html, "/defaults/plans/0/stripe_payment_link")).toContain('value="plink_colors"');
    expect(control(html, "/defaults/plans/0/stripe_payment_url")).toContain('value="https://buy.stripe.com/x"');
  });
});
