import { createHash } from "node:crypto";
import {
  ORDER_MESSAGES,
  type TOrder,
  type TPlaceOrderRequest,
  type TPricedLine,
  type TQuoteRequest,
  type TShipTo,
  type TWebOrderRequest,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, HttpError } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { noteDeliveries } from "../webhooks/request-events";
import { chargeClaimed, claimOnInsert, claimPayment, payOrder } from "./payment.service";
import { CLIENT_READ, ITEM, ORDER, ORDER_INSERT } from "./place-statements";
import {
  Compositions,
  type CouponRow,
  checkCoupon,
  discountOf,
  type LineProblem,
  MAX_ORDER_CENTS,
  priceLines,
  resolveLines,
} from "./pricing";
import { detailOf } from "./read.service";
import { type ItemRow, lineFields, type OrderDeps, type OrderRow, o, refuseLines, todayUtc } from "./rows";
import { checkOrderClient, type OrderClient, orderClientFor, orderClientIdFor } from "./scope";

/** Placing orders (entry, web, portal, CSV import, remakes) and quoting them. The model: docs/adr/0003-orders.md. */

type Priced = {
  client: OrderClient;
  lines: TPricedLine[];
  problems: LineProblem[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  coupon: { row: CouponRow | null; code: string; reason: string | null } | null;
};

export const priceOrder = async (
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

/* ---------- placing ---------- */

/**
 * A store's (web) or a storefront's (portal) order, by API key: its external id is the key; a portal
 * order keeps its customer's email.
 */
type KeyedInput = { source: "web" | "portal"; body: TWebOrderRequest; customerEmail?: string };
type PlaceInput =
  | { source: "entry"; body: TPlaceOrderRequest; idempotencyKey: string | undefined }
  | KeyedInput
  /** A CSV import's order: the key is `import:<PO number>`, so a re-import of the same file answers the first order. */
  | { source: "import"; body: TPlaceOrderRequest; idempotencyKey: string };

const byExternalId = (input: PlaceInput): input is KeyedInput => input.source === "web" || input.source === "portal";

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

/** An earlier order with this key (entry) or external id (web, portal), if any. */
const earlierOrder = async (db: HubDb | HubTx, clientId: number, input: PlaceInput): Promise<OrderRow | undefined> => {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.clientId, clientId), sameRequest(input)));
  return row;
};

/** The order a repeat of this request would find: the same Idempotency-Key (entry, import) or external id (web, portal). */
const sameRequest = (input: PlaceInput) =>
  byExternalId(input)
    ? eq(o.externalOrderId, input.body.externalOrderId)
    : eq(o.idempotencyKey, input.idempotencyKey ?? "");

/**
 * The order's client (checked as `orderClientFor` checks it), the earlier order (as `earlierOrder`)
 * and whether the client has a default payment method, in one statement built once (`CLIENT_READ`).
 * The earlier order is used only once the client has passed its checks.
 */
const clientEarlierOrderAndMethod = async (db: HubDb, p: Principal, input: PlaceInput) => {
  const clientId = orderClientIdFor(p, input.source === "entry" ? input.body.clientId : undefined);
  const result = byExternalId(input)
    ? await CLIENT_READ.byExternalId(db, { clientId, key: input.body.externalOrderId })
    : await CLIENT_READ.byKey(db, { clientId, key: input.idempotencyKey ?? "" });
  const [row] = rowsOf<Record<string, unknown>>(result);
  const client = checkOrderClient(
    p,
    row && row["c.clientId"] !== null
      ? {
          clientId: Number(row["c.clientId"]),
          clientName: String(row["c.clientName"]),
          clientCode: String(row["c.clientCode"]),
          factoryId: row["c.factoryId"] === null ? null : Number(row["c.factoryId"]),
        }
      : undefined,
  );
  return {
    client,
    before: row && row["o.id"] !== null ? ORDER.read(row, "o.") : undefined,
    hasMethod: Boolean(row?.hasMethod),
  };
};

