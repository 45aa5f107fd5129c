import { parseSort, type TOrderListQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { and, type Column, eq, gt, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { orderByFor } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import {
  capFor,
  filterFront,
  LIST_COLUMNS,
  type ListRow,
  listFilters,
  listOrdersQueries,
  orderSearch,
  searchQueryOf,
  toListItem,
} from "./list-queries";
import { o } from "./rows";
import { orderScope } from "./scope";
import { commonShare, countPlan, countReach, ordersStats, SAMPLE, type SampleTuning, withPlan } from "./search-plan";

export {
  exportOrders,
  type ListRow,
  listOrdersQueries,
  ORDER_CSV_HEADER,
  orderCsvRow,
  orderListWhere,
  orderSearch,
  toListItem,
} from "./list-queries";

/**
 * The orders list (`listOrders`): which of the list's statements (list-queries.ts) a page and its
 * count run, and with which plan, at a million orders (docs/adr/0003-orders.md). One order's
 * detail is read.service.ts.
 */

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
  const w = filterFront(
    db
      .select({ ...LIST_COLUMNS, searchVector: o.searchVector })
      .from(o)
      .$dynamic(),
    p,
    q,
    windowSize,
  ).as("w");
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
  q: TOrderListQuery,
  firstShare: number,
  sampled: () => Promise<number | undefined>,
): Promise<boolean> => {
  if (firstShare === 0 || firstShare * WIDEST_WINDOW >= (q.page + 1) * q.size) return true;
  const share = await sampled();
  return share !== undefined && share * (await ordersStats(db)).rows * 3.3 > 3 * WIDEST_WINDOW * 2.2;
};

/**
 * The search's share of what the caller sees, from a sample of the table, when it is common
 * (search-plan.ts): read once a list, when a plan first asks.
 */
const sampledShare = (db: HubDb, p: Principal, q: TOrderListQuery, tuning: SampleTuning) => {
  let read: Promise<number | undefined> | undefined;
  return () => {
    read ??= ordersStats(db).then((stats) =>
      commonShare(db, stats, orderSearch(q.searchString) ?? sql`true`, orderScope(p), tuning),
    );
    return read;
  };
};

/**
 * The sort's range from its first order up to `last`, in the sort's order with its tie-break (the
 * id, ascending): `total_cents > 3450 or (total_cents = 3450 and id <= 120)` for a descending sort
 * by total, so a key many orders share (a client's name, a price) bounds only those up to `last`
 * (the planner reads the two arms from the sort's index and ORs them). Only the walkable sorts
 * (their keys are never null; each has a btree index on the key and the id). A placing time is
 * read back to the millisecond where the database keeps microseconds, so its range takes the
 * whole millisecond and no tie-break: an ascending one ends a millisecond later.
 */
export const sortRangeTo = (q: TOrderListQuery, last: ListRow): SQL | undefined => {
  const range = keyRangeTo(q, last);
  // With a status, its own index's range (each sort has a status twin): the placed orders above a
  // total, not every order above it (287,000 index entries, 30 ms, for `tee-100-xl` with `placed`).
  return range && and(q.status ? eq(o.status, q.status) : undefined, range);
};

const keyRangeTo = (q: TOrderListQuery, last: ListRow): SQL | undefined => {
  const { field, dir } = parseSort(q.sort) ?? { field: "placedAt", dir: "desc" };
  const up = dir === "desc";
  // Before `value` in the sort, or on it up to `last` by the tie-break.
  const upTo = <T>(column: Column, value: T) =>
    or(up ? gt(column, value) : lt(column, value), and(eq(column, value), lte(o.id, last.id)));
  switch (field) {
    case "placedAt":
      return up ? gte(o.placedAt, last.placedAt) : lt(o.placedAt, new Date(last.placedAt.getTime() + 1));
    case "totalCents":
      return upTo(o.totalCents, last.totalCents);
    case "orderNumber":
      return up ? gte(o.id, last.id) : lte(o.id, last.id);
    case "clientName":
      return upTo(o.clientName, last.clientName);
    default:
      return undefined;
  }
};

/**
 * The page from every match of a broad search, sorted. `sample` is the page as sorted from the
 * first `cap + 1` matches the bounded read found (in the table's order): they are matches, so at
 * least a page of them lies up to its last row in the sort, and the page is read from that range
 * only. The planner ANDs the search's bitmap with the sort index's range (or its status twin's) and
 * reads and sorts only the matches in it: `tee-100-xl` by total at a million orders, 800 of its
 * 11,900 matches, 16 ms, where sorting them all read 11,900 pages, 40-95 ms; `bench-99` with
 * `in_production` by client, 25 of 11,100, 3 ms. Only for a search the table's sample finds common
 * (`common`: thousands of matches at a million orders): reading an index range costs about 0.3 µs
 * an entry, which fewer matches, read and sorted, do not repay. (A nearer row of the sample, for a
 * narrower range first, was tried: the sample is the matches with the lowest ids, so with the
 * tie-break its rows bound fewer matches than their rank says, and the narrow range often failed.)
 */
export const sortedMatches = async (
  db: HubDb,
  p: Principal,
  q: TOrderListQuery,
  sample: ListRow[],
  common: number | undefined,
): Promise<ListRow[]> => {
  const last = sample.length === q.size && common !== undefined ? sample[q.size - 1] : undefined;
  const range = last && sortRangeTo(q, last);
  return withPlan(db, "bitmap", async (tx) => {
    // The range holds a full page (there are more matches than the cap); the rest is a safety net.
    const ranged = range ? await listOrdersQueries(tx, p, q, "bitmap", { range }).page : [];
    return ranged.length === q.size ? ranged : listOrdersQueries(tx, p, q, "bitmap").page;
  });
};

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
    const sampled = sampledShare(db, p, q, tuning);
    const common = unfiltered && first.share === 0 && first.size === SEARCH_WINDOW ? await sampled() : undefined;
    const wideFirst = common === undefined ? undefined : await windowedSearch(db, p, q, WIDEST_WINDOW, WIDEST_WINDOW);
    const held = first.rows.length === q.size ? first : wideFirst?.rows.length === q.size ? wideFirst : undefined;
    if (held) {
      rows = held.rows;
      // The table's share, when sampled, is a scan's (it was measured over the table); the window's
      // is a walk's of the same index in the same order. Either stops within its reach.
      const share = common ?? held.share;
      const plan = countPlan(share, await ordersStats(db), cap, common === undefined ? "walk" : "scan");
      const reach = plan === "bitmap" ? undefined : countReach(share, cap);
      n = await withPlan(db, plan, async (tx) => (await listOrdersQueries(tx, p, q, plan, { reach }).count)[0]?.n ?? 0);
      // Fewer than the cap's matches within the reach: the rest lie elsewhere, counted from the index.
      if (plan !== "bitmap" && n <= cap)
        n = await withPlan(db, "bitmap", async (tx) => (await listOrdersQueries(tx, p, q, "bitmap").count)[0]?.n ?? 0);
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
          untried && (await widestWorthIt(db, q, first.share, sampled))
            ? await windowedSearch(db, p, q, WIDEST_WINDOW, WIDEST_WINDOW)
            : { rows: [] };
        rows = wide.rows.length === q.size ? wide.rows : await sortedMatches(db, p, q, rows, await sampled());
      }
    }
  }
  return { items: rows.map(toListItem), total: Math.min(n, cap), totalCapped: n > cap, page: q.page, size: q.size };
};
