import {
  ORDER_COUNT_CAP,
  ORDER_SEARCH_COUNT_CAP,
  type TOrderListItem,
  type TOrderListQuery,
  type TOrderSource,
  type TPaymentState,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, type Column, count, eq, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { dateRange, orderByFor } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { hasLine, iso, type OrderRow, o, orderAttention, shippedSince, withCoupon } from "./rows";
import { orderScope } from "./scope";
import type { CountPlan } from "./search-plan";

/**
 * The orders list's statements: the columns a row reads, the filters, the search's condition, the
 * page, its capped count and the bounded read (`listOrdersQueries`), and the CSV. Which of them a
 * list runs, and how, is list.service.ts (the plans of docs/adr/0003-orders.md).
 */
/**
 * What a list row, its CSV and its sorts read: 16 of an order's 46 columns (the list's search read
 * them all, and parsing and mapping the others was a third of the Hub's work a search).
 */
export const LIST_COLUMNS = {
  id: o.id,
  orderNumber: o.orderNumber,
  clientId: o.clientId,
  clientName: o.clientName,
  source: o.source,
  externalOrderId: o.externalOrderId,
  poNumber: o.poNumber,
  shipName: o.shipName,
  status: o.status,
  paymentState: o.paymentState,
  subtotalCents: o.subtotalCents,
  discountCents: o.discountCents,
  totalCents: o.totalCents,
  requestedShipDate: o.requestedShipDate,
  placedBy: o.placedBy,
  placedAt: o.placedAt,
};
export type ListRow = Pick<OrderRow, keyof typeof LIST_COLUMNS>;

/** An order row as the list shows it (an order's detail starts from it too). */
export const toListItem = (r: ListRow): TOrderListItem => ({
  id: r.id,
  orderNumber: r.orderNumber,
  clientId: r.clientId,
  clientName: r.clientName,
  source: r.source as TOrderSource,
  externalOrderId: r.externalOrderId,
  poNumber: r.poNumber,
  shipName: r.shipName,
  status: r.status as TOrderListItem["status"],
  paymentState: r.paymentState as TPaymentState,
  subtotalCents: r.subtotalCents,
  discountCents: r.discountCents,
  totalCents: r.totalCents,
  requestedShipDate: r.requestedShipDate,
  placedBy: r.placedBy,
  placedAt: iso(r.placedAt),
});

/** The list's own filters (status, source, client, placed between, coupon, a line's SKU, style, size, colour), on the orders' or a window's columns. */
export const listFilters = (
  c: { status: Column; source: Column; clientId: Column; placedAt: Column },
  q: TOrderListQuery,
): SQL | undefined =>
  and(
    q.status ? eq(c.status, q.status) : undefined,
    q.source ? eq(c.source, q.source) : undefined,
    q.clientId ? eq(c.clientId, q.clientId) : undefined,
    dateRange(c.placedAt, q.from, q.to),
    // The order's own columns: both callers filter the orders table itself.
    q.attention ? orderAttention(q.attention) : undefined,
    q.shippedFrom ? shippedSince(q.shippedFrom) : undefined,
    q.couponCode ? withCoupon(q.couponCode) : undefined,
    hasLine(q),
  );

/** The orders list's rows for a caller and a filter (scope, search, filters): the list, its CSV and the Orders report. */
export const orderListWhere = (p: Principal, q: TOrderListQuery): SQL | undefined =>
  and(orderScope(p), orderSearch(q.searchString), listFilters(o, q));

export const SORTABLE = {
  orderNumber: o.id,
  placedAt: o.placedAt,
  clientName: o.clientName,
  status: o.status,
  totalCents: o.totalCents,
  poNumber: o.poNumber,
  shipName: o.shipName,
  requestedShipDate: o.requestedShipDate,
};

/** The prefix `tsquery` of a search string (`'maya':* & 'pat':*`), or undefined when it has no words. */
export const searchQueryOf = (searchString: string | undefined): string | undefined => {
  const words = (searchString ?? "")
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^-+/, "").slice(0, schema.SEARCH_TOKEN_MAX))
    .filter(Boolean);
  if (words.length === 0) return undefined;
  return words.map((w) => `'${w.replaceAll("\\", "\\\\").replaceAll("'", "''")}':*`).join(" & ");
};

/**
 * The list's search: every word of it must start one of the order's search tokens or its number
 * (`maya pat` finds Maya Patel's orders, `hod-110-m` an order of HOD-110-M-BLK, `findme` PO-FINDME),
 * as a prefix query on the `orders_search_idx` GIN index (docs/adr/0003-orders.md). `vector` is the
 * search vector to test (a subquery's, for the windowed search).
 */
export const orderSearch = (
  searchString: string | undefined,
  vector: SQL | Column = o.searchVector,
): SQL | undefined => {
  const query = searchQueryOf(searchString);
  return query === undefined ? undefined : sql`${vector} @@ ${query}::tsquery`;
};

/**
 * A limit no search reaches, which keeps the planner from merging a subquery into the query around
 * it (a subquery with a limit is planned on its own). Drizzle writes no `offset 0`, the usual fence.
 */
const FENCE = 2_147_483_647;

