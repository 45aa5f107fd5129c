import { createHash } from "node:crypto";
import {
  linesNotDone,
  ORDER_COUNT_CAP,
  ORDER_MESSAGES,
  parseSort,
  type TItemEditRequest,
  type TOrder,
  type TOrderListItem,
  type TOrderListQuery,
  type TOrderSource,
  type TPaymentState,
  type TPlaceOrderRequest,
  type TPricedLine,
  type TQuote,
  type TQuoteRequest,
  type TShipTo,
  type TWebOrderRequest,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, type Column, count, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BillingAdapter } from "../../platform/billing";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../platform/errors";
import { dateRange, orderByFor } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { assertLineEditable, cancelOrderUnits, lineHasUnits, syncLineUnits } from "../floor/orders.service";
import { releaseOrder } from "../floor/release";
import { claimPayment, payOrder } from "./payment.service";
import {
  attributeIdsFor,
  Compositions,
  type CouponRow,
  checkCoupon,
  discountOf,
  type LineProblem,
  MAX_ORDER_CENTS,
  priceLine,
  priceLines,
  resolveLines,
} from "./pricing";
import { type OrderClient, orderClientFor, orderScope } from "./scope";
import { orderCanMove, transitionItem, transitionOrder } from "./state";

/** Orders (issue 10): placing, reading, status changes, payment. The model: docs/adr/0003-orders.md. */

const o = schema.orders;
const oi = schema.orderItems;
const h = schema.orderStatusHistory;

export type OrderDeps = { db: HubDb; billing: BillingAdapter };
export type OrderRow = typeof o.$inferSelect;
export type ItemRow = typeof oi.$inferSelect;

const iso = (d: Date) => d.toISOString();
const todayUtc = () => new Date().toISOString().slice(0, 10);

const lineFields = (problems: readonly LineProblem[]) =>
  Object.fromEntries(problems.map((x) => [`lines.${x.index}.${x.field}`, x.message]));

const refuseLines = (problems: readonly LineProblem[]): never => {
  const first = problems[0];
  throw new HttpError(
    400,
    "VALIDATION",
    problems.length === 1 && first
      ? `Line ${first.index + 1}: ${first.message}`
      : `${problems.length} lines cannot be ordered; each is named below.`,
    lineFields(problems),
  );
};

/* ---------- pricing an order (quote) ---------- */

