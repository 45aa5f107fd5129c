import type {
  TAdjustmentRequest,
  TMaterialKind,
  TPage,
  TReturnRequest,
  TStockItem,
  TStockItemDetail,
  TStockLedgerEntry,
  TStockListQuery,
  TStockSettingsRequest,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { rowsOf } from "../../platform/database";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope as factoryScope } from "../../platform/resource/owners";
import { getMaterial, getMaterials, isMaterial, type Material, materialValues, quantityOf } from "./materials";

/**
 * Stock (docs/adr/0004-inventory.md): one item per library fabric and part, its quantity the sum of
 * the append-only ledger, its average cost moved only by receipts. All decimal arithmetic is SQL
 * `numeric`; quantities travel as text. A fabric's reserved quantity is its live reservations
 * (inventory/reservations.ts); available = quantity − reserved, and low stock is available < threshold.
 */

const l = schema.stockLedger;
const s = schema.stockSettings;
const f = schema.fabrics;
const pt = schema.parts;
const r = schema.fabricReservations;

type ItemFilter = { kind?: TMaterialKind; id?: number; search?: string; below?: boolean };

/** One branch of the items union: a library table's rows with their settings and ledger sums. */
const branch = (p: Principal, kind: TMaterialKind, filter: ItemFilter): SQL => {
  const t = kind === "fabric" ? f : pt;
  const code = kind === "fabric" ? f.fabricCode : pt.partCode;
  const name = kind === "fabric" ? f.fabricName : pt.name;
  const lCol = kind === "fabric" ? l.fabricId : l.partId;
  const sCol = kind === "fabric" ? s.fabricId : s.partId;
  const where = and(
    factoryScope(p, t.factoryId),
    filter.id === undefined ? undefined : eq(t.id, filter.id),
    filter.id === undefined ? eq(t.archived, false) : undefined,
    searchAny(filter.search, [code, name]),
  );
  return sql`
    select ${kind}::text as material_kind, ${t.id} as material_id, ${t.factoryId} as factory_id,
      ${code} as code, ${name} as name, ${t.unit} as unit, ${t.archived} as archived,
      coalesce((select ${s.threshold} from ${s} where ${sCol} = ${t.id}), 0) as threshold,
      coalesce((select ${s.thresholdByCnt} from ${s} where ${sCol} = ${t.id}), false) as threshold_by_cnt,
      coalesce((select ${s.avgCostCents} from ${s} where ${sCol} = ${t.id}), 0) as avg_cost_cents,
      coalesce((select sum(${l.quantity}) from ${l} where ${lCol} = ${t.id}), 0) as quantity,
      ${
        kind === "fabric"
          ? sql`coalesce((select sum(${r.quantity}) from ${r} where ${r.fabricId} = ${t.id} and ${r.state} = 'reserved'), 0)`
          : sql`0`
      } as reserved,
      coalesce((select -sum(${l.quantity}) from ${l} where ${lCol} = ${t.id} and ${l.kind} = 'consumption'
        and ${l.at} >= now() - interval '30 days'), 0) as usage30d
    from ${t} where ${where ?? sql`true`}`;
};

const itemsFrom = (p: Principal, filter: ItemFilter): SQL => {
  const kinds = filter.kind ? [filter.kind] : (["fabric", "part"] as const);
  const union = sql.join(
    kinds.map((k) => branch(p, k, filter)),
    sql` union all `,
  );
  return sql`(select u.*, u.quantity - u.reserved as available, u.quantity - u.reserved < u.threshold as low_stock,
    round(u.quantity * u.avg_cost_cents) as value_cents
    from (${union}) u) items where ${filter.below ? sql`items.low_stock` : sql`true`}`;
};

const SORTABLE: Record<string, SQL> = {
  code: sql`items.code`,
  name: sql`items.name`,
  materialKind: sql`items.material_kind`,
  quantity: sql`items.quantity`,
  reserved: sql`items.reserved`,
  available: sql`items.available`,
  threshold: sql`items.threshold`,
  avgCostCents: sql`items.avg_cost_cents`,
  usage30d: sql`items.usage30d`,
  valueCents: sql`items.value_cents`,
};