/** How far past the page's start a list counts: a search counts less (its count reads its matches). */
export const capFor = (q: TOrderListQuery) =>
  q.page * q.size + (searchQueryOf(q.searchString) === undefined ? ORDER_COUNT_CAP : ORDER_SEARCH_COUNT_CAP);

/**
 * The first `size` rows of `orders` (a select from the orders table) in the caller's filter (scope
 * and the list's filters, not the search), in the sort's order when `ordered` (walking its index,
 * or with a status its status twin), else the table's: a windowed search's window, a stopping
 * count's reach.
 */
export const filterFront = <T extends PgSelect>(
  orders: T,
  p: Principal,
  q: TOrderListQuery,
  size: number,
  ordered = true,
) =>
  orders
    .where(and(orderScope(p), listFilters(o, q)))
    .orderBy(...(ordered ? orderByFor(q.sort, SORTABLE, ["placedAt", "desc"], o.id) : []))
    .limit(size);

/**
 * A page of orders and its count, which stops at `capFor` rows past the page's start (the `limit`
 * lets the database stop early): a broad search of a million orders counts a few hundred.
 */
export const listOrdersQueries = (
  db: HubDb | HubTx,
  p: Principal,
  q: TOrderListQuery,
  /**
   * How the matches are read (search-plan.ts, `withPlan` sets the planner to it). `bitmap`: the
   * search's matches first (through its GIN index), then the scope and filters tested on them: a
   * subquery the planner cannot look into (`FENCE`), named as the table so every condition reads
   * its columns. Without it the planner ANDed the search's bitmap with a status or client index's
   * (200,000 rows for `in_production` at a million orders: 35-50 ms for a search matching 2).
   * `walk` and `scan`: the count reads the filter's first `reach` orders in the sort's order (its
   * index, or with a status its status twin) or the table's, stopping at the cap.
   */
  plan: CountPlan = "scan",
  options: {
    /**
     * With `bitmap`: a range of the sort's key tested beside the search, inside the subquery, so
     * the planner can AND the search's bitmap with the sort index's (`sortRangeTo`).
     */
    range?: SQL;
    /** With `scan` or `walk`: the count reads at most this many of the filter's orders (`countReach`). */
    reach?: number;
  } = {},
) => {
  const { range, reach } = options;
  const bitmap = plan === "bitmap";
  // With the bitmap, the search is the subquery's; tested again outside, the planner (which sees
  // through the subquery only without its fence) ANDed the same GIN scan twice: 14 ms, not 8.
  const where = bitmap ? and(orderScope(p), listFilters(o, q)) : orderListWhere(p, q);
  const orderBy = orderByFor(q.sort, SORTABLE, ["placedAt", "desc"], o.id);
  const cap = capFor(q);
  const source = bitmap
    ? db
        .select()
        .from(o)
        .where(and(orderSearch(q.searchString), range))
        .limit(FENCE)
        .as(getTableName(o))
    : o;
  // A stopping count: the filter's first `reach` orders (the sort's order for a walk, the table's
  // for a scan), the search tested on those; without a reach, every order of the filter.
  const reached =
    reach === undefined || bitmap
      ? undefined
      : filterFront(db.select({ searchVector: o.searchVector }).from(o).$dynamic(), p, q, reach, plan === "walk").as(
          "reached",
        );
  const matched = (
    reached
      ? db.select({ one: sql`1` }).from(reached).where(orderSearch(q.searchString, reached.searchVector))
      : db.select({ one: sql`1` }).from(source).where(where)
  )
    .limit(cap + 1)
    .as("matched");
  // At most cap + 1 matches, the page sorted from them with how many there were: when they are
  // all the matches (no more than the cap), this one statement is the page and its count.
  const firstMatches = db
    .select(LIST_COLUMNS)
    .from(source)
    .where(where)
    .limit(cap + 1)
    .as(getTableName(o));
  return {
    cap,
    page: db
      .select(LIST_COLUMNS)
      .from(source)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.size)
      .offset(q.page * q.size),
    count: db.select({ n: count() }).from(matched),
    bounded: db
      .select({ ...LIST_COLUMNS, matches: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(firstMatches)
      .orderBy(...orderBy)
      .limit(q.size)
      .offset(q.page * q.size),
  };
};

export const ORDER_CSV_HEADER = [
  "orderNumber",
  "placedAt",
  "client",
  "source",
  "externalOrderId",
  "poNumber",
  "shipTo",
  "status",
  "paymentState",
  "subtotalCents",
  "discountCents",
  "totalCents",
  "requestedShipDate",
];

/** Every order of the filter (no paging), for the CSV export. */
export const exportOrders = async (db: HubDb, p: Principal, q: TOrderListQuery): Promise<unknown[][]> => {
  const rows = await db
    .select(LIST_COLUMNS)
    .from(o)
    .where(orderListWhere(p, q))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["placedAt", "desc"], o.id))
    .limit(1_000_000);
  return rows.map(orderCsvRow);
};

/** One order as a row of the CSV export and the Orders report (ORDER_CSV_HEADER's columns). */
export const orderCsvRow = (r: ListRow): unknown[] => [
  r.orderNumber,
  iso(r.placedAt),
  r.clientName,
  r.source,
  r.externalOrderId,
  r.poNumber,
  r.shipName,
  r.status,
  r.paymentState,
  r.subtotalCents,
  r.discountCents,
  r.totalCents,
  r.requestedShipDate,
];
