import {
  ORDER_COUNT_CAP,
  parseSort,
  type TOrder,
  type TOrderListItem,
  type TOrderListQuery,
  type TOrderSource,
  type TPaymentState,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, type Column, count, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../platform/errors";
import { dateRange, orderByFor } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { type ItemRow, iso, type OrderDeps, type OrderRow, o, oi, shipToOf } from "./rows";
import { orderScope } from "./scope";

/** Reading orders: one order's detail, the list (search, sort, the capped count) and its CSV. */

/** What a list row reads: an order without its search tokens and vector. */
const { searchTokens: _tokens, searchVector: _vector, ...LIST_COLUMNS } = getTableColumns(o);

const toListItem = (r: Omit<OrderRow, "searchTokens" | "searchVector">): TOrderListItem => ({
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

const toItem = (r: ItemRow) => ({
  id: r.id,
  lineNumber: r.lineNumber,
  styleId: r.styleId,
  styleCode: r.styleCode,
  styleName: r.styleName,
  sku: r.sku,
  options: r.options,
  quantity: r.quantity,
  unitPriceCents: r.unitPriceCents,
  upchargeCents: r.upchargeCents,
  lineTotalCents: r.lineTotalCents,
  status: r.status as TOrder["items"][number]["status"],
});

/** The order row a caller may see; 404 otherwise (another tenant's order is not found). */
export const orderRowFor = async (db: HubDb | HubTx, p: Principal, id: number): Promise<OrderRow> => {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, id), orderScope(p)));
  if (!row) throw notFound("That order");
  return row;
};

/** The PO file's name, for the order page's download (the file is the order's client's). */
const poFileNameOf = async (db: HubDb, row: OrderRow): Promise<string | null> => {
  if (row.poFileId === null) return null;
  const f = schema.storedFiles;
  const [file] = await db
    .select({ fileName: f.fileName })
    .from(f)
    .where(and(eq(f.id, row.poFileId), eq(f.clientId, row.clientId)));
  return file?.fileName ?? null;
};

export const detailOf = async (deps: OrderDeps, row: OrderRow): Promise<TOrder> => {
  const items = await deps.db.select().from(oi).where(eq(oi.orderId, row.id)).orderBy(asc(oi.lineNumber));
  const ledger = await deps.billing.ledger(row.clientId, row.orderNumber);
  const pm = schema.paymentMethods;
  const [method] = await deps.db
    .select({ id: pm.id })
    .from(pm)
    .where(and(eq(pm.clientId, row.clientId), eq(pm.isDefault, true)))
    .limit(1);
  return {
    ...toListItem(row),
    factoryId: row.factoryId,
    addressId: row.addressId,
    shipTo: shipToOf(row),
    poFileId: row.poFileId,
    poFileName: await poFileNameOf(deps.db, row),
    notes: row.notes,
    couponCode: row.couponCode,
    paymentMessage: row.paymentMessage,
    chargedCents: row.chargedCents,
    refundedCents: row.refundedCents,
    updatedAt: iso(row.updatedAt),
    hasPaymentMethod: method !== undefined,
    items: items.map(toItem),
    ledger: ledger.map((e) => ({
      id: e.id,
      kind: e.kind,
      amountCents: e.amountCents,
      status: e.status,
      failureMessage: e.failureMessage,
      createdAt: e.createdAt,
    })),
  };
};

export const getOrder = async (deps: OrderDeps, p: Principal, id: number): Promise<TOrder> =>
  detailOf(deps, await orderRowFor(deps.db, p, id));

const listWhere = (p: Principal, q: TOrderListQuery): SQL | undefined => {
  return and(
    orderScope(p),
    orderSearch(q.searchString),
    q.status ? eq(o.status, q.status) : undefined,
    q.source ? eq(o.source, q.source) : undefined,
    q.clientId ? eq(o.clientId, q.clientId) : undefined,
    dateRange(o.placedAt, q.from, q.to),
  );
};

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

/**
 * A page of orders and its count, which stops ORDER_COUNT_CAP rows past the page's start (the
 * `limit` lets the database stop early): a broad search of a million orders counts a thousand.
 */
