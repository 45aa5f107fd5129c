import {
  ORDER_COUNT_CAP,
  ORDER_SEARCH_COUNT_CAP,
  parseSort,
  type TOrderListItem,
  type TOrderListQuery,
  type TOrderSource,
  type TPaymentState,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, type Column, count, desc, eq, getTableName, type SQL, sql } from "drizzle-orm";
import { dateRange, orderByFor } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { hasLine, iso, type OrderRow, o, orderAttention, shippedSince, withCoupon } from "./rows";
import { orderScope } from "./scope";
import {
  type CountPlan,
  commonShare,
  countPlan,
  ordersStats,
  SAMPLE,
  type SampleTuning,
  withPlan,
} from "./search-plan";

/**
 * The orders list: its filters, search, sorts and capped count (`listOrders`, with the plans of
 * docs/adr/0003-orders.md), and its CSV. One order's detail is read.service.ts.
 */
/**
 * What a list row, its CSV and its sorts read: 16 of an order's 46 columns (the list's search read
 * them all, and parsing and mapping the others was a third of the Hub's work a search).
 */
const LIST_COLUMNS = {
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
type ListRow = Pick<OrderRow, keyof typeof LIST_COLUMNS>;

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
const listFilters = (
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

const SORTABLE = {
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
const searchQueryOf = (searchString: string | undefined): string | undefined => {
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

/** How far past the page's start a list counts: a search counts less (its count reads its matches). */
const capFor = (q: TOrderListQuery) =>
  q.page * q.size + (searchQueryOf(q.searchString) === undefined ? ORDER_COUNT_CAP : ORDER_SEARCH_COUNT_CAP);

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
   * subquery the planner cannot look into (`offset 0`), named as the table so every condition reads
   * its columns. Without it the planner ANDed the search's bitmap with a status or client index's
   * (200,000 rows for `in_production` at a million orders: 35-50 ms for a search matching 2).
   * `walk`: the count reads the status's orders in its index's order, stopping at the cap.
   */
  plan: CountPlan = "scan",
) => {
  const where = orderListWhere(p, q);
  const orderBy = orderByFor(q.sort, SORTABLE, ["placedAt", "desc"], o.id);
  const cap = capFor(q);
  const source =
    plan === "bitmap" ? db.select().from(o).where(orderSearch(q.searchString)).offset(0).as(getTableName(o)) : o;
  const matches = db.select({ one: sql`1` }).from(source).where(where).$dynamic();
  const matched = (plan === "walk" && q.status ? matches.orderBy(o.status, desc(o.placedAt), o.id) : matches)
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

/**
 * Sorts an index gives in order (`orders_placed_idx`, `orders_total_idx`, the primary key, and
 * `orders_client_name_idx` with its descending twin), and with a status (`orders_status_*`).
 */
const WALKABLE_SORTS = new Set(["placedAt", "totalCents", "orderNumber", "clientName"]);
/** How many orders, in the sort's order, the windowed search reads first. */
export const SEARCH_WINDOW = 1_000;
/** The widest second window (about 1 µs an order at 1,000,000 orders, so at most ~10 ms). */
const WIDEST_WINDOW = 10_000;

/**
 * A broad search's matches up to the page's end, read from the first `windowSize` orders of the
 * filter in the sort's order (walking the sort's index, stopping after the window), the search
 * tested on those only: when the window holds the page, this is the page. (Testing the filters
 * outside the walk too bounds it, but at a million orders a status rare among the biggest orders
 * then sent broad searches to the GIN index, sorting 50,000 matches: slower on the whole.)
 */
const windowedPage = (db: HubDb, p: Principal, q: TOrderListQuery, windowSize: number) => {
  const w = db
    .select({ ...LIST_COLUMNS, searchVector: o.searchVector })
    .from(o)
    .where(and(orderScope(p), listFilters(o, q)))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["placedAt", "desc"], o.id))
    .limit(windowSize)
    .as("w");
  // Only the walkable sorts come here (WALKABLE_SORTS), on the window's columns.
  const sortable = { orderNumber: w.id, placedAt: w.placedAt, totalCents: w.totalCents, clientName: w.clientName };
  // The window's columns but its vector: the page needs no vector parsed (75 of them on page 3).
  const { searchVector: _v, ...columns } = w._.selectedFields;
  return db
    .select({ ...columns, inWindow: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(w)
    .where(orderSearch(q.searchString, w.searchVector))
    .orderBy(...orderByFor(q.sort, sortable, ["placedAt", "desc"], w.id))
    .limit((q.page + 1) * q.size);
};

const withoutWindow = (rows: Awaited<ReturnType<typeof windowedPage>>): ListRow[] =>
  rows.map(({ inWindow: _n, ...r }) => r);

/**
 * The windowed page, with the share of the window's orders that matched. A first window of `first`
 * orders (SEARCH_WINDOW); when it matched some but too few for the page, one wider window sized by
 * that share (× 1.5), when that is at most `widest` (WIDEST_WINDOW): a search matching 1 % of the
 * orders is still read from the sort's index instead of sorting all its matches.
 */
const windowedSearch = async (
  db: HubDb,
  p: Principal,
  q: TOrderListQuery,
  first = SEARCH_WINDOW,
  widest = WIDEST_WINDOW,
) => {
  // Every match up to the page's end (the share needs the window's count even when the page is empty).
  const needed = (q.page + 1) * q.size;
  let size = first;
  let rows = await windowedPage(db, p, q, size);
  const matched = rows[0]?.inWindow ?? 0;
  if (matched > 0 && rows.length < needed) {
    // The window the share says the page needs; wider than `widest`, the GIN index is cheaper.
    const wanted = Math.ceil(((size * needed) / matched) * 1.5);
    if (wanted <= widest) {
      size = wanted;
      rows = await windowedPage(db, p, q, size);
    }
  }
  const full = rows.length === needed;
  return {
    rows: full ? withoutWindow(rows.slice(q.page * q.size)) : [],
    share: (rows[0]?.inWindow ?? 0) / size,
    size,
  };
};

/**
 * Whether to read the widest window before sorting every match of a search with more than the cap.
 * Yes when the first window matched nothing (a burst of other orders in front) or enough to expect
 * the page in the widest. When it matched only a few, the widest may hold the page or not (the
 * matches may lie deeper still), so it is read only when sorting the matches would cost more than
 * three times the window: about 3.3 µs a match against 2.2 µs an order of the window at a million
 * orders, so 20,000 matches, estimated from a sample of the table (`tee-100-xl`, about 13,000:
 * sorted, 40 ms; `maya patel` by total, about 35,000: 190 ms sorted, the widest holds its page).
 * Twice the window put `tee-100-xl` on the line (14 of 1,034 sampled: the widest first, 71-92 ms).
 */
const widestWorthIt = async (
  db: HubDb,
  p: Principal,
  q: TOrderListQuery,
  firstShare: number,
  tuning: SampleTuning,
): Promise<boolean> => {
  if (firstShare === 0 || firstShare * WIDEST_WINDOW >= (q.page + 1) * q.size) return true;
  const share = await sampledShare(db, p, q, tuning);
  return share !== undefined && share * (await ordersStats(db)).rows * 3.3 > 3 * WIDEST_WINDOW * 2.2;
};

/** The search's share of what the caller sees, from a sample of the table, when it is common (search-plan.ts). */
const sampledShare = async (db: HubDb, p: Principal, q: TOrderListQuery, tuning: SampleTuning) =>
  commonShare(db, await ordersStats(db), orderSearch(q.searchString) ?? sql`true`, orderScope(p), tuning);

/**
 * The planner cannot tell a broad prefix search (`maya patel`: 55,570 of a million orders) from a
 * narrow one (`hod-110-m-blk`: 2) and guessed wrong both ways (a GIN bitmap of 55,570 rows sorted,
 * 340 ms; a sort index walked past a million rows for two, 2.7 s). So the service decides:
 * 1. with a sort an index walks, read the page from a window of the filter's first orders: a broad
 *    search fills it; then count with the plan its share says is cheaper. A first window without a
 *    match, of a search a sample of the table says is common (a burst of other orders in front):
 *    the widest window next, counted by the table's share;
 * 2. otherwise read at most the cap's matches through the GIN index, and sort the page from them:
 *    when they are all the matches (a narrow search), that one statement is the page and its count;
 * 3. when they are not (a broad search whose matches are few among the sort's first orders, or a
 *    sort no index gives), the widest window, when no filter narrows it and no window near its size
 *    was read yet, and only when that does not hold the page, every match sorted.
 */
export const listOrders = async (
  db: HubDb,
  p: Principal,
  q: TOrderListQuery,
  /** When a search samples the table (search-plan.ts): a test lowers it to reach that plan. */
  tuning: SampleTuning = SAMPLE,
) => {
  const field = parseSort(q.sort)?.field ?? "placedAt";
  const walkable = WALKABLE_SORTS.has(field);
  const cap = capFor(q);
  let rows: ListRow[];
  let n: number;
  if (searchQueryOf(q.searchString) === undefined) {
    const queries = listOrdersQueries(db, p, q);
    const [page, [total]] = await Promise.all([queries.page, queries.count]);
    rows = page;
    n = total?.n ?? 0;
  } else {
    const first = walkable ? await windowedSearch(db, p, q) : { rows: [], share: 0, size: 0 };
    // Only without a filter: a window of one client or status walks the sort's index past the others.
    const unfiltered = walkable && listFilters(o, q) === undefined;
    // A first window that matched nothing, of a search the table's sample says is common: a burst of
    // other orders in front of its matches (a store's sync). The widest window is read before the
    // GIN index, whose bitmap reads every posting of a common word first (40-57 ms for 55,000).
    const common =
      unfiltered && first.share === 0 && first.size === SEARCH_WINDOW
        ? await sampledShare(db, p, q, tuning)
        : undefined;
    const wideFirst = common === undefined ? undefined : await windowedSearch(db, p, q, WIDEST_WINDOW, WIDEST_WINDOW);
    const held = first.rows.length === q.size ? first : wideFirst?.rows.length === q.size ? wideFirst : undefined;
    if (held) {
      rows = held.rows;
      // The table's share, when sampled, is the count's: its scan reads the table, not the window.
      const plan = countPlan(common ?? held.share, await ordersStats(db), cap, q.status);
      n = await withPlan(db, plan, async (tx) => (await listOrdersQueries(tx, p, q, plan).count)[0]?.n ?? 0);
    } else {
      const bounded = await withPlan(db, "bitmap", async (tx) => {
        const queries = listOrdersQueries(tx, p, q, "bitmap");
        const page = await queries.bounded;
        // A page past the last match has no rows to carry the count: counted on its own.
        const matches = page[0]?.matches ?? (q.page === 0 ? 0 : ((await queries.count)[0]?.n ?? 0));
        return { page, matches };
      });
      n = bounded.matches;
      rows = bounded.page.map(({ matches: _m, ...r }) => r);
      if (n > cap) {
        // The widest window, when it was not read above and no share-sized second window failed
        // (then the matches lie deeper than any share shows: a cheap style's orders by total).
        const untried = unfiltered && wideFirst === undefined && first.size === SEARCH_WINDOW;
        const wide =
          untried && (await widestWorthIt(db, p, q, first.share, tuning))
            ? await windowedSearch(db, p, q, WIDEST_WINDOW, WIDEST_WINDOW)
            : { rows: [] };
        rows =
          wide.rows.length === q.size
            ? wide.rows
            : await withPlan(db, "bitmap", (tx) => listOrdersQueries(tx, p, q, "bitmap").page);
      }
    }
  }
  return { items: rows.map(toListItem), total: Math.min(n, cap), totalCapped: n > cap, page: q.page, size: q.size };
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
