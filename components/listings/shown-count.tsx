// Shared by the server (the results' heading) and the filters' links, which are client components.

/**
 * A count as shown: exact, or (counted on a sample of a large result, `about`) rounded to two figures and
 * marked as an estimate, read out as "about".
 */
export function ShownCount({ n, about }: { n: number; about: boolean }) {
  if (!about) return <>{n.toLocaleString("en")}</>;
  return (
    <>
      <span aria-hidden="true">≈</span>
      <span className="sr-only">about </span>
      {toTwoFigures(n).toLocaleString("en")}
    </>
  );
}

/** An estimate as it is shown: to two significant figures (16,754 → 17,000). */
export function toTwoFigures(n: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 1);
  return Math.round(n / step) * step;
}