export const listOrdersQueries = (db: HubDb | HubTx, p: Principal, q: TOrderListQuery) => {
  const where = listWhere(p, q);
  const orderBy = orderByFor(q.sort, SORTABLE, ["placedAt", "desc"], o.id);
  const cap = q.page * q.size + ORDER_COUNT_CAP;
  const matched = db
    .select({ one: sql`1` })
    .from(o)
    .where(where)
    .limit(cap + 1)
    .as("matched");
  return {
    cap,
    page: db
      .select(LIST_COLUMNS)
      .from(o)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.size)
      .offset(q.page * q.size),
    count: db.select({ n: count() }).from(matched),
  };
};

/** Sorts an index gives in order (`orders_placed_idx`, `orders_total_idx`, the primary key). */
const WALKABLE_SORTS = new Set(["placedAt", "totalCents", "orderNumber"]);
/** How many orders of the filter, in the sort's order, the windowed search reads per page asked. */
export const SEARCH_WINDOW = 1_000;

/**
 * A broad search's page, read from the first orders of the filter in the sort's order (walking the
 * sort's index, stopping after the window): when the window holds the page, this is the page.
 */
const windowedPage = (db: HubDb, p: Principal, q: TOrderListQuery) => {
  const w = db
    .select({ ...LIST_COLUMNS, searchVector: o.searchVector })
    .from(o)
    .where(listWhere(p, { ...q, searchString: undefined }))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["placedAt", "desc"], o.id))
    .limit(SEARCH_WINDOW * (q.page + 1))
    .as("w");
  // Only the walkable sorts come here (WALKABLE_SORTS), on the window's columns.
  const sortable = { orderNumber: w.id, placedAt: w.placedAt, totalCents: w.totalCents };
  return db
    .select()
    .from(w)
    .where(orderSearch(q.searchString, w.searchVector))
    .orderBy(...orderByFor(q.sort, sortable, ["placedAt", "desc"], w.id))
    .limit(q.size)
    .offset(q.page * q.size);
};

/**
 * The planner cannot tell a broad prefix search (`maya patel`: 55,570 of a million orders) from a
 * narrow one (`hod-110-m-blk`: 2) and guessed wrong both ways (a GIN bitmap of 55,570 rows sorted,
 * 340 ms; a sort index walked past a million rows for two, 2.7 s). So the service decides:
 * 1. with a sort an index walks, read the page from a window of the filter's first orders: a broad
 *    search fills it; then count with the bitmap scans off (a scan that stops at the cap);
 * 2. otherwise (a narrow search, or a sort no index gives) read the page and the count through the
 *    GIN index only (sequential and plain index scans off), sorting the few matches.
 */
export const listOrders = async (db: HubDb, p: Principal, q: TOrderListQuery) => {
  const field = parseSort(q.sort)?.field ?? "placedAt";
  const searched = searchQueryOf(q.searchString) !== undefined;
  let rows: Omit<OrderRow, "searchTokens" | "searchVector">[] | undefined;
  let n = 0;
  let cap = q.page * q.size + ORDER_COUNT_CAP;
  if (!searched) {
    const queries = listOrdersQueries(db, p, q);
    const [page, [total]] = await Promise.all([queries.page, queries.count]);
    rows = page;
    n = total?.n ?? 0;
  } else {
    const windowed = WALKABLE_SORTS.has(field) ? await windowedPage(db, p, q) : [];
    const broad = windowed.length === q.size;
    await db.transaction(async (tx) => {
      // For this transaction only (set_config's third argument: is_local).
      await tx.execute(
        broad
          ? sql`select set_config('enable_bitmapscan', 'off', true)`
          : sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
      );
      const queries = listOrdersQueries(tx, p, q);
      cap = queries.cap;
      if (broad) rows = windowed.map(({ searchVector: _, ...r }) => r);
      else rows = await queries.page;
      const [total] = await queries.count;
      n = total?.n ?? 0;
    });
  }
  return {
    items: (rows ?? []).map(toListItem),
    total: Math.min(n, cap),
    totalCapped: n > cap,
    page: q.page,
    size: q.size,
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
    .where(listWhere(p, q))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["placedAt", "desc"], o.id))
    .limit(1_000_000);
  return rows.map((r) => [
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
  ]);
};