type Priced = {
  client: OrderClient;
  lines: TPricedLine[];
  problems: LineProblem[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  coupon: { row: CouponRow | null; code: string; reason: string | null } | null;
};

const priceOrder = async (
  db: HubDb,
  client: OrderClient,
  lines: TQuoteRequest["lines"],
  couponCode: string | undefined,
): Promise<Priced> => {
  const { resolved, problems } = await resolveLines(db, client, lines, new Compositions(db, client.clientId));
  const priced = priceLines(resolved);
  for (const l of priced)
    if (l.lineTotalCents > MAX_ORDER_CENTS)
      problems.push({ index: l.index, field: "quantity", message: "This line is too large to order at once." });
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  if (subtotalCents > MAX_ORDER_CENTS && problems.length === 0)
    problems.push({ index: 0, field: "quantity", message: "This order is too large to place at once; split it." });
  let coupon: Priced["coupon"] = null;
  let discountCents = 0;
  if (couponCode !== undefined) {
    const checked = await checkCoupon(db, client, couponCode);
    coupon = { row: checked.coupon, code: couponCode, reason: checked.reason };
    if (checked.reason === null) discountCents = discountOf(checked.coupon, subtotalCents);
  }
  return {
    client,
    lines: priced,
    problems: problems.sort((x, y) => x.index - y.index),
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    coupon,
  };
};

/** POST /orders/quote: every line priced live, each problem by index, and the coupon checked (with why not). */
export const quoteOrder = async (db: HubDb, p: Principal, body: TQuoteRequest): Promise<TQuote> => {
  const client = await orderClientFor(db, p, body.clientId);
  const priced = await priceOrder(db, client, body.lines, body.couponCode);
  return {
    clientId: client.clientId,
    lines: priced.lines,
    problems: priced.problems,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
    coupon: priced.coupon
      ? {
          code: priced.coupon.code,
          valid: priced.coupon.reason === null,
          reason: priced.coupon.reason,
          discountCents: priced.discountCents,
        }
      : null,
  };
};

/* ---------- reading ---------- */

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

const detailOf = async (deps: OrderDeps, row: OrderRow): Promise<TOrder> => {
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
    shipTo: {
      name: row.shipName,
      company: row.shipCompany,
      line1: row.shipLine1,
      line2: row.shipLine2,
      city: row.shipCity,
      region: row.shipRegion,
      postalCode: row.shipPostalCode,
      country: row.shipCountry,
      phone: row.shipPhone,
    },
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

/* ---------- placing ---------- */

type PlaceInput =
  | { source: "entry"; body: TPlaceOrderRequest; idempotencyKey: string | undefined }
  | { source: "web"; body: TWebOrderRequest }
  /** A CSV import's order: the key is `import:<PO number>`, so a re-import of the same file answers the first order. */
  | { source: "import"; body: TPlaceOrderRequest; idempotencyKey: string };

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * The ship-to of a saved address the order may go to: an active address of the client's shared book,
 * or one of the placing person's own (`userId`, 0 for none: an import, an API key). Anyone else's
 * address, or another client's, is a 400 naming `addressId` (entry offers the same: entry.service.ts).
 */
const shipToFromAddress = async (
  db: HubDb | HubTx,
  clientId: number,
  addressId: number,
  userId: number,
): Promise<TShipTo> => {
  const a = schema.addresses;
  const shared = and(eq(a.clientId, clientId), isNull(a.userId));
  const [row] = await db
    .select()
    .from(a)
    .where(and(eq(a.id, addressId), userId > 0 ? or(shared, eq(a.userId, userId)) : shared, eq(a.active, true)));
  if (!row)
    throw badRequest(ORDER_MESSAGES.notYourAddress, {
      addressId: "Not an address of this client or yours",
    });
  return {
    name: row.name,
    company: row.company ?? undefined,
    line1: row.line1,
    line2: row.line2 ?? undefined,
    city: row.city,
    region: row.region ?? undefined,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone ?? undefined,
  };
};

/** An earlier order with this key (entry) or external id (web), if any. */
const earlierOrder = async (db: HubDb | HubTx, clientId: number, input: PlaceInput): Promise<OrderRow | undefined> => {
  const [row] = await db
    .select()
    .from(o)
    .where(
      and(
        eq(o.clientId, clientId),
        input.source === "web"
          ? eq(o.externalOrderId, input.body.externalOrderId)
          : eq(o.idempotencyKey, input.idempotencyKey ?? ""),
      ),
    );
  return row;
};

const replayOf = (row: OrderRow, input: PlaceInput, hash: string): OrderRow => {
  if (input.source === "entry" && row.requestHash !== hash) throw conflict(ORDER_MESSAGES.idempotencyKeyReused);
  return row;
};

type Checked = {
  client: OrderClient;
  input: PlaceInput;
  hash: string;
  priced: Priced;
  shipTo: TShipTo;
  addressId: number | null;
  poFileId: number | null;
};

/**
 * Writes a checked order in the caller's transaction: the coupon's use, the order, its lines with
 * the prices frozen, and the "placed" history row. Placing and the CSV import both write through it.
 */
const writeOrder = async (tx: HubTx, p: Principal, checked: Checked): Promise<number> => {
  const { client, input, hash, priced, shipTo, addressId, poFileId } = checked;
  const body = input.body;
  const searchTokens = schema.orderSearchTokens({
    poNumber: body.poNumber,
    externalOrderId: input.source === "web" ? input.body.externalOrderId : null,
    clientName: client.clientName,
    clientCode: client.clientCode,
    shipName: shipTo.name,
    lines: priced.lines,
  });
  const coupon = priced.coupon?.row ?? null;
  if (coupon) {
    const k = schema.coupons;
    const [used] = await tx
      .update(k)
      .set({ usedCount: sql`${k.usedCount} + 1` })
      .where(and(eq(k.id, coupon.id), sql`(${k.usageLimit} is null or ${k.usedCount} < ${k.usageLimit})`))
      .returning({ id: k.id });
    if (!used) throw conflict(ORDER_MESSAGES.couponUsedUp, { couponCode: ORDER_MESSAGES.couponUsedUp });
  }
  const [order] = await tx
    .insert(o)
    .values({
      clientId: client.clientId,
      clientName: client.clientName,
      factoryId: client.factoryId,
      source: input.source,
      externalOrderId: input.source === "web" ? input.body.externalOrderId : null,
      idempotencyKey: input.source === "web" ? null : input.idempotencyKey,
      requestHash: hash,
      poNumber: body.poNumber ?? null,
      poFileId,
      addressId,
      shipName: shipTo.name,
      shipCompany: shipTo.company ?? null,
      shipLine1: shipTo.line1,
      shipLine2: shipTo.line2 ?? null,
      shipCity: shipTo.city,
      shipRegion: shipTo.region ?? null,
      shipPostalCode: shipTo.postalCode,
      shipCountry: shipTo.country,
      shipPhone: shipTo.phone ?? null,
      requestedShipDate: body.requestedShipDate ?? null,
      notes: body.notes ?? null,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      placedBy: p.userName,
      searchTokens,
    })
    .returning({ id: o.id });
  if (!order) throw new Error("order insert failed");
  await tx.insert(oi).values(
    priced.lines.map((l, i) => ({
      orderId: order.id,
      lineNumber: i + 1,
      styleId: l.styleId,
      styleCode: l.styleCode,
      styleName: l.styleName,
      sku: l.sku,
      options: l.options,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      upchargeCents: l.upchargeCents,
      lineTotalCents: l.lineTotalCents,
    })),
  );
  await tx
    .insert(h)
    .values({ orderId: order.id, fromStatus: null, toStatus: "placed", reason: null, actor: p.userName });
  return order.id;
};

/**
 * Checks an order before anything is written: ship-to (or the address book's address), PO file,
 * ship date, every line (by index) and the coupon; a problem is a 400 with every field named.
 */
export const checkOrder = async (
  db: HubDb | HubTx,
  client: OrderClient,
  input: PlaceInput,
  hash: string,
  /** The person placing it, whose own saved addresses it may ship to (0: none, the client's book only). */
  placerId = 0,
): Promise<Checked> => {
  const body = input.body;
  const fields: Record<string, string> = {};
  let shipTo: TShipTo;
  let addressId: number | null = null;
  if (input.source !== "web" && input.body.addressId !== undefined) {
    addressId = input.body.addressId;
    shipTo = await shipToFromAddress(db, client.clientId, addressId, placerId);
  } else {
    shipTo = body.shipTo as TShipTo;
  }
  const poFileId = input.source !== "web" ? (input.body.poFileId ?? null) : null;
  if (poFileId !== null) {
    const f = schema.storedFiles;
    const [file] = await db
      .select({ id: f.id })
      .from(f)
      .where(and(eq(f.id, poFileId), eq(f.clientId, client.clientId)));
    if (!file) fields.poFileId = "Not a file of this client";
  }
  if (body.requestedShipDate && body.requestedShipDate < todayUtc())
    fields.requestedShipDate = ORDER_MESSAGES.shipDatePast;
  const priced = await priceOrder(db, client, body.lines, body.couponCode);
  Object.assign(fields, lineFields(priced.problems));
  if (priced.coupon?.reason) fields.couponCode = priced.coupon.reason;
  if (Object.keys(fields).length > 0) {
    if (priced.problems.length > 0 && Object.keys(fields).length === priced.problems.length)
      refuseLines(priced.problems);
    const [first] = Object.entries(fields);
    throw new HttpError(400, "VALIDATION", first ? `${first[0]}: ${first[1]}` : "The order is not valid.", fields);
  }

  return { client, input, hash, priced, shipTo, addressId, poFileId };
};

/**
 * Places an order: everything is checked first (lines by index, ship-to, PO file, ship date,
 * coupon) and nothing is written unless all is well; then order, lines with frozen prices, the
 * coupon's use and the "placed" history row in one transaction; then the charge, when the client
 * has a default payment method. A repeat (same Idempotency-Key or external id) answers the first order.
 */
export const placeOrder = async (
  deps: OrderDeps,
  p: Principal,
  input: PlaceInput,
): Promise<{ order: TOrder; created: boolean }> => {
  const { db } = deps;
  if (input.source === "entry" && !input.idempotencyKey)
    throw badRequest(ORDER_MESSAGES.idempotencyKeyRequired, { "Idempotency-Key": "Required" });
  const client = await orderClientFor(db, p, input.source === "entry" ? input.body.clientId : undefined);
  const hash = hashOf({ ...input.body, clientId: client.clientId });
  const before = await earlierOrder(db, client.clientId, input);
  if (before) return { order: await replayPlaced(deps, p, before, input, hash), created: false };

  const checked = await checkOrder(db, client, input, hash, p.userId);
  let orderId: number;
  try {
    // The order and its claim for a charge commit together: a crash after the commit leaves it
    // pending, which a retry, "charge again" or the recovery resumes (payment.service.ts).
    orderId = await db.transaction(async (tx) => {
      const id = await writeOrder(tx, p, checked);
      await claimPayment(tx, id);
      return id;
    });
  } catch (error) {
    // Two requests with one key (or external id) raced: the loser answers the winner's order.
    if (isUniqueViolation(error)) {
      const winner = await earlierOrder(db, client.clientId, input);
      if (winner) return { order: await replayPlaced(deps, p, winner, input, hash), created: false };
    }
    throw error;
  }
  await payOrder(deps, orderId, p.userId || null);
  const [row] = await db.select().from(o).where(eq(o.id, orderId));
  if (!row) throw new Error("order vanished");
  return { order: await detailOf(deps, row), created: true };
};

/**
 * A repeat of placing answers the first order; one whose charge was cut off (pending) is resumed
 * first, so a client's retry after a crash finishes the payment instead of finding it stuck.
 */
const replayPlaced = async (deps: OrderDeps, p: Principal, before: OrderRow, input: PlaceInput, hash: string) => {
  const replay = replayOf(before, input, hash);
  if (before.paymentState !== "pending") return detailOf(deps, replay);
  await payOrder(deps, before.id, p.userId || null);
  const [row] = await deps.db.select().from(o).where(eq(o.id, before.id));
  return detailOf(deps, row ?? replay);
};

/* ---------- CSV import ---------- */

export type ImportedOrder = { clientId: number; body: TPlaceOrderRequest; idempotencyKey: string };

/**
 * Places a CSV import's orders in the caller's transaction (the import's), each checked and
 * written exactly as placing does (prices frozen now, source "import"). An order whose key (the PO
 * number) the client already has is answered, not made again. A problem throws, so the caller's
 * transaction writes nothing; `index` says which order. Charge them with `payImportedOrders` after commit.
 */
export const placeImportedOrders = async (
  tx: HubTx,
  p: Principal,
  orders: readonly ImportedOrder[],
  onProblem: (index: number, error: HttpError) => never,
): Promise<{ orderId: number; orderNumber: string; created: boolean }[]> => {
  const out: { orderId: number; orderNumber: string; created: boolean }[] = [];
  for (const [index, order] of orders.entries()) {
    const input: PlaceInput = { source: "import", body: order.body, idempotencyKey: order.idempotencyKey };
    let orderId: number;
    let created = false;
    try {
      const client = await orderClientFor(tx, p, order.clientId);
      const before = await earlierOrder(tx, client.clientId, input);
      if (before) orderId = before.id;
      else {
        const checked = await checkOrder(tx, client, input, hashOf({ ...order.body, clientId: client.clientId }));
        orderId = await writeOrder(tx, p, checked);
        created = true;
      }
    } catch (error) {
      if (error instanceof HttpError) onProblem(index, error);
      throw error;
    }
    const [row] = await tx.select({ orderNumber: o.orderNumber }).from(o).where(eq(o.id, orderId));
    out.push({ orderId, orderNumber: row?.orderNumber ?? "", created });
  }
  return out;
};

/** After an import's transaction commits: each new order is charged as placing charges it. */
export const payImportedOrders = async (deps: OrderDeps, p: Principal, orderIds: readonly number[]) => {
  for (const id of orderIds) await payOrder(deps, id, p.userId || null);
};

/* ---------- remake (returns) ---------- */

/**
 * Places a remake of returned lines, in the caller's transaction (the return's): a new order of the
 * original's client, facility and ship-to, source "remake", one line per returned line with the
 * original's style, SKU and options at zero price (the client paid for these garments on the
 * original order), nothing to charge, and the "placed" history row naming the return.
 */
export const placeRemakeOrder = async (
  tx: HubTx,
  original: OrderRow,
  lines: readonly { item: ItemRow; quantity: number }[],
  remake: { actor: string; reason: string },
): Promise<{ id: number; orderNumber: string }> => {
  const [client] = await tx
    .select({ code: schema.clients.siteName })
    .from(schema.clients)
    .where(eq(schema.clients.clientId, original.clientId));
  const searchTokens = schema.orderSearchTokens({
    poNumber: original.poNumber,
    externalOrderId: null,
    clientName: original.clientName,
    clientCode: client?.code,
    shipName: original.shipName,
    lines: lines.map((l) => l.item),
  });
  const [order] = await tx
    .insert(o)
    .values({
      clientId: original.clientId,
      clientName: original.clientName,
      factoryId: original.factoryId,
      source: "remake",
      poNumber: original.poNumber,
      addressId: original.addressId,
      shipName: original.shipName,
      shipCompany: original.shipCompany,
      shipLine1: original.shipLine1,
      shipLine2: original.shipLine2,
      shipCity: original.shipCity,
      shipRegion: original.shipRegion,
      shipPostalCode: original.shipPostalCode,
      shipCountry: original.shipCountry,
      shipPhone: original.shipPhone,
      notes: remake.reason,
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      paymentState: "paid",
      paymentMessage: `${remake.reason}: nothing to charge.`,
      placedBy: remake.actor,
      searchTokens,
    })
    .returning({ id: o.id, orderNumber: o.orderNumber });
  if (!order) throw new Error("remake order insert failed");
  await tx.insert(oi).values(
    lines.map((l, i) => ({
      orderId: order.id,
      lineNumber: i + 1,
      styleId: l.item.styleId,
      styleCode: l.item.styleCode,
      styleName: l.item.styleName,
      sku: l.item.sku,
      options: l.item.options,
      quantity: l.quantity,
      unitPriceCents: 0,
      upchargeCents: 0,
      lineTotalCents: 0,
    })),
  );
  await tx
    .insert(h)
    .values({ orderId: order.id, fromStatus: null, toStatus: "placed", reason: remake.reason, actor: remake.actor });
  // Nothing to pay: the remake goes to the floor at once.
  await releaseOrder(tx, order.id, remake.actor);
  return order;
};

/* ---------- payment (payment.service.ts) ---------- */

/**
 * POST /orders/:id/charge: charge again. A failed or unpaid order gets a new attempt; a pending one
 * (a charge cut off by a crash or an unanswered provider) is resumed with its own key, so the
 * provider answers the charge it made rather than making another; a paid one is left as it is.
 */
export const chargeOrder = async (deps: OrderDeps, p: Principal, id: number): Promise<TOrder> => {
  const row = await orderRowFor(deps.db, p, id);
  if (row.status === "cancelled")
    throw conflict(`Order ${row.orderNumber} is cancelled, so it cannot be charged.`, { status: row.status });
  await payOrder(deps, row.id, p.userId || null);
  return getOrder(deps, p, id);
};

const paymentAfterRefund = (charged: number, refunded: number): TPaymentState =>
  refunded >= charged ? "refunded" : "partially_refunded";

/** "$12.50" for the history's text. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Refunds part of what was charged (at most what is left), through the billing adapter, and moves
 * the order's payment state. Returns (RMA) refund through this too. The order's status history gets
 * a row (status unchanged) saying who refunded how much and why, so the order's history explains
 * its payment state; a replay of the same key (the adapter answers the first entry) writes none.
 */
export const refund = async (
  deps: OrderDeps,
  p: Principal,
  row: OrderRow,
  amountCents: number,
  key: string,
  why: string | null,
) => {
  const { entry, replayed } = await deps.billing.refund(
    { clientId: row.clientId, clientName: row.clientName },
    {
      clientId: row.clientId,
      orderId: row.orderNumber,
      amountCents,
      actorUserId: p.userId || null,
      idempotencyKey: key,
    },
  );
  if (entry.status !== "succeeded")
    throw new HttpError(402, "BAD_REQUEST", entry.failureMessage ?? "The refund failed.");
  const ledger = await deps.billing.ledger(row.clientId, row.orderNumber);
  const sum = (kind: "charge" | "refund") =>
    ledger.filter((e) => e.kind === kind && e.status === "succeeded").reduce((s, e) => s + e.amountCents, 0);
  const charged = sum("charge");
  const refunded = sum("refund");
  await deps.db.transaction(async (tx) => {
    await tx
      .update(o)
      .set({ refundedCents: refunded, paymentState: paymentAfterRefund(charged, refunded), updatedAt: new Date() })
      .where(eq(o.id, row.id));
    if (!replayed)
      await tx.insert(h).values({
        orderId: row.id,
        fromStatus: row.status,
        toStatus: row.status,
        reason: `Refunded ${dollars(entry.amountCents)}${why ? `: ${why}` : ""}`,
        actor: p.userName,
      });
  });
};

export const refundOrder = async (
  deps: OrderDeps,
  p: Principal,
  id: number,
  amountCents: number,
  reason: string | null,
  idempotencyKey: string | undefined,
): Promise<TOrder> => {
  const row = await orderRowFor(deps.db, p, id);
  const left = row.chargedCents - row.refundedCents;
  if (amountCents > left)
    throw conflict(`At most ${left} cents can be refunded for order ${row.orderNumber}.`, {
      amountCents: `At most ${left} cents`,
    });
  await refund(
    deps,
    p,
    row,
    amountCents,
    idempotencyKey ?? `order-${row.id}-refund-${row.refundedCents}-${amountCents}`,
    reason,
  );
  return getOrder(deps, p, id);
};

/* ---------- status changes ---------- */

const lockOrder = async (tx: HubTx, id: number): Promise<OrderRow> => {
  const [row] = await tx.select().from(o).where(eq(o.id, id)).for("update");
  if (!row) throw notFound("That order");
  return row;
};

/** Completing is the factory's, or an internal admin's: a client user (or an API key) is refused. */
const assertMayComplete = (p: Principal) => {
  if (!(p.isInternal || p.isFacility) || p.apiKey) throw forbidden(ORDER_MESSAGES.completeWho);
};

/** Why an order cannot be completed (its state, or lines not shipped or cancelled yet), or null. */
const completeRefusal = (row: OrderRow, items: readonly { status: string }[]): string | null => {
  if (!orderCanMove(row.status, "completed"))
    return `Order ${row.orderNumber} is ${row.status.replaceAll("_", " ")}, so it cannot be completed.`;
  const left = linesNotDone(items);
  return left > 0 ? ORDER_MESSAGES.completeNotDone(row.orderNumber, left) : null;
};

/**
 * Completes an order once every line has shipped or was cancelled (else a 409 saying so), and its
 * shipped lines with it (history rows for each), in the caller's transaction.
 */
const completeIn = async (tx: HubTx, row: OrderRow, actor: string, reason: string | null) => {
  const items = await tx.select().from(oi).where(eq(oi.orderId, row.id)).orderBy(asc(oi.lineNumber));
  const refusal = completeRefusal(row, items);
  if (refusal) throw conflict(refusal, { status: row.status });
  await transitionOrder(tx, row, "completed", actor, reason);
  for (const item of items)
    if (item.status === "shipped") await transitionItem(tx, row.id, item, "completed", actor, reason);
};

const cancelIn = async (tx: HubTx, row: OrderRow, actor: string, reason: string) => {
  await transitionOrder(tx, row, "cancelled", actor, reason);
  await cancelOrderUnits(tx, row.id, actor, reason || null);
  const items = await tx.select().from(oi).where(eq(oi.orderId, row.id)).orderBy(asc(oi.lineNumber));
  for (const item of items)
    if (item.status === "open" || item.status === "in_production")
      await transitionItem(tx, row.id, item, "cancelled", actor, reason);
};

/** After a cancel: refund what is left of what was charged (capped by the ledger), once. */
const refundCancelled = async (deps: OrderDeps, p: Principal, id: number, reason: string | null) => {
  const [row] = await deps.db.select().from(o).where(eq(o.id, id));
  if (!row) return;
  const left = row.chargedCents - row.refundedCents;
  if (left > 0)
    await refund(
      deps,
      p,
      row,
      left,
      `order-${row.id}-cancel`,
      reason ? `order cancelled: ${reason}` : "order cancelled",
    );
};

/** POST /orders/:id/complete: the factory's or an internal admin's (403 otherwise), once everything shipped or was cancelled (409). */
export const completeOrder = async (deps: OrderDeps, p: Principal, id: number, reason: string | null) => {
  await orderRowFor(deps.db, p, id);
  assertMayComplete(p);
  await deps.db.transaction(async (tx) => completeIn(tx, await lockOrder(tx, id), p.userName, reason));
  return getOrder(deps, p, id);
};

export const cancelOrder = async (deps: OrderDeps, p: Principal, id: number, reason: string) => {
  await orderRowFor(deps.db, p, id);
  await deps.db.transaction(async (tx) => cancelIn(tx, await lockOrder(tx, id), p.userName, reason));
  await refundCancelled(deps, p, id, reason);
  return getOrder(deps, p, id);
};

/** Bulk complete or cancel: every order is checked first; any refusal changes nothing and names them all. */
export const bulkOrders = async (
  deps: OrderDeps,
  p: Principal,
  ids: readonly number[],
  action: "complete" | "cancel",
  reason: string | null,
) => {
  const unique = [...new Set(ids)];
  if (action === "complete") assertMayComplete(p);
  const done = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(o)
      .where(and(inArray(o.id, unique), orderScope(p)))
      .orderBy(asc(o.id))
      .for("update");
    const refusals: Record<string, string> = {};
    const found = new Set(rows.map((r) => r.id));
    for (const id of unique) if (!found.has(id)) refusals[`ids.${ids.indexOf(id)}`] = `Order ${id} was not found.`;
    const to = action === "complete" ? "completed" : "cancelled";
    const lines =
      action === "complete" && rows.length > 0
        ? await tx
            .select({ orderId: oi.orderId, status: oi.status })
            .from(oi)
            .where(
              inArray(
                oi.orderId,
                rows.map((r) => r.id),
              ),
            )
        : [];
    for (const r of rows) {
      const refusal =
        action === "complete"
          ? completeRefusal(
              r,
              lines.filter((l) => l.orderId === r.id),
            )
          : orderCanMove(r.status, to)
            ? null
            : `Order ${r.orderNumber} is ${r.status.replaceAll("_", " ")}, so it cannot be ${to}.`;
      if (refusal) refusals[r.orderNumber] = refusal;
    }
    if (Object.keys(refusals).length > 0) throw conflict(ORDER_MESSAGES.bulkRefused, refusals);
    for (const r of rows) {
      if (action === "complete") await completeIn(tx, r, p.userName, reason);
      else await cancelIn(tx, r, p.userName, reason ?? "");
    }
    return rows;
  });
  if (action === "cancel") for (const r of done) await refundCancelled(deps, p, r.id, reason);
  return { action, orders: done.map((r) => r.orderNumber) };
};

