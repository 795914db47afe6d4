// Amounts as Stripe states them: in the currency's smallest unit ("cents"), with a lower-case ISO code.

/** "$1.50", "€12.00", "¥500": Intl knows how many minor units each currency has, as Stripe counts them. */
export function moneyWords(amountMinor: number, currency: string): string {
  const code = currency.trim().toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
  } catch {
    // A code Intl does not know: the figure as stated, so nothing is guessed.
    return `${amountMinor.toLocaleString("en-US")} ${currency} (smallest unit)`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
