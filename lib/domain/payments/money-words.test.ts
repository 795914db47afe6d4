import { describe, expect, it } from "vitest";
import { moneyWords } from "./money-words";

describe("amounts in words", () => {
  it("reads Stripe's smallest units in each currency's own decimals", () => {
    expect(moneyWords(150, "usd")).toBe("$1.50");
    expect(moneyWords(1200, "eur")).toBe("€12.00");
    expect(moneyWords(500, "jpy")).toBe("¥500");
    expect(moneyWords(1500, "kwd")).toBe("KWD\u00a01.500");
  });

  it("shows a code Intl does not know as stated instead of guessing", () => {
    expect(moneyWords(150, "not-a-code")).toBe("150 not-a-code (smallest unit)");
  });
});
