import { parseSort, type TProviderTxnPage, type TProviderTxnQuery } from "@hub/contracts";
import type { BillingAdapter } from "../../platform/billing";
import { badRequest } from "../../platform/errors";

/**
 * Stripe Reports (/stripeReports, issue 18): the billing adapter's transactions of a range (the
 * last 30 days unless given; Stripe's balance or the built-in ledger, with the ledger's failures),
 * filtered by kind and search, sorted and paged here, with the whole filter's totals.
 */
const SORTS = ["createdAt", "amountCents", "kind"] as const;
const DAY = 86_400_000;

export const providerTransactionsPage = async (
  billing: BillingAdapter,
  q: TProviderTxnQuery,
  now = new Date(),
): Promise<TProviderTxnPage> => {
  const sort = parseSort(q.sort) ?? { field: "createdAt", dir: "desc" as const };
  if (!(SORTS as readonly string[]).includes(sort.field)) {
    throw badRequest(`Sort by one of ${SORTS.join(", ")}`, { sort: "Unknown sort field" });
  }
  const to = q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY - 1) : now;
  const from = q.from ? new Date(`${q.from}T00:00:00Z`) : new Date(to.getTime() - 30 * DAY);
  const words = (q.searchString ?? "").toLowerCase();
  const rows = (await billing.transactions({ from, to }))
    .filter((r) => !q.kind || r.kind === q.kind)
    .filter(
      (r) =>
        !words || [r.id, r.source, r.reference, r.failureMessage].some((v) => (v ?? "").toLowerCase().includes(words)),
    );
  const key = sort.field as (typeof SORTS)[number];
  const dir = sort.dir === "asc" ? 1 : -1;
  rows.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const cmp = typeof x === "string" && typeof y === "string" ? x.localeCompare(y) : Number(x) - Number(y);
    return cmp * dir || a.id.localeCompare(b.id);
  });
  const moved = rows.filter((r) => r.kind !== "failure");
  const sum = (f: (r: (typeof rows)[number]) => number) => moved.reduce((n, r) => n + f(r), 0);
  return {
    provider: billing.kind,
    items: rows.slice(q.page * q.size, (q.page + 1) * q.size),
    total: rows.length,
    page: q.page,
    size: q.size,
    totals: {
      chargedCents: sum((r) => (r.kind === "charge" ? r.amountCents : 0)),
      refundedCents: sum((r) => (r.kind === "refund" ? r.amountCents : 0)),
      feeCents: sum((r) => r.feeCents ?? 0),
      netCents: sum((r) => r.netCents ?? r.amountCents),
      failures: rows.length - moved.length,
    },
  };
};
