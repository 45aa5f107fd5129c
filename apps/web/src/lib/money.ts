/** Integer cents as dollars for display ("$26.90"); "—" when there is no amount. */
export const money = (cents: number | null | undefined): string =>
  cents === null || cents === undefined
    ? "—"
    : (cents / 100).toLocaleString(undefined, { style: "currency", currency: "USD" });
