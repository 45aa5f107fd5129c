import {
  FINANCE_CLIENT_SORTS,
  PAYMENT_AWAITING,
  parseSort,
  type TAging,
  type TFinanceClient,
  type TFinanceClientQuery,
  type TFinanceQuery,
  type TFinanceSummary,
  type TPage,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { type AnyColumn, and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { badRequest } from "../../platform/errors";
import { dateRange } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";
import { orderScope } from "../orders/scope";

/**
 * Financials (/financials, issue 18). Money in is the billing ledger's succeeded rows (charges and
 * refunds, by the UTC day they were made); money owed is the orders awaiting payment (unpaid,
 * pending or failed, not cancelled) at their total less what was charged, by the UTC day they were
 * placed, aged from it as of today: 0-30, 31-60, 61-90, 90+ days. The date range filters both by
 * those days, so the months add up to the totals. The ledger is scoped by its client (a facility:
 * the clients it serves), the orders by the orders' own rule.
 */

const l = schema.billingLedger;
const o = schema.orders;
const c = schema.clients;

const MONTH = (col: AnyColumn) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM')`;
const AGE = sql`((now() at time zone 'UTC')::date - (${o.placedAt} at time zone 'UTC')::date)`;
const OWED = sql`(${o.totalCents} - ${o.chargedCents})`;
const sumOf = (what: SQL, when?: SQL) =>
  sql<number>`coalesce(sum(${what})${when ? sql` filter (where ${when})` : sql``}, 0)::bigint`.mapWith(Number);

type Range = { from?: string; to?: string; clientId?: number };

/** Succeeded charges and refunds per client and month. */
const ledgerRows = (db: HubDb, p: Principal, q: Range) =>
  db
    .select({
      clientId: l.clientId,
      month: MONTH(l.createdAt),
      charged: sumOf(sql`${l.amountCents}`, sql`${l.kind} = 'charge'`),
      refunded: sumOf(sql`${l.amountCents}`, sql`${l.kind} = 'refund'`),
    })
    .from(l)
    .where(
      and(
        eq(l.status, "succeeded"),
        tenantScope(p, { clientId: l.clientId }),
        q.clientId ? eq(l.clientId, q.clientId) : undefined,
        dateRange(l.createdAt, q.from, q.to),
      ),
    )
    .groupBy(l.clientId, MONTH(l.createdAt));

/** What orders awaiting payment still owe, per client and month placed, with its ages. */
const owedRows = (db: HubDb, p: Principal, q: Range) =>
  db
    .select({
      clientId: o.clientId,
      month: MONTH(o.placedAt),
      owed: sumOf(OWED),
      d0_30: sumOf(OWED, sql`${AGE} <= 30`),
      d31_60: sumOf(OWED, sql`${AGE} between 31 and 60`),
      d61_90: sumOf(OWED, sql`${AGE} between 61 and 90`),
      d90_plus: sumOf(OWED, sql`${AGE} > 90`),
    })
    .from(o)
    .where(
      and(
        inArray(o.paymentState, [...PAYMENT_AWAITING]),
        ne(o.status, "cancelled"),
        orderScope(p),
        q.clientId ? eq(o.clientId, q.clientId) : undefined,
        dateRange(o.placedAt, q.from, q.to),
      ),
    )
    .groupBy(o.clientId, MONTH(o.placedAt));

const noAging = (): TAging => ({ d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 });
const addAging = (a: TAging, b: TAging) => {
  a.d0_30 += b.d0_30;
  a.d31_60 += b.d31_60;
  a.d61_90 += b.d61_90;
  a.d90_plus += b.d90_plus;
};

const readAll = async (db: HubDb, p: Principal, q: Range) => {
  const [ledger, owed] = await Promise.all([ledgerRows(db, p, q), owedRows(db, p, q)]);
  return { ledger, owed };
};

export const financeSummary = async (db: HubDb, p: Principal, q: TFinanceQuery): Promise<TFinanceSummary> => {
  const { ledger, owed } = await readAll(db, p, q);
  const months = new Map<string, TFinanceSummary["months"][number]>();
  const month = (m: string) => {
    let row = months.get(m);
    if (!row) {
      row = { month: m, chargedCents: 0, refundedCents: 0, netCents: 0, outstandingCents: 0 };
      months.set(m, row);
    }
    return row;
  };
  const aging = noAging();
  for (const r of ledger) {
    const row = month(r.month);
    row.chargedCents += r.charged;
    row.refundedCents += r.refunded;
    row.netCents += r.charged - r.refunded;
  }
  for (const r of owed) {
    month(r.month).outstandingCents += r.owed;
    addAging(aging, r);
  }
  const list = [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
  const sum = (k: "chargedCents" | "refundedCents" | "netCents" | "outstandingCents") =>
    list.reduce((n, m) => n + m[k], 0);
  return {
    today: new Date().toISOString().slice(0, 10),
    totals: {
      chargedCents: sum("chargedCents"),
      refundedCents: sum("refundedCents"),
      netCents: sum("netCents"),
      outstandingCents: sum("outstandingCents"),
      aging,
    },
    months: list,
  };
};

/** Every client with money in or owed in the range, with its figures (searched and sorted, not paged). */
const clientFigures = async (db: HubDb, p: Principal, q: TFinanceClientQuery): Promise<TFinanceClient[]> => {
  const sort = parseSort(q.sort) ?? { field: "clientName", dir: "asc" as const };
  if (!FINANCE_CLIENT_SORTS.includes(sort.field)) {
    throw badRequest(`Sort by one of ${FINANCE_CLIENT_SORTS.join(", ")}`, { sort: "Unknown sort field" });
  }
  const { ledger, owed } = await readAll(db, p, q);
  const byClient = new Map<number, TFinanceClient>();
  const client = (id: number) => {
    let row = byClient.get(id);
    if (!row) {
      row = {
        clientId: id,
        clientName: "",
        chargedCents: 0,
        refundedCents: 0,
        netCents: 0,
        outstandingCents: 0,
        aging: noAging(),
      };
      byClient.set(id, row);
    }
    return row;
  };
  for (const r of ledger) {
    const row = client(r.clientId);
    row.chargedCents += r.charged;
    row.refundedCents += r.refunded;
    row.netCents += r.charged - r.refunded;
  }
  for (const r of owed) {
    const row = client(r.clientId);
    row.outstandingCents += r.owed;
    addAging(row.aging, r);
  }
  if (byClient.size === 0) return [];
  const names = await db
    .select({ clientId: c.clientId, clientName: c.clientName })
    .from(c)
    .where(inArray(c.clientId, [...byClient.keys()]));
  for (const n of names) client(n.clientId).clientName = n.clientName;
  const words = (q.searchString ?? "").toLowerCase();
  const rows = [...byClient.values()].filter((r) => !words || r.clientName.toLowerCase().includes(words));
  const key = sort.field as keyof TFinanceClient;
  const dir = sort.dir === "asc" ? 1 : -1;
  return rows.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    const cmp = typeof x === "string" && typeof y === "string" ? x.localeCompare(y) : Number(x) - Number(y);
    return cmp * dir || a.clientId - b.clientId;
  });
};

export const financeClients = async (
  db: HubDb,
  p: Principal,
  q: TFinanceClientQuery,
): Promise<TPage<TFinanceClient>> => {
  const rows = await clientFigures(db, p, q);
  return { items: rows.slice(q.page * q.size, (q.page + 1) * q.size), total: rows.length, page: q.page, size: q.size };
};

export const exportFinanceClients = async (db: HubDb, p: Principal, q: TFinanceClientQuery): Promise<unknown[][]> =>
  (await clientFigures(db, p, q)).map((r) => [
    r.clientName,
    r.chargedCents,
    r.refundedCents,
    r.netCents,
    r.outstandingCents,
    r.aging.d0_30,
    r.aging.d31_60,
    r.aging.d61_90,
    r.aging.d90_plus,
  ]);