/* ---------- item edit ---------- */

/**
 * Changes a line's options or quantity while it is open and its order placed: the line keeps the
 * tier unit price frozen at placing (the order's tier) and takes the new attributes' upcharges;
 * the order's totals and a percentage coupon's discount are worked out again; a history row says what changed.
 */
export const editItem = async (
  deps: OrderDeps,
  p: Principal,
  id: number,
  itemId: number,
  body: TItemEditRequest,
): Promise<TOrder> => {
  const { db } = deps;
  const row = await orderRowFor(db, p, id);
  const [item] = await db
    .select()
    .from(oi)
    .where(and(eq(oi.id, itemId), eq(oi.orderId, row.id)));
  if (!item) throw notFound("That line");
  let attributeIds = item.options.map((x) => x.attributeId);
  let priced: TPricedLine | null = null;
  if (body.attributeIds !== undefined || body.attributeCodes !== undefined) {
    if (item.styleId === null) throw conflict("The style of this line no longer exists, so its options cannot change.");
    const composition = await new Compositions(db, row.clientId).get(item.styleId);
    if (!composition) throw conflict("This style is no longer offered to the client, so its options cannot change.");
    if (body.attributeCodes !== undefined) {
      const ids = attributeIdsFor(composition, body.attributeCodes);
      if (typeof ids === "string") throw badRequest(ids, { attributeCodes: ids });
      attributeIds = ids;
    } else attributeIds = body.attributeIds ?? attributeIds;
    try {
      priced = priceLine(composition, attributeIds, body.quantity ?? item.quantity, 1, null, 0);
    } catch (error) {
      if (error instanceof HttpError) throw badRequest(error.message, { attributeIds: error.message });
      throw error;
    }
  }
  const quantity = body.quantity ?? item.quantity;
  const upchargeCents = priced ? priced.upchargeCents : item.upchargeCents;
  const lineTotalCents = (item.unitPriceCents + upchargeCents) * quantity;
  if (lineTotalCents > MAX_ORDER_CENTS) throw badRequest("This line is too large.", { quantity: "Too large" });
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, row.id);
    const [current] = await tx.select().from(oi).where(eq(oi.id, item.id)).for("update");
    if (!current) throw notFound("That line");
    // A released line (its units made) may still change while every unit is queued.
    const released = order.releasedAt !== null && (await lineHasUnits(tx, current.id));
    if (released) await assertLineEditable(tx, current);
    if (order.status !== "placed" && !(released && order.status === "in_production"))
      throw conflict(
        `Order ${order.orderNumber} is ${order.status.replaceAll("_", " ")}, so its lines cannot change.`,
        {
          status: order.status,
        },
      );
    if (current.status !== "open" && !(released && current.status === "in_production"))
      throw conflict(`Line ${current.lineNumber} is ${current.status.replaceAll("_", " ")}, so it cannot change.`, {
        status: current.status,
      });
    const changes: string[] = [];
    if (quantity !== current.quantity) changes.push(`quantity ${current.quantity} → ${quantity}`);
    if (priced) {
      const was = current.options.map((x) => x.attributeCode).join("/");
      const now = priced.options.map((x) => x.attributeCode).join("/");
      if (was !== now) changes.push(`options ${was} → ${now}`);
    }
    await tx
      .update(oi)
      .set({
        quantity,
        upchargeCents,
        lineTotalCents,
        ...(priced ? { options: priced.options, sku: priced.sku } : {}),
        updatedAt: new Date(),
      })
      .where(eq(oi.id, current.id));
    if (released) await syncLineUnits(tx, order.id, { id: current.id, quantity }, p.userName);
    const lines = await tx.select().from(oi).where(eq(oi.orderId, order.id));
    const subtotalCents = lines.reduce((s, l) => s + (l.status === "cancelled" ? 0 : l.lineTotalCents), 0);
    let discountCents = order.discountCents;
    if (order.couponId !== null) {
      const [coupon] = await tx.select().from(schema.coupons).where(eq(schema.coupons.id, order.couponId));
      if (coupon) discountCents = discountOf(coupon, subtotalCents);
    }
    discountCents = Math.min(discountCents, subtotalCents);
    const [client] = await tx
      .select({ code: schema.clients.siteName })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, order.clientId));
    const searchTokens = schema.orderSearchTokens({ ...order, clientCode: client?.code, lines });
    await tx
      .update(o)
      .set({
        subtotalCents,
        discountCents,
        totalCents: subtotalCents - discountCents,
        searchTokens,
        updatedAt: new Date(),
      })
      .where(eq(o.id, order.id));
    await tx.insert(h).values({
      orderId: order.id,
      itemId: current.id,
      fromStatus: current.status,
      toStatus: current.status,
      reason: `Line ${current.lineNumber} edited: ${changes.join(", ") || "no change"}`,
      actor: p.userName,
    });
  });
  return getOrder(deps, p, id);
};