/** An order and its lines in one statement: what placing answers once the charge has settled. */
const orderWithItems = async (db: HubDb, orderId: number) => {
  const result = await db.execute(sql`
    select ${ORDER.columns("orders", "o.")}, ${ITEM.columns("order_items", "i.")}
    from orders join order_items on order_items.order_id = orders.id
    where orders.id = ${orderId} order by order_items.line_number`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const [first] = rows;
  if (!first) throw new Error("order vanished");
  return { row: ORDER.read(first, "o."), items: rows.map((r) => ITEM.read(r, "i.")) };
};

const replayOf = (row: OrderRow, input: PlaceInput, hash: string): OrderRow => {
  if (input.source === "entry" && row.requestHash !== hash) throw conflict(ORDER_MESSAGES.idempotencyKeyReused);
  // Web and portal orders share the client's external ids: a web order's id never answers a portal order, nor back.
  if (byExternalId(input) && row.source !== input.source) {
    const message = ORDER_MESSAGES.referenceOtherSource(row.orderNumber);
    throw conflict(message, { [input.source === "portal" ? "portalOrderRef" : "externalOrderId"]: message });
  }
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
const writeOrder = async (
  tx: HubDb | HubTx,
  p: Principal,
  checked: Checked,
  /** The payment columns when placing claims the charge in the insert (payment.service.ts, claimOnInsert). */
  payment?: { paymentState: string; chargeAttempts: number; paymentMessage: string | null },
): Promise<{ row: OrderRow; items: ItemRow[] }> => {
  const { client, input, hash, priced, shipTo, addressId, poFileId } = checked;
  const body = input.body;
  const searchTokens = schema.orderSearchTokens({
    poNumber: body.poNumber,
    externalOrderId: byExternalId(input) ? input.body.externalOrderId : null,
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
  const orderValues = {
    clientId: client.clientId,
    clientName: client.clientName,
    factoryId: client.factoryId,
    source: input.source,
    externalOrderId: byExternalId(input) ? input.body.externalOrderId : null,
    idempotencyKey: byExternalId(input) ? null : input.idempotencyKey,
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
    customerEmail: byExternalId(input) ? (input.customerEmail ?? null) : null,
    requestedShipDate: body.requestedShipDate ?? null,
    notes: body.notes ?? null,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    placedBy: p.userName,
    searchVector: searchTokens,
    ...payment,
  };
  const lines = priced.lines.map((l, i) => ({
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
  }));
  // The order, its lines and its "placed" history row in one statement (data-modifying CTEs: all or
  // nothing, one round trip instead of five), built once a shape (ADR 0003, issue 21). The client's
  // integrations hear "order.placed" from the same statement (webhooks/events.ts).
  const orderKeys = ORDER.keysOf(orderValues);
  const itemKeys = ITEM.keysOf(lines[0] ?? {});
  const result = await ORDER_INSERT({ orderKeys, itemKeys })(tx, {
    order: ORDER.jsonOf([orderValues], orderKeys),
    items: ITEM.jsonOf(lines, itemKeys),
    actor: p.userName,
  });
  // The order's columns are in the first line's row only (line 1: lines are numbered from 1).
  const rows = rowsOf<Record<string, unknown>>(result);
  const [first] = rows;
  if (!first) throw new Error("order insert failed");
  noteDeliveries(((first.delivery_ids as (number | string)[] | null) ?? []).map(Number));
  return { row: ORDER.read(first, "o."), items: rows.map((r) => ITEM.read(r, "i.")) };
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
  if (!byExternalId(input) && input.body.addressId !== undefined) {
    addressId = input.body.addressId;
    shipTo = await shipToFromAddress(db, client.clientId, addressId, placerId);
  } else {
    shipTo = body.shipTo as TShipTo;
  }
  const poFileId = !byExternalId(input) ? (input.body.poFileId ?? null) : null;
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
 * Entry, web and portal orders all come through here (the CSV import writes through `writeOrder`).
 */
export const placeOrder = async (
  deps: OrderDeps,
  p: Principal,
  input: PlaceInput,
): Promise<{ order: TOrder; created: boolean }> => {
  const { db } = deps;
  if (input.source === "entry" && !input.idempotencyKey)
    throw badRequest(ORDER_MESSAGES.idempotencyKeyRequired, { "Idempotency-Key": "Required" });
  const { client, before, hasMethod } = await clientEarlierOrderAndMethod(db, p, input);
  const hash = hashOf({ ...input.body, clientId: client.clientId });
  if (before) return { order: await replayPlaced(deps, p, before, input, hash), created: false };

  const checked = await checkOrder(db, client, input, hash, p.userId);
  const claim = claimOnInsert(hasMethod, checked.priced.totalCents);
  let written: Awaited<ReturnType<typeof writeOrder>>;
  let attempt: number | null;
  try {
    // The order and its claim for a charge commit together: a crash after the commit leaves it
    // pending, which a retry, "charge again" or the recovery resumes (payment.service.ts).
    // Usually the insert is the claim; an order with nothing to pay is claimed (paid, released) after it.
    const write = async (tx: HubDb | HubTx) => {
      const order = await writeOrder(tx, p, checked, claim ?? undefined);
      if (claim) return [order, claim.paymentState === "pending" ? claim.chargeAttempts : null] as const;
      const known = { clientId: client.clientId, status: "placed", paymentState: "unpaid", totalCents: 0 };
      return [order, await claimPayment(tx, order.row.id, known)] as const;
    };
    // One statement writes the order (writeOrder): a transaction only when a coupon's use or a
    // claim after the insert goes with it.
    [written, attempt] = claim && !checked.priced.coupon?.row ? await write(db) : await db.transaction(write);
  } catch (error) {
    // Two requests with one key (or external id) raced: the loser answers the winner's order.
    if (isUniqueViolation(error)) {
      const winner = await earlierOrder(db, client.clientId, input);
      if (winner) return { order: await replayPlaced(deps, p, winner, input, hash), created: false };
    }
    throw error;
  }
  // An invoice (no card on file): the order is as written, with nothing in the ledger; answer it so.
  if (claim && claim.paymentState === "unpaid")
    return {
      order: await detailOf(deps, written.row, { items: written.items, ledger: [], hasPaymentMethod: false }),
      created: true,
    };
  // Claimed: charge it now, then answer it as the charge and the release left it (read again
  // unless settling answered it: a decline, an unanswered provider, a facility releasing by hand).
  const orderId = written.row.id;
  const charged = attempt !== null ? await chargeClaimed(deps, orderId, p.userId || null, written) : { entry: null };
  const { row, items } = charged.order ?? (await orderWithItems(db, orderId));
  // A new order's ledger is its one charge, when the provider answered it; otherwise it is read.
  const ledger = charged.entry ? [charged.entry] : undefined;
  return { order: await detailOf(deps, row, { items, ledger, hasPaymentMethod: hasMethod }), created: true };
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
        orderId = (await writeOrder(tx, p, checked)).row.id;
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