type RawItem = Record<string, unknown>;

const toItem = (r: RawItem): TStockItem => ({
  materialKind: r.material_kind as TMaterialKind,
  materialId: Number(r.material_id),
  factoryId: Number(r.factory_id),
  code: String(r.code),
  name: String(r.name),
  unit: String(r.unit),
  quantity: String(r.quantity),
  reserved: String(r.reserved),
  available: String(r.available),
  threshold: String(r.threshold),
  thresholdByCnt: r.threshold_by_cnt === true || r.threshold_by_cnt === "t",
  avgCostCents: Number(r.avg_cost_cents),
  usage30d: String(r.usage30d),
  valueCents: Number(r.value_cents),
  lowStock: r.low_stock === true || r.low_stock === "t",
  archived: r.archived === true || r.archived === "t",
});

const ITEM_COLUMNS = sql`items.material_kind, items.material_id, items.factory_id, items.code, items.name, items.unit,
  items.archived, items.threshold::numeric(20,4)::text as threshold, items.threshold_by_cnt,
  items.avg_cost_cents::int as avg_cost_cents, items.quantity::numeric(20,4)::text as quantity,
  items.reserved::numeric(20,4)::text as reserved, items.available::numeric(20,4)::text as available,
  items.usage30d::numeric(20,4)::text as usage30d, items.value_cents::text as value_cents, items.low_stock`;

/** GET /api/inventory: one row per fabric and part of the caller's facilities. */
export const listStock = async (db: HubDb, p: Principal, q: TStockListQuery): Promise<TPage<TStockItem>> => {
  const filter: ItemFilter = { kind: q.materialKind, search: q.searchString, below: q.belowThreshold };
  const order = orderByFor(q.sort, SORTABLE, ["code", "asc"]);
  const from = itemsFrom(p, filter);
  const rows = rowsOf<RawItem>(
    await db.execute(
      sql`select ${ITEM_COLUMNS} from ${from} order by ${sql.join(order, sql`, `)}, items.material_kind, items.material_id
        limit ${q.size} offset ${q.page * q.size}`,
    ),
  );
  const [total] = rowsOf<RawItem>(await db.execute(sql`select count(*)::int as n from ${from}`));
  return toPage(rows.map(toItem), Number(total?.n ?? 0), q);
};

export const stockItem = async (db: HubDb | HubTx, p: Principal, m: { kind: TMaterialKind; id: number }) => {
  const [row] = rowsOf<RawItem>(
    await db.execute(sql`select ${ITEM_COLUMNS} from ${itemsFrom(p, { kind: m.kind, id: m.id })}`),
  );
  if (!row) throw notFound(m.kind === "fabric" ? "That fabric" : "That part");
  return toItem(row);
};

const ledgerColumns = {
  id: l.id,
  kind: l.kind,
  quantity: sql<string>`${l.quantity}::text`,
  unitCostCents: l.unitCostCents,
  reason: l.reason,
  reference: l.reference,
  poLineId: l.poLineId,
  poId: schema.purchaseOrders.id,
  poNumber: schema.purchaseOrders.number,
  actorName: l.actorName,
  at: l.at,
};

const toEntry = (r: {
  id: number;
  kind: TStockLedgerEntry["kind"];
  quantity: string;
  unitCostCents: number | null;
  reason: string | null;
  reference: string | null;
  poLineId: number | null;
  poId: number | null;
  poNumber: string | null;
  actorName: string;
  at: Date;
}): TStockLedgerEntry => ({ ...r, at: r.at.toISOString() });

const ledgerQuery = (db: HubDb | HubTx) =>
  db
    .select(ledgerColumns)
    .from(l)
    .leftJoin(schema.purchaseOrderLines, eq(schema.purchaseOrderLines.id, l.poLineId))
    .leftJoin(schema.purchaseOrders, eq(schema.purchaseOrders.id, schema.purchaseOrderLines.poId));