/* ---------- comments, issues, history ---------- */

export const listComments = async (db: HubDb, p: Principal, id: number) => {
  const row = await orderRowFor(db, p, id);
  const c = schema.orderComments;
  const rows = await db.select().from(c).where(eq(c.orderId, row.id)).orderBy(asc(c.id));
  return { items: rows.map((r) => ({ id: r.id, author: r.author, body: r.body, at: iso(r.at) })) };
};

export const addComment = async (db: HubDb, p: Principal, id: number, body: string) => {
  const row = await orderRowFor(db, p, id);
  const c = schema.orderComments;
  const [r] = await db
    .insert(c)
    .values({ orderId: row.id, author: p.userName, authorUserId: p.userId || null, body })
    .returning();
  if (!r) throw new Error("comment insert failed");
  return { id: r.id, author: r.author, body: r.body, at: iso(r.at) };
};

type IssueRow = typeof schema.orderIssues.$inferSelect;
const toIssue = (r: IssueRow) => ({
  id: r.id,
  itemId: r.itemId,
  raisedBy: r.raisedBy,
  body: r.body,
  response: r.response,
  respondedBy: r.respondedBy,
  respondedAt: r.respondedAt ? iso(r.respondedAt) : null,
  resolved: r.resolved,
  at: iso(r.at),
});

