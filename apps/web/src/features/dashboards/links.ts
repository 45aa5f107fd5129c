import type { TResolvedRange } from "@hub/contracts/dashboards/range";

/**
 * Click-throughs: the list a figure summarises, with the same filter. The orders list reads
 * `from`, `to` (placed, UTC days), `clientId`, `source`, `status`, `couponCode`, a line's `sku`,
 * `styleCode`, `lineSize` and `lineColour`, and `q` (its search: order number, PO, client, SKU, style
 * code); the charge report `from`, `to`, `clientId`, `kind`, `status`;
 * the shipments list `from`, `to` (shipped, else packed), `clientId`, `carrier`, `status`.
 */
const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  return q.toString();
};

export type OrdersListFilter = {
  clientId?: number;
  source?: string;
  q?: string;
  couponCode?: string;
  sku?: string;
  styleCode?: string;
  lineSize?: string;
  lineColour?: string;
};

export const ordersListTo = (r: Pick<TResolvedRange, "from" | "to">, filter: OrdersListFilter = {}) =>
  `/orders?${query({ from: r.from, to: r.to, ...filter })}`;

export const chargesTo = (r: Pick<TResolvedRange, "from" | "to">, kind: "charge" | "refund", clientId?: number) =>
  `/orderChargeReport?${query({ from: r.from, to: r.to, kind, status: "succeeded", clientId })}`;

const utc = (s: string) => new Date(`${s}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The dates of one bucket of a series, within the range. */
export const bucketDates = (r: TResolvedRange, bucket: string): { from: string; to: string } => {
  const end = utc(bucket);
  if (r.bucket === "day") return { from: bucket, to: bucket };
  if (r.bucket === "week") end.setUTCDate(end.getUTCDate() + 6);
  else end.setUTCMonth(end.getUTCMonth() + 1, 0);
  const from = bucket < r.from ? r.from : bucket;
  const to = iso(end) > r.to ? r.to : iso(end);
  return { from, to };
};

/** The shipments list (`from`, `to`: shipped, else packed; `clientId`, `carrier`, `status`). */
export const shipmentsListTo = (
  r: Pick<TResolvedRange, "from" | "to">,
  filter: { clientId?: number; carrier?: string; status?: string } = {},
) => `/shipments?${query({ from: r.from, to: r.to, ...filter })}`;

/** Quality History's inspections list (`range=custom`, `from`, `to`, `clientId`, `result`, `reason`, `style`, `operation`, `operator`). */
export type QcListFilter = {
  clientId?: number;
  result?: "pass" | "fail";
  reason?: string;
  style?: string;
  operation?: string;
  operator?: string;
};
export const QC_LIST_PATH = "/qs-dashboards/qualityHistory/inspections";
export const qcListTo = (r: Pick<TResolvedRange, "from" | "to">, filter: QcListFilter = {}) =>
  `${QC_LIST_PATH}?${query({ range: "custom", from: r.from, to: r.to, ...filter })}`;
