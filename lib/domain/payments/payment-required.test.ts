import { describe, expect, it } from "vitest";
import { parsePaymentRequired, paymentLinkFor, paymentRequiredResult, shownPaymentLink } from "./payment-required";

describe("parsePaymentRequired", () => {
  it("reads the convention's three members, each optional", () => {
    const full = { payment_required: { plan_id: "per_call", payment_link: "https://pay.example.com/x", message: "Pay first." } };
    expect(parsePaymentRequired(full)).toEqual({ planId: "per_call", paymentLink: "https://pay.example.com/x", message: "Pay first." });
    expect(parsePaymentRequired({ payment_required: {} })).toEqual({ planId: null, paymentLink: null, message: null });
    // A provider may add members of its own, and other keys beside the convention are its business.
    expect(parsePaymentRequired({ other: 1, payment_required: { price: "0.02", message: "  Pay.  " } })).toEqual({
      planId: null,
      paymentLink: null,
      message: "Pay.",
    });
  });

  it("is not the convention without the member", () => {
    for (const content of [undefined, null, "payment_required", [], {}, { paymentRequired: {} }, Object.create({ payment_required: {} })]) {
      expect(parsePaymentRequired(content)).toBeNull();
    }
  });

  it("treats a malformed convention as absent", () => {
    const malformed: unknown[] = [
      null,
      "yes",
      [],
      true,
      { plan_id: 42 },
      { plan_id: "" },
      { plan_id: "p".repeat(501) },
      { payment_link: "http://pay.example.com/x" },
      { payment_link: "javascript:alert(1)" },
      { payment_link: "not a url" },
      { payment_link: `https://pay.example.com/${"a".repeat(2048)}` },
      { message: "   " },
      { message: "m".repeat(1001) },
      { message: { html: "<b>pay</b>" } },
    ];
    for (const member of malformed) expect(parsePaymentRequired({ payment_required: member }), JSON.stringify(member)).toBeNull();
  });

  it("reads back what an adapter writes with paymentRequiredResult", () => {
    const result = paymentRequiredResult({ plan_id: "pack", payment_link: "https://pay.example.com/p", message: "Buy a pack." }, "Buy a pack.");
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: "Buy a pack." }]);
    expect(parsePaymentRequired(result.structuredContent)).toEqual({ planId: "pack", paymentLink: "https://pay.example.com/p", message: "Buy a pack." });
  });
});

describe("shownPaymentLink", () => {
  const declared = "https://pay.example.com/odds-lab";

  it("uses the adapter's link only on the declared link's origin", () => {
    expect(shownPaymentLink("https://pay.example.com/odds-lab/checkout?plan=per_call", declared)).toBe(
      "https://pay.example.com/odds-lab/checkout?plan=per_call",
    );
    expect(shownPaymentLink("https://PAY.example.com:443/other", declared)).toBe("https://pay.example.com/other");
  });

  it("falls back to the declared link for any other origin, scheme, port or credentials", () => {
    for (const foreign of [
      "https://evil.example/pay",
      "https://pay.example.com.evil.example/odds-lab",
      "https://pay.example.com@evil.example/odds-lab",
      "https://user:secret@pay.example.com/odds-lab",
      "http://pay.example.com/odds-lab",
      "https://pay.example.com:8443/odds-lab",
      "https://sub.pay.example.com/odds-lab",
      "not a url",
      null,
    ]) {
      expect(shownPaymentLink(foreign, declared), String(foreign)).toBe(declared);
    }
  });

  it("shows no link when the agent declares none", () => {
    expect(shownPaymentLink("https://pay.example.com/odds-lab", null)).toBeNull();
    expect(shownPaymentLink(null, null)).toBeNull();
  });
});

describe("paymentLinkFor", () => {
  it("sets client_reference_id to the consumer ID", () => {
    expect(paymentLinkFor("https://pay.example.com/odds-lab", "csm_abc")).toBe("https://pay.example.com/odds-lab?client_reference_id=csm_abc");
  });

  it("replaces every client_reference_id the link had and keeps the rest", () => {
    const link = paymentLinkFor("https://buy.example.com/p?plan=pack&client_reference_id=someone&client_reference_id=else#top", "csm_x-Y_z");
    const url = new URL(link);
    expect(url.searchParams.getAll("client_reference_id")).toEqual(["csm_x-Y_z"]);
    expect(url.searchParams.get("plan")).toBe("pack");
    expect(url.hash).toBe("#top");
    expect(url.origin + url.pathname).toBe("https://buy.example.com/p");
  });

  it("encodes the ID as a query value", () => {
    expect(paymentLinkFor("https://pay.example.com/", "a&b=c d")).toBe("https://pay.example.com/?client_reference_id=a%26b%3Dc+d");
  });

  it("throws on a link that is not a URL", () => {
    expect(() => paymentLinkFor("pay.example.com", "csm_a")).toThrow();
  });
});
