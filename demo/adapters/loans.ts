import { z } from "zod";
import { defineTool, round, TRANSFORMATION, ToolInputError, type DemoTool } from "./tool-kit";

const loanTerms = {
  principal: z.number().positive().max(1e9).describe("Amount borrowed."),
  annual_rate_percent: z.number().min(0).max(100).describe("Nominal annual interest rate, e.g. 6.5."),
  years: z.number().positive().max(50),
  payments_per_year: z.number().int().min(1).max(52).default(12),
};

function periodicPayment(principal: number, periodRate: number, periods: number): number {
  if (periodRate === 0) return principal / periods;
  return (principal * periodRate) / (1 - (1 + periodRate) ** -periods);
}

function periodsOf(years: number, perYear: number): number {
  const periods = Math.round(years * perYear);
  if (periods < 1) throw new ToolInputError("The loan must have at least one payment.");
  return periods;
}

const loanPayment = defineTool({
  name: "loan_payment",
  title: "Loan payment",
  description: "Computes the fixed payment of an amortising loan or mortgage, with total paid and total interest.",
  input: z.object(loanTerms),
  output: z.object({
    payment: z.number(),
    payments: z.number().int(),
    total_paid: z.number(),
    total_interest: z.number(),
  }),
  hints: TRANSFORMATION,
  run({ principal, annual_rate_percent, years, payments_per_year }) {
    const periods = periodsOf(years, payments_per_year);
    const payment = periodicPayment(principal, annual_rate_percent / 100 / payments_per_year, periods);
    return {
      payment: round(payment, 2),
      payments: periods,
      total_paid: round(payment * periods, 2),
      total_interest: round(payment * periods - principal, 2),
    };
  },
});

const amortizationSchedule = defineTool({
  name: "amortization_schedule",
  title: "Amortization schedule",
  description: "Breaks a fixed-payment loan into a year-by-year schedule of interest, principal and remaining balance.",
  input: z.object(loanTerms),
  output: z.object({
    payment: z.number(),
    years: z.array(z.object({ year: z.number().int(), interest: z.number(), principal: z.number(), balance: z.number() })),
  }),
  hints: TRANSFORMATION,
  run({ principal, annual_rate_percent, years, payments_per_year }) {
    const periods = periodsOf(years, payments_per_year);
    const rate = annual_rate_percent / 100 / payments_per_year;
    const payment = periodicPayment(principal, rate, periods);
    let balance = principal;
    const rows: { year: number; interest: number; principal: number; balance: number }[] = [];
    for (let period = 1; period <= periods; period += 1) {
      const interest = balance * rate;
      const toPrincipal = Math.min(balance, payment - interest);
      balance -= toPrincipal;
      const year = Math.ceil(period / payments_per_year);
      const row = rows[year - 1] ?? { year, interest: 0, principal: 0, balance: 0 };
      row.interest += interest;
      row.principal += toPrincipal;
      row.balance = Math.max(0, balance);
      rows[year - 1] = row;
    }
    return {
      payment: round(payment, 2),
      years: rows.map((row) => ({ year: row.year, interest: round(row.interest, 2), principal: round(row.principal, 2), balance: round(row.balance, 2) })),
    };
  },
});

const compoundInterest = defineTool({
  name: "compound_interest",
  title: "Compound interest",
  description: "Projects the future value of a starting amount plus regular contributions at a compound rate.",
  input: z.object({
    initial: z.number().min(0).max(1e9),
    annual_rate_percent: z.number().min(-50).max(100),
    years: z.number().int().min(1).max(100),
    monthly_contribution: z.number().min(0).max(1e7).default(0),
  }),
  output: z.object({
    future_value: z.number(),
    total_contributed: z.number(),
    growth: z.number(),
  }),
  hints: TRANSFORMATION,
  run({ initial, annual_rate_percent, years, monthly_contribution }) {
    const rate = annual_rate_percent / 100 / 12;
    let value = initial;
    for (let month = 0; month < years * 12; month += 1) value = value * (1 + rate) + monthly_contribution;
    const contributed = initial + monthly_contribution * years * 12;
    return { future_value: round(value, 2), total_contributed: round(contributed, 2), growth: round(value - contributed, 2) };
  },
});

export const loanTools: DemoTool[] = [loanPayment, amortizationSchedule, compoundInterest];