export const listIssues = async (db: HubDb, p: Principal, id: number) => {
  const row = await orderRowFor(db, p, id);
  const i = schema.orderIssues;
  return { items: (await db.select().from(i).where(eq(i.orderId, row.id)).orderBy(asc(i.id))).map(toIssue) };
};

export const raiseIssue = async (db: HubDb, p: Principal, id: number, body: string, itemId: number | undefined) => {
  const row = await orderRowFor(db, p, id);
  if (itemId !== undefined) {
    const [item] = await db
      .select({ id: oi.id })
      .from(oi)
      .where(and(eq(oi.id, itemId), eq(oi.orderId, row.id)));
    if (!item) throw badRequest("That line is not on this order.", { itemId: "Not a line of this order" });
  }
  const [r] = await db
    .insert(schema.orderIssues)
    .values({ orderId: row.id, itemId: itemId ?? null, raisedBy: p.userName, body })
    .returning();
  if (!r) throw new Error("issue insert failed");
  return toIssue(r);
};

export const updateIssue = async (
  db: HubDb,
  p: Principal,
  id: number,
  issueId: number,
  change: { response: string } | { resolved: true },
) => {
  const row = await orderRowFor(db, p, id);
  const i = schema.orderIssues;
  const [r] = await db
    .update(i)
    .set(
      "response" in change
        ? { response: change.response, respondedBy: p.userName, respondedAt: new Date() }
        : { resolved: true },
    )
    .where(and(eq(i.id, issueId), eq(i.orderId, row.id)))
    .returning();
  if (!r) throw notFound("That issue");
  return toIssue(r);
};

export const listHistory = async (db: HubDb, p: Principal, id: number) => {
  const row = await orderRowFor(db, p, id);
  const rows = await db
    .select({
      id: h.id,
      itemId: h.itemId,
      lineNumber: oi.lineNumber,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      reason: h.reason,
      actor: h.actor,
      at: h.at,
    })
    .from(h)
    .leftJoin(oi, eq(oi.id, h.itemId))
    .where(eq(h.orderId, row.id))
    .orderBy(asc(h.id));
  return { items: rows.map((r) => ({ ...r, at: iso(r.at) })) };
};
