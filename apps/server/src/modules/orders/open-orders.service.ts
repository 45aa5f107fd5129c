import {
  AT_RISK_DAYS,
  OPEN_ORDER_COUNT_CAP,
  type TOpenOrder,
  type TOpenOrderListQuery,
  type TOpenOrderPage,
  type TOpenOrderUnitPage,
  type TOpenOrderUnitQuery,
  type TUnitCounts,
  UNIT_OPEN_STATUSES,
  UNIT_STATUSES,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../platform/errors";
import { type KeysetPage, orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { orderSearch } from "./orders.service";
import { orderScope } from "./scope";

/**
 * Manufacturing status (/openOrders; docs/adr/0006-floor-live.md). An open
 * order is released to the floor and has a unit still being made (UNIT_OPEN_STATUSES). The list
 * filters, sorts and pages over orders only (order-level columns and EXISTS probes on the units'
 * (order, status) index), so its cost grows with the open orders, not with their units; the unit
 * counts by state are read for the page's orders alone.
 *
 *   due      `orders.due_date` (the requested ship date, or the facility's lead time in working
 *            days after placing; the index orders_floor_due_idx): the date releaseOrder gives the units
 *   late     due before today (UTC) with units open
 *   at risk  not late, due within AT_RISK_DAYS days, and some unit not packed yet
 */

const o = schema.orders;
const u = schema.floorUnits;

/** A unit as the units lists show it (an order's Units tab, /openOrders/units): its line, tote and last event. */
export const unitRowColumns = () => {
  const ev = sql`(select e.action, e.actor, e.at from ${schema.floorUnitEvents} e where e.unit_id = ${u.id} order by e.id desc limit 1)`;
  return {
    lineNumber: schema.orderItems.lineNumber,
    sku: schema.orderItems.sku,
    instance: u.instance,
    attempt: u.attempt,
    size: u.size,
    colour: u.colour,
    status: u.status,
    dueDate: u.dueDate,
    toteBarcode: schema.floorTotes.barcode,
    failReason: u.failReason,
    lastAction: sql<string | null>`(select x.action from ${ev} x)`,
    lastActor: sql<string | null>`(select x.actor from ${ev} x)`,
    lastEventAt: sql<
      string | null
    >`(select to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${ev} x)`,
  };
};

const OPEN = UNIT_OPEN_STATUSES as string[];
const NOT_PACKED = OPEN.filter((s) => s !== "packed");

const today = sql`(now() at time zone 'UTC')::date`;
const due = o.dueDate;
/**
 * An order has units in these states: a probe of `floor_units_order_status_idx` per order. Written as
 * a scalar subquery, not EXISTS, so the planner keeps it a per-row probe and a page or a capped count
 * stops early (as a semi-join it hashed every open unit of the facility first: 30 ms at 100,000).
 */
const hasUnits = (statuses: readonly string[]) =>
  sql`coalesce((select true from ${u} where ${u.orderId} = ${o.id} and ${inArray(u.status, [...statuses])} limit 1), false)`;
const late = sql<boolean>`(${due} < ${today})`;
const atRisk = sql<boolean>`(${due} >= ${today} and ${due} <= ${today} + ${AT_RISK_DAYS}::int and ${hasUnits(NOT_PACKED)})`;

/**
 * Whose orders: the orders' tenant rule (a facility user its facilities'; an internal admin every
 * facility's, or the session client's when one is chosen). Client users never reach here: the
 * routes answer 403.
 */
export const floorScope = (p: Principal): SQL | undefined => orderScope(p);

const whereOf = (p: Principal, q: TOpenOrderListQuery): SQL | undefined =>
  and(
    isNotNull(o.releasedAt),
    floorScope(p),
    hasUnits(OPEN),
    q.clientId ? eq(o.clientId, q.clientId) : undefined,
    q.styleId
      ? sql`exists (select 1 from ${schema.orderItems} where ${schema.orderItems.orderId} = ${o.id} and ${schema.orderItems.styleId} = ${q.styleId})`
      : undefined,
    q.state ? hasUnits([q.state]) : undefined,
    q.flag === "late"
      ? late
      : q.flag === "atRisk"
        ? atRisk
        : q.flag === "onTrack"
          ? sql`not ${late} and not ${atRisk}`
          : undefined,
    q.dueFrom ? gte(due, sql`${q.dueFrom}::date`) : undefined,
    q.dueTo ? lte(due, sql`${q.dueTo}::date`) : undefined,
    orderSearch(q.searchString),
  );

const SORTABLE = {
  dueDate: due,
  orderNumber: o.id,
  clientName: o.clientName,
  releasedAt: o.releasedAt,
  placedAt: o.placedAt,
};

const emptyCounts = (): TUnitCounts => Object.fromEntries(UNIT_STATUSES.map((s) => [s, 0])) as TUnitCounts;

const selectOrders = (db: HubDb, p: Principal, q: TOpenOrderListQuery, also?: SQL) =>
  db
    .select({
      orderId: o.id,
      orderNumber: o.orderNumber,
      clientId: o.clientId,
      clientName: o.clientName,
      poNumber: o.poNumber,
      orderStatus: o.status,
      dueDate: sql<string>`${due}::text`,
      releasedAt: o.releasedAt,
      late: late,
      today: sql<string>`${today}::text`,
    })
    .from(o)
    .where(and(whereOf(p, q), also))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["dueDate", "asc"], o.id))
    .$dynamic();

