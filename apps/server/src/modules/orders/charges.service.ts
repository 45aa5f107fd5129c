import type { TChargeKind, TChargeReport, TChargeReportQuery, TChargeRow } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { dateRange, orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { orderScope } from "./scope";

/**
 * The order charge report (/orderChargeReport): every charge and refund of the billing ledger that
 * belongs to an order (the ledger's `order_id` is the order number, per client), scoped like the
 * orders themselves, with the whole filter's totals: succeeded charges, succeeded refunds, net.
 */

const o = schema.orders;
const l = schema.billingLedger;

/** The charge report's rows for a caller and a filter: the report, its CSV and the Charge detail download. */
export const chargeWhere = (p: Principal, q: TChargeReportQuery): SQL | undefined =>
  and(
    orderScope(p),
    q.clientId ? eq(l.clientId, q.clientId) : undefined,
    q.kind ? eq(l.kind, q.kind) : undefined,
    q.status ? eq(l.status, q.status) : undefined,
    dateRange(l.createdAt, q.from, q.to),
    searchAny(q.searchString, [o.orderNumber, o.clientName, o.poNumber, l.externalId]),
  );

const SORTABLE = {
  createdAt: l.createdAt,
  orderNumber: o.id,
  clientName: o.clientName,
  kind: l.kind,
  amountCents: l.amountCents,
  status: l.status,
};

export const chargeColumns = {
  id: l.id,
  createdAt: l.createdAt,
  orderId: o.id,
  orderNumber: o.orderNumber,
  clientId: l.clientId,
  clientName: o.clientName,
  kind: l.kind,
  amountCents: l.amountCents,
  status: l.status,
  provider: l.provider,
  providerId: l.externalId,
  failureMessage: l.failureMessage,
};

const toRow = (r: Awaited<ReturnType<typeof selectRows>>[number]): TChargeRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  kind: r.kind as TChargeKind,
});

const selectRows = (db: HubDb, p: Principal, q: TChargeReportQuery) =>
  db
    .select(chargeColumns)
    .from(l)
    .innerJoin(o, and(eq(o.clientId, l.clientId), eq(o.orderNumber, l.orderId)))
    .where(chargeWhere(p, q))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["createdAt", "desc"], l.id));

export const chargeReport = async (db: HubDb, p: Principal, q: TChargeReportQuery): Promise<TChargeReport> => {
  const where = chargeWhere(p, q);
  const succeeded = (kind: TChargeKind) =>
    sql<string>`coalesce(sum(${l.amountCents}) filter (where ${l.kind} = ${kind} and ${l.status} = 'succeeded'), 0)::bigint::text`;
  const [rows, [totals]] = await Promise.all([
    selectRows(db, p, q)
      .limit(q.size)
      .offset(q.page * q.size),
    db
      .select({ n: count(), charged: succeeded("charge"), refunded: succeeded("refund") })
      .from(l)
      .innerJoin(o, and(eq(o.clientId, l.clientId), eq(o.orderNumber, l.orderId)))
      .where(where),
  ]);
  const charged = Number(totals?.charged ?? 0);
  const refunded = Number(totals?.refunded ?? 0);
  return {
    ...toPage(rows.map(toRow), totals?.n ?? 0, q),
    totals: { chargedCents: charged, refundedCents: refunded, netCents: charged - refunded, count: totals?.n ?? 0 },
  };
};

/** Every row of the filter (no paging), for the CSV export. */
export const exportCharges = async (db: HubDb, p: Principal, q: TChargeReportQuery): Promise<unknown[][]> => {
  const rows = await selectRows(db, p, q).limit(1_000_000);
  return rows.map(chargeCsvRow);
};

/** One ledger row as a row of the CSV export (CHARGE_CSV_HEADER's columns). */
export const chargeCsvRow = (r: Awaited<ReturnType<typeof selectRows>>[number]): unknown[] => [
  r.createdAt.toISOString(),
  r.orderNumber,
  r.clientName,
  r.kind,
  r.amountCents,
  r.status,
  r.provider,
  r.providerId,
  r.failureMessage,
];
