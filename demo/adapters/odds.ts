import { z } from "zod";
import { defineTool, PaymentRequiredError, round, TRANSFORMATION, ToolInputError, type CallMeta, type DemoTool } from "./tool-kit";

// Odds Lab enforces its per-call plan itself (a provider-enforced plan, docs/payments.md): it keeps its own
// record of the consumer IDs that paid and answers everyone else with the payment-required convention.
// The record is a set its owner passes in (demo/README.md: how to put an ID in it); nothing here adds to it.

const ODDS_LAB_PAYMENT_LINK = "https://pay.example.com/odds-lab";

function requirePayment(paid: ReadonlySet<string>, meta: CallMeta): void {
  if (meta.consumerId !== null && paid.has(meta.consumerId)) return;
  // Explore's sample tests carry the validation flag and no consumer ID: letting them through keeps the
  // example checked (a call for a person always carries that person's consumer ID).
  if (meta.consumerId === null && meta.validation) return;
  const message = "Odds Lab has no payment on record for you. Pay $0.02 a call at Odds Lab's payment page, then run it again.";
  throw new PaymentRequiredError({ plan_id: "per_call", payment_link: ODDS_LAB_PAYMENT_LINK, message }, message);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function toDecimal(format: "decimal" | "fractional" | "american", value: string): number {
  const text = value.trim();
  if (format === "decimal") {
    const decimal = Number(text);
    if (Number.isFinite(decimal) && decimal > 1) return decimal;
  } else if (format === "fractional") {
    const match = /^(\d+(?:\.\d+)?)\s*[/-]\s*(\d+(?:\.\d+)?)$/.exec(text);
    const numerator = Number(match?.[1]);
    const denominator = Number(match?.[2]);
    if (match && numerator > 0 && denominator > 0) return 1 + numerator / denominator;
  } else {
    const american = Number(text.replace(/^\+/, ""));
    if (Number.isFinite(american) && american >= 100) return 1 + american / 100;
    if (Number.isFinite(american) && american <= -100) return 1 + 100 / -american;
  }
  throw new ToolInputError(`"${value}" is not valid ${format} odds (decimal > 1, fractional like 5/2, American like +150 or -200).`);
}

// The fraction nearest to decimal - 1 with a denominator up to 100, written in lowest terms.
function toFractional(decimal: number): string {
  const profit = decimal - 1;
  let best = { numerator: Math.round(profit), denominator: 1, error: Math.abs(profit - Math.round(profit)) };
  for (let denominator = 1; denominator <= 100; denominator += 1) {
    const numerator = Math.round(profit * denominator);
    const error = Math.abs(profit - numerator / denominator);
    if (error < best.error - 1e-12) best = { numerator, denominator, error };
  }
  const divisor = gcd(best.numerator, best.denominator) || 1;
  return `${best.numerator / divisor}/${best.denominator / divisor}`;
}

function toAmerican(decimal: number): string {
  if (decimal >= 2) return `+${Math.round((decimal - 1) * 100)}`;
  return `${Math.round(-100 / (decimal - 1))}`;
}

const convertOdds = (paid: ReadonlySet<string>) =>
  defineTool({
    name: "convert_odds",
    title: "Convert betting odds",
    description: "Converts betting odds between decimal, fractional and American formats and gives the implied probability and the payout of a stake.",
    input: z.object({
      format: z.enum(["decimal", "fractional", "american"]),
      value: z.string().min(1).max(20).describe("The odds as written, e.g. 2.5, 3/2 or -150."),
      stake: z.number().positive().max(1e6).default(10),
    }),
    output: z.object({
      decimal: z.number(),
      fractional: z.string(),
      american: z.string(),
      implied_probability_percent: z.number(),
      stake: z.number(),
      total_return: z.number(),
      profit: z.number(),
    }),
    hints: TRANSFORMATION,
    run({ format, value, stake }, meta) {
      requirePayment(paid, meta);
      const decimal = toDecimal(format, value);
      return {
        decimal: round(decimal, 4),
        fractional: toFractional(decimal),
        american: toAmerican(decimal),
        implied_probability_percent: round(100 / decimal, 2),
        stake,
        total_return: round(stake * decimal, 2),
        profit: round(stake * (decimal - 1), 2),
      };
    },
  });

const bookMargin = (paid: ReadonlySet<string>) =>
  defineTool({
    name: "book_margin",
    title: "Bookmaker margin",
    description: "From the decimal odds of every outcome of one market, computes the bookmaker's margin (overround) and the fair, margin-free odds.",
    input: z.object({ decimal_odds: z.array(z.number().gt(1).max(10000)).min(2).max(40) }),
    output: z.object({
      overround_percent: z.number(),
      margin_percent: z.number(),
      outcomes: z.array(z.object({ decimal: z.number(), implied_percent: z.number(), fair_percent: z.number(), fair_decimal: z.number() })),
    }),
    hints: TRANSFORMATION,
    run({ decimal_odds }, meta) {
      requirePayment(paid, meta);
      const book = decimal_odds.reduce((sum, odds) => sum + 1 / odds, 0);
      return {
        overround_percent: round(book * 100, 2),
        margin_percent: round((1 - 1 / book) * 100, 2),
        outcomes: decimal_odds.map((odds) => ({
          decimal: odds,
          implied_percent: round(100 / odds, 2),
          fair_percent: round(100 / odds / book, 2),
          fair_decimal: round(odds * book, 3),
        })),
      };
    },
  });

/** `paid`: the consumer IDs Odds Lab has a payment on record for, read at every call. */
export function createOddsTools(paid: ReadonlySet<string>): DemoTool[] {
  return [convertOdds(paid), bookMargin(paid)];
}