/** GET /api/inventory/:kind/:id: the item, a page of its ledger (newest first) and its average-cost history. */
export const getStockItem = async (
  db: HubDb,
  p: Principal,
  m: { kind: TMaterialKind; id: number },
  q: { page: number; size: number },
): Promise<TStockItemDetail> => {
  const material = await getMaterial(db, p, m.kind, m.id);
  const item = await stockItem(db, p, m);
  const rows = await ledgerQuery(db)
    .where(isMaterial(l, material))
    .orderBy(desc(l.at), desc(l.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(l).where(isMaterial(l, material));
  const h = schema.averageCostHistory;
  const history = await db
    .select({
      id: h.id,
      at: h.at,
      quantityBefore: sql<string>`${h.quantityBefore}::text`,
      quantityAfter: sql<string>`${h.quantityAfter}::text`,
      costBeforeCents: h.costBeforeCents,
      costAfterCents: h.costAfterCents,
      ledgerId: h.ledgerId,
      poLineId: h.poLineId,
    })
    .from(h)
    .where(isMaterial(h, material))
    .orderBy(desc(h.at), desc(h.id))
    .limit(500);
  return {
    item,
    ledger: { items: rows.map(toEntry), total: Number(total?.n ?? 0), page: q.page, size: q.size },
    costHistory: history.map((r) => ({ ...r, at: r.at.toISOString() })),
  };
};

/**
 * The material's settings row, made when missing and locked for the rest of the transaction, so
 * receipts and counts of one material queue up instead of reading a sum another is changing.
 */
export const lockSettings = async (tx: HubTx, m: Material) => {
  await tx
    .insert(s)
    .values({ factoryId: m.factoryId, ...materialValues(m) })
    .onConflictDoNothing();
  const [row] = await tx.select().from(s).where(isMaterial(s, m)).for("update");
  if (!row) throw new Error("stock settings row missing");
  return row;
};

/** PUT /api/inventory/:kind/:id/settings */
export const putStockSettings = async (
  db: HubDb,
  p: Principal,
  m: { kind: TMaterialKind; id: number },
  body: TStockSettingsRequest,
): Promise<TStockItem> => {
  return db.transaction(async (tx) => {
    const material = await getMaterial(tx, p, m.kind, m.id);
    await lockSettings(tx, material);
    await tx
      .update(s)
      .set({ threshold: body.threshold, thresholdByCnt: body.thresholdByCnt, updatedAt: new Date() })
      .where(isMaterial(s, material));
    await recordAudit(tx, {
      actor: p.userName,
      action: "inventory.settings",
      subject: `${m.kind}:${m.id}`,
      detail: { ...body },
    });
    return await stockItem(tx, p, m);
  });
};

type LedgerWrite = {
  kind: TStockLedgerEntry["kind"];
  quantity: string;
  unitCostCents?: number | null;
  reason?: string | null;
  reference?: string | null;
  poLineId?: number | null;
  receiptId?: number | null;
  /** Consumption at cut: the order line whose units used it. */
  orderItemId?: number | null;
};

/** Appends one ledger row. The only way stock changes: nothing updates or deletes one. */
export const appendLedger = async (tx: HubTx, p: Principal, m: Material, w: LedgerWrite) => {
  const [row] = await tx
    .insert(l)
    .values({
      factoryId: m.factoryId,
      ...materialValues(m),
      kind: w.kind,
      quantity: w.quantity,
      unitCostCents: w.unitCostCents ?? null,
      reason: w.reason ?? null,
      reference: w.reference ?? null,
      poLineId: w.poLineId ?? null,
      receiptId: w.receiptId ?? null,
      orderItemId: w.orderItemId ?? null,
      actorId: p.userId || null,
      actorName: p.userName,
    })
    .returning({ id: l.id });
  if (!row) throw new Error("ledger insert returned nothing");
  return row.id;
};

const LEDGER_MAX = "9999999999.9999";

/**
 * A receipt of `quantity` at `unitCostCents`: a ledger row, then the weighted moving average
 *   new = round((qtyBefore × costBefore + quantity × unitCost) / (qtyBefore + quantity))
 * (the receipt's cost when the quantity before is zero or less), and a row of its history.
 * Runs inside the caller's transaction.
 */
export const receiveIntoStock = async (
  tx: HubTx,
  p: Principal,
  m: Material,
  r: { quantity: string; unitCostCents: number; poLineId: number; receiptId: number },
) => {
  const settings = await lockSettings(tx, m);
  const before = await quantityOf(tx, m);
  const ledgerId = await appendLedger(tx, p, m, {
    kind: "receipt",
    quantity: r.quantity,
    unitCostCents: r.unitCostCents,
    poLineId: r.poLineId,
    receiptId: r.receiptId,
  });
  const [calc] = rowsOf<RawItem>(
    await tx.execute(sql`select
      (${before}::numeric + ${r.quantity}::numeric)::numeric(20,4)::text as after,
      (case when ${before}::numeric <= 0 then ${r.unitCostCents}::numeric
        else round((${before}::numeric * ${settings.avgCostCents}::numeric + ${r.quantity}::numeric * ${r.unitCostCents}::numeric)
          / (${before}::numeric + ${r.quantity}::numeric)) end)::int as cost`),
  );
  const costAfter = Number(calc?.cost);
  await tx.update(s).set({ avgCostCents: costAfter, updatedAt: new Date() }).where(isMaterial(s, m));
  await tx.insert(schema.averageCostHistory).values({
    factoryId: m.factoryId,
    ...materialValues(m),
    quantityBefore: before,
    quantityAfter: String(calc?.after),
    costBeforeCents: settings.avgCostCents,
    costAfterCents: costAfter,
    ledgerId,
    poLineId: r.poLineId,
  });
  return ledgerId;
};

/** The change a count means: counted − the ledger's sum, exact ("-0.5000"); null when they match. */
const countDifference = async (tx: HubTx, m: Material, counted: string): Promise<string | null> => {
  const before = await quantityOf(tx, m);
  const [d] = rowsOf<RawItem>(await tx.execute(sql`select (${counted}::numeric - ${before}::numeric)::text as d`));
  const change = String(d?.d);
  return /^-?0(\.0*)?$/.test(change) ? null : change;
};

/** Numeric(14,4) holds at most 10 integer digits: a larger change is refused, not a 500. */
const assertFits = async (tx: HubTx, change: string, field: string) => {
  const [fits] = rowsOf<RawItem>(await tx.execute(sql`select abs(${change}::numeric) <= ${LEDGER_MAX}::numeric as ok`));
  if (!(fits?.ok === true || fits?.ok === "t"))
    throw badRequest("That change is too large for one ledger row.", { [field]: "Too large" });
};

/**
 * POST /api/inventory/adjustments: one ledger row with its reason. A count writes the difference
 * between the counted quantity and the ledger's sum; a count that matches writes nothing (409).
 */
export const adjustStock = async (db: HubDb, p: Principal, body: TAdjustmentRequest) =>
  db.transaction(async (tx) => {
    const m = await getMaterial(tx, p, body.materialKind, body.materialId, { field: "materialId" });
    await lockSettings(tx, m);
    let change = body.change;
    if (change === undefined) {
      change = (await countDifference(tx, m, body.countedQuantity ?? "0")) ?? undefined;
      if (change === undefined) {
        throw conflict(
          `The count matches the stock (${await quantityOf(tx, m)} ${m.unit}): there is nothing to adjust.`,
          {
            countedQuantity: "Same as the stock",
          },
        );
      }
    }
    await assertFits(tx, change, body.countedQuantity === undefined ? "change" : "countedQuantity");
    const id = await appendLedger(tx, p, m, {
      kind: "adjustment",
      quantity: change,
      reason: body.reason,
      reference: body.reference,
    });
    await recordAudit(tx, {
      actor: p.userName,
      action: "inventory.adjustment",
      subject: `${m.kind}:${m.id}`,
      detail: { change, reason: body.reason, ledgerId: id },
    });
    const [entry] = await ledgerQuery(tx).where(eq(l.id, id));
    if (!entry) throw new Error("ledger row vanished");
    return { entry: toEntry(entry), item: await stockItem(tx, p, m) };
  });

/**
 * POST /api/inventory/returns: goods sent back to the supplier, a negative `return` row. The
 * average cost stays; more than is on hand, or a PO line of another material, is a 400.
 */
export const returnStock = async (db: HubDb, p: Principal, body: TReturnRequest) =>
  db.transaction(async (tx) => {
    const m = await getMaterial(tx, p, body.materialKind, body.materialId, { field: "materialId" });
    await lockSettings(tx, m);
    if (body.poLineId) {
      const ln = schema.purchaseOrderLines;
      const [line] = await tx
        .select({ id: ln.id })
        .from(ln)
        .innerJoin(schema.purchaseOrders, eq(schema.purchaseOrders.id, ln.poId))
        .where(and(eq(ln.id, body.poLineId), isMaterial(ln, m), eq(schema.purchaseOrders.factoryId, m.factoryId)));
      if (!line)
        throw badRequest("That purchase order line is not one of this material's.", { poLineId: "Unknown line" });
    }
    const onHand = await quantityOf(tx, m);
    const [fits] = rowsOf<RawItem>(await tx.execute(sql`select ${body.quantity}::numeric <= ${onHand}::numeric as ok`));
    if (!(fits?.ok === true || fits?.ok === "t"))
      throw badRequest(`Only ${onHand} ${m.unit} is on hand.`, { quantity: `At most ${onHand}` });
    const id = await appendLedger(tx, p, m, {
      kind: "return",
      quantity: `-${body.quantity}`,
      reason: body.reason,
      poLineId: body.poLineId ?? null,
    });
    await recordAudit(tx, {
      actor: p.userName,
      action: "inventory.return",
      subject: `${m.kind}:${m.id}`,
      detail: { quantity: body.quantity, reason: body.reason, ledgerId: id },
    });
    const [entry] = await ledgerQuery(tx).where(eq(l.id, id));
    if (!entry) throw new Error("ledger row vanished");
    return { entry: toEntry(entry), item: await stockItem(tx, p, m) };
  });

/**
 * Stock counts from a file (the library's Import Csv, resource `stockCounts`), inside its apply
 * transaction: per row the difference from the ledger as an adjustment with the row's reason;
 * counts that match the stock write nothing. Answers how many ledger rows were written.
 */
export const applyStockCounts = async (
  tx: HubTx,
  p: Principal,
  factoryId: number,
  rows: { materialKind: TMaterialKind; materialId: number; countedQuantity: string; reason: string }[],
): Promise<number> => {
  const materials = await getMaterials(
    tx,
    factoryId,
    rows.map((r) => ({ kind: r.materialKind, id: r.materialId, field: "code" })),
  );
  let written = 0;
  for (const r of rows) {
    const m = materials.get(`${r.materialKind}:${r.materialId}`);
    if (!m) continue;
    await lockSettings(tx, m);
    const change = await countDifference(tx, m, r.countedQuantity);
    if (change === null) continue;
    await assertFits(tx, change, "countedQuantity");
    await appendLedger(tx, p, m, { kind: "adjustment", quantity: change, reason: r.reason, reference: "import" });
    written++;
  }
  return written;
};

/** Every row of the filter, for export.csv (at most 50,000). */
export const exportStock = async (db: HubDb, p: Principal, q: TStockListQuery) =>
  (await listStock(db, p, { ...q, page: 0, size: 50_000 })).items;