type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** Unit counts by state, the last change and the styles of the given orders. */
const detailsOf = async (db: HubDb, rows: OrderRow[]): Promise<TOpenOrder[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.orderId);
  const [counts, styles] = await Promise.all([
    db
      .select({
        orderId: u.orderId,
        status: u.status,
        n: count(),
        last: sql<string>`to_char(max(${u.updatedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(u)
      .where(inArray(u.orderId, ids))
      .groupBy(u.orderId, u.status),
    db
      .select({
        orderId: schema.orderItems.orderId,
        codes: sql<string>`string_agg(distinct ${schema.orderItems.styleCode}, ', ')`,
      })
      .from(schema.orderItems)
      .where(inArray(schema.orderItems.orderId, ids))
      .groupBy(schema.orderItems.orderId),
  ]);
  const byOrder = new Map<number, { counts: TUnitCounts; last: string | null }>();
  for (const c of counts) {
    const entry = byOrder.get(c.orderId) ?? { counts: emptyCounts(), last: null };
    if (c.status in entry.counts) entry.counts[c.status as keyof TUnitCounts] += Number(c.n);
    if (c.last && (!entry.last || c.last > entry.last)) entry.last = c.last;
    byOrder.set(c.orderId, entry);
  }
  const stylesOf = new Map(styles.map((s) => [s.orderId, s.codes ?? ""]));
  return rows.map((r) => {
    const entry = byOrder.get(r.orderId) ?? { counts: emptyCounts(), last: null };
    const total = UNIT_STATUSES.reduce((s, k) => s + entry.counts[k], 0);
    const open = OPEN.reduce((s, k) => s + entry.counts[k as keyof TUnitCounts], 0);
    const notPacked = NOT_PACKED.reduce((s, k) => s + entry.counts[k as keyof TUnitCounts], 0);
    const isLate = Boolean(r.late);
    const days = (Date.parse(`${r.dueDate}T00:00:00Z`) - Date.parse(`${r.today}T00:00:00Z`)) / 86_400_000;
    return {
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      clientId: r.clientId,
      clientName: r.clientName,
      poNumber: r.poNumber,
      orderStatus: r.orderStatus,
      dueDate: r.dueDate,
      releasedAt: (r.releasedAt ?? new Date(0)).toISOString(),
      styles: stylesOf.get(r.orderId) ?? "",
      counts: entry.counts,
      totalUnits: total,
      openUnits: open,
      late: isLate,
      atRisk: !isLate && days <= AT_RISK_DAYS && notPacked > 0,
      lastEventAt: entry.last,
    };
  });
};

/**
 * A page of open orders. The count stops OPEN_ORDER_COUNT_CAP orders past the page's start (as the
 * orders list's does): counting every open order probed each one's units, most of a request's time
 * at 10,000 open orders; sorted by due date, the page walks `orders_floor_due_idx` and stops.
 */
export const listOpenOrders = async (db: HubDb, p: Principal, q: TOpenOrderListQuery): Promise<TOpenOrderPage> => {
  const cap = q.page * q.size + OPEN_ORDER_COUNT_CAP;
  const matched = db
    .select({ one: sql`1` })
    .from(o)
    .where(whereOf(p, q))
    .limit(cap + 1)
    .as("matched");
  const [rows, [total]] = await Promise.all([
    selectOrders(db, p, q)
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(matched),
  ]);
  const n = Number(total?.n ?? 0);
  // The database's today comes with the page's rows; only an empty page asks for it alone.
  const day =
    rows[0]?.today ?? (await db.select({ today: sql<string>`${today}::text` }).from(sql`(select 1) as one`))[0]?.today;
  return {
    ...toPage(await detailsOf(db, rows), Math.min(n, cap), q),
    totalCapped: n > cap,
    today: day ?? new Date().toISOString().slice(0, 10),
  };
};

export const OPEN_ORDER_CSV_HEADER = [
  "Order",
  "Client",
  "PO",
  "Order status",
  "Due",
  "Late",
  "At risk",
  "Styles",
  ...UNIT_STATUSES.map((s) => s[0]?.toUpperCase() + s.slice(1)),
  "Open units",
  "Total units",
  "Released",
];

/** One open order as a row of the CSV export and the Open orders report (OPEN_ORDER_CSV_HEADER's columns). */
const openOrderCsvRow = (r: TOpenOrder): unknown[] => [
  r.orderNumber,
  r.clientName,
  r.poNumber,
  r.orderStatus,
  r.dueDate,
  r.late ? "yes" : "no",
  r.atRisk ? "yes" : "no",
  r.styles,
  ...UNIT_STATUSES.map((s) => r.counts[s]),
  r.openUnits,
  r.totalUnits,
  r.releasedAt,
];

/** Every open order of the filter (no paging), for the CSV export. */
export const exportOpenOrders = async (db: HubDb, p: Principal, q: TOpenOrderListQuery): Promise<unknown[][]> => {
  const rows = await selectOrders(db, p, q).limit(100_000);
  const out: unknown[][] = [];
  for (let i = 0; i < rows.length; i += 1000)
    out.push(...(await detailsOf(db, rows.slice(i, i + 1000))).map(openOrderCsvRow));
  return out;
};

/** The Open orders report (Report Downloads): the list's orders for the caller and filter, by id after `after`. */
export const openOrderReportPage = async (
  db: HubDb,
  p: Principal,
  q: TOpenOrderListQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await selectOrders(db, p, q, gt(o.id, after)).orderBy(asc(o.id)).limit(limit);
  return { rows: (await detailsOf(db, rows)).map(openOrderCsvRow), last: rows.at(-1)?.orderId ?? null };
};

const UNIT_SORTABLE = {
  barcode: u.id,
  lineNumber: schema.orderItems.lineNumber,
  status: u.status,
  size: u.size,
  updatedAt: u.updatedAt,
};

/** The units of one order in the caller's scope (another facility's order is a 404), with each unit's last event and tote. */
export const listOrderUnits = async (
  db: HubDb,
  p: Principal,
  orderId: number,
  q: TOpenOrderUnitQuery,
): Promise<TOpenOrderUnitPage> => {
  const [order] = await db
    .select({ orderNumber: o.orderNumber, clientName: o.clientName })
    .from(o)
    .where(and(eq(o.id, orderId), floorScope(p)));
  if (!order) throw notFound("That order");
  const items = schema.orderItems;
  const totes = schema.floorTotes;
  const where = and(
    eq(u.orderId, orderId),
    q.state ? eq(u.status, q.state) : undefined,
    searchAny(q.searchString, [u.barcode, items.sku, u.size, u.colour, totes.barcode]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: u.id,
        barcode: u.barcode,
        ...unitRowColumns(),
      })
      .from(u)
      .innerJoin(items, eq(items.id, u.itemId))
      .leftJoin(totes, eq(totes.id, u.toteId))
      .where(where)
      .orderBy(...orderByFor(q.sort, UNIT_SORTABLE, ["lineNumber", "asc"], u.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db
      .select({ n: count() })
      .from(u)
      .innerJoin(items, eq(items.id, u.itemId))
      .leftJoin(totes, eq(totes.id, u.toteId))
      .where(where),
  ]);
  return {
    ...toPage(rows, Number(total?.n ?? 0), q),
    orderNumber: order.orderNumber,
    clientName: order.clientName,
  };
};
