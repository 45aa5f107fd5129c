import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { HubDb, HubTx } from "../client";
import {
  averageCostHistory,
  fabrics,
  factories,
  orders,
  parts,
  poReceipts,
  poStatusHistory,
  purchaseOrderLines,
  purchaseOrders,
  stockLedger,
  stockSettings,
  supplierMaterials,
  suppliers,
  users,
} from "../schema/index";
import { chunks, DAY, demoAnchor, MINUTE, rng } from "./random";

/*
 * The demo factory's stock (issue 10, docs/adr/0004-inventory.md): an opening receipt for every
 * library fabric and part 80 days ago, the cutting room's consumption over the last 30 days (so
 * "usage" shows; the library's out-of-stock materials and a zip are below their threshold), two
 * suppliers with contacts and prices, and three purchase orders: one received, one partially
 * received, one open. Ledger rows, receipts, average-cost history and settings are worked out the
 * way the receiving service does (weighted moving average, rounded half away from zero).
 */

/** Quantities in ten-thousandths (numeric(14,4)), so sums stay exact. */
const Q = 10_000;
const qty = (q4: number) => {
  const sign = q4 < 0 ? "-" : "";
  const a = Math.abs(q4);
  return `${sign}${Math.floor(a / Q)}.${String(a % Q).padStart(4, "0")}`;
};
/** round((qB × cB + r × u) / (qB + r)), half away from zero (positive amounts here). */
const weighted = (qB4: number, cB: number, r4: number, u: number) => {
  if (qB4 <= 0) return u;
  const num = qB4 * cB + r4 * u;
  const den = qB4 + r4;
  return Math.floor((2 * num + den) / (2 * den));
};

/** Materials kept low: the library's out-of-stock fabrics and trims, and the 26" zip. */
const LOW = new Set(["TRI-145", "PRF-200", "ELA-QTR", "ZIP-5C-26"]);

type Material = { kind: "fabric" | "part"; id: number; code: string; unit: string; costCents: number };
type Event = {
  m: Material;
  at: number;
  kind: "receipt" | "consumption";
  q4: number;
  unitCostCents: number | null;
  reason: string | null;
  reference: string | null;
  poLineId: number | null;
  receiptId: number | null;
};

export const seedDemoInventory = async (db: HubDb): Promise<void> => {
  const [factory] = await db
    .select({ id: factories.factoryId })
    .from(factories)
    .where(eq(factories.name, "Hub Demo Factory"));
  if (!factory) return;
  const [has] = await db
    .select({
      n: sql<number>`(select count(*) from inv_stock_ledger where factory_id = ${factory.id}) + (select count(*) from inv_suppliers where factory_id = ${factory.id})`,
    })
    .from(sql`(select 1) as one`);
  if (Number(has?.n ?? 0) > 0) return;
  const fab = await db
    .select({ id: fabrics.id, code: fabrics.fabricCode, unit: fabrics.unit, costCents: fabrics.costCents })
    .from(fabrics)
    .where(eq(fabrics.factoryId, factory.id))
    .orderBy(asc(fabrics.id));
  const prt = await db
    .select({ id: parts.id, code: parts.partCode, unit: parts.unit, costCents: parts.costCents })
    .from(parts)
    .where(eq(parts.factoryId, factory.id))
    .orderBy(asc(parts.id));
  if (fab.length === 0 && prt.length === 0) return;
  const [actor] = await db
    .select({ id: users.userId, name: users.userName })
    .from(users)
    .where(sql`lower(${users.userName}) = 'factory'`);
  // Consumption names the orders it was cut for: the demo orders in production or done lately.
  const cutFor = await db
    .select({ n: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.factoryId, factory.id), inArray(orders.status, ["in_production", "completed"])))
    .orderBy(asc(orders.id));
  const materials: Material[] = [
    ...fab.map((f) => ({
      kind: "fabric" as const,
      id: f.id,
      code: f.code,
      unit: f.unit ?? "yd",
      costCents: f.costCents ?? 0,
    })),
    ...prt.map((p) => ({
      kind: "part" as const,
      id: p.id,
      code: p.code,
      unit: p.unit ?? "each",
      costCents: p.costCents ?? 0,
    })),
  ];
  await db.transaction(async (tx) =>
    writeInventory(
      tx,
      factory.id,
      materials,
      { id: actor?.id ?? null, name: actor?.name ?? "factory" },
      cutFor.map((c) => c.n),
    ),
  );
};

const writeInventory = async (
  tx: HubTx,
  factoryId: number,
  materials: Material[],
  actor: { id: number | null; name: string },
  cutFor: string[],
): Promise<void> => {
  const r = rng(20261111);
  const now = demoAnchor();
  const byCode = new Map(materials.map((m) => [m.code, m]));
  const mat = (code: string) => {
    const m = byCode.get(code);
    if (!m) throw new Error(`demo inventory: unknown material ${code}`);
    return m;
  };
  const ref = (m: Material) =>
    m.kind === "fabric" ? { fabricId: m.id, partId: null } : { fabricId: null, partId: m.id };
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  // Suppliers, with the materials they sell (only those the library has).
  const [carolina, avery] = await tx
    .insert(suppliers)
    .values([
      {
        factoryId,
        code: "CAROLINA",
        name: "Carolina Knits",
        contactName: "Dana Whitfield",
        email: "orders@carolinaknits.example",
        phone: "+1 704 555 0131",
        leadTimeDays: 14,
        currency: "USD",
        notes: "Knit mill in Charlotte, NC. Minimum 100 yd per colour; dye lots noted on the packing list.",
        createdAt: new Date(now - 120 * DAY),
        updatedAt: new Date(now - 120 * DAY),
      },
      {
        factoryId,
        code: "AVERY",
        name: "Avery Dennison Apparel Solutions",
        contactName: "Marco Ruiz",
        email: "trims@avery.example",
        phone: "+1 626 555 0178",
        leadTimeDays: 21,
        currency: "USD",
        notes: "Woven and printed labels, hang tags. Artwork approval needed for new labels.",
        createdAt: new Date(now - 120 * DAY),
        updatedAt: new Date(now - 120 * DAY),
      },
    ])
    .returning({ id: suppliers.id });
  if (!carolina || !avery) throw new Error("demo suppliers insert failed");
  const sells: [number, string, string, number, string][] = [
    [carolina.id, "JER-150", "CK-J150", 410, "100"],
    [carolina.id, "JER-180", "CK-J180", 470, "100"],
    [carolina.id, "FT-280", "CK-FT280", 680, "100"],
    [carolina.id, "RIB-220", "CK-R220", 515, "50"],
    [avery.id, "LBL-MAIN", "AD-WL-001", 9, "1000"],
    [avery.id, "LBL-CARE", "AD-PC-014", 3, "1000"],
    [avery.id, "LBL-SIZE", "AD-ST-002", 2, "1000"],
    [avery.id, "TAG-HANG", "AD-HT-120", 11, "500"],
  ];
  await tx.insert(supplierMaterials).values(
    sells
      .filter(([, code]) => byCode.has(code))
      .map(([supplierId, code, supplierCode, priceCents, minOrderQty]) => ({
        supplierId,
        ...ref(mat(code)),
        supplierCode,
        priceCents,
        unit: mat(code).unit,
        minOrderQty,
      })),
  );

  // Purchase orders: received (one receipt), partially received, open.
  type PoLine = [string, number, number, number]; // code, ordered, unit cost, received
  const poSpecs: {
    supplierId: number;
    status: "received" | "partially_received" | "open";
    created: number;
    received: number | null;
    expected: number;
    notes: string;
    lines: PoLine[];
  }[] = [
    {
      supplierId: carolina.id,
      status: "received",
      created: now - 40 * DAY,
      received: now - 33 * DAY,
      expected: now - 33 * DAY,
      notes: "Autumn jersey restock",
      lines: [
        ["JER-150", 600, 410, 600],
        ["JER-180", 400, 470, 400],
        ["RIB-220", 150, 515, 150],
      ],
    },
    {
      supplierId: avery.id,
      status: "partially_received",
      created: now - 14 * DAY,
      received: now - 6 * DAY,
      expected: now - 4 * DAY,
      notes: "Labels for the holiday run; care labels on back order",
      lines: [
        ["LBL-MAIN", 5000, 9, 3000],
        ["TAG-HANG", 3000, 11, 3000],
        ["LBL-CARE", 5000, 3, 0],
      ],
    },
    {
      supplierId: carolina.id,
      status: "open",
      created: now - 2 * DAY,
      received: null,
      expected: now + 12 * DAY,
      notes: "French terry for the hoodie programme",
      lines: [
        ["FT-280", 500, 680, 0],
        ["JER-180", 300, 475, 0],
      ],
    },
  ];
  const events: Event[] = [];
  for (const spec of poSpecs) {
    const lines = spec.lines.filter(([code]) => byCode.has(code));
    if (lines.length === 0) continue;
    const [po] = await tx
      .insert(purchaseOrders)
      .values({
        factoryId,
        supplierId: spec.supplierId,
        number: sql`'PO-' || lpad(currval(pg_get_serial_sequence('inv_purchase_orders', 'id'))::text, 6, '0')`,
        status: spec.status,
        expectedDate: date(spec.expected),
        notes: spec.notes,
        createdBy: actor.id,
        createdByName: actor.name,
        createdAt: new Date(spec.created),
        updatedAt: new Date(spec.received ?? spec.created),
      })
      .returning({ id: purchaseOrders.id });
    if (!po) throw new Error("demo purchase order insert failed");
    const lineRows = await tx
      .insert(purchaseOrderLines)
      .values(
        lines.map(([code, ordered, unitCostCents, received], n) => ({
          poId: po.id,
          lineNo: n + 1,
          ...ref(mat(code)),
          quantity: qty(ordered * Q),
          unitCostCents,
          expectedDate: date(spec.expected),
          receivedAmt: qty(received * Q),
        })),
      )
      .returning({ id: purchaseOrderLines.id });
    const history: (typeof poStatusHistory.$inferInsert)[] = [
      {
        poId: po.id,
        fromStatus: null,
        toStatus: "open",
        actorId: actor.id,
        actorName: actor.name,
        at: new Date(spec.created),
      },
    ];
    if (spec.received !== null) {
      history.push({
        poId: po.id,
        fromStatus: "open",
        toStatus: spec.status,
        actorId: actor.id,
        actorName: actor.name,
        at: new Date(spec.received),
      });
      const [receipt] = await tx
        .insert(poReceipts)
        .values({ poId: po.id, actorId: actor.id, actorName: actor.name, at: new Date(spec.received) })
        .returning({ id: poReceipts.id });
      lines.forEach(([code, , unitCostCents, received], n) => {
        if (received > 0)
          events.push({
            m: mat(code),
            at: spec.received ?? now,
            kind: "receipt",
            q4: received * Q,
            unitCostCents,
            reason: null,
            reference: null,
            poLineId: lineRows[n]?.id ?? null,
            receiptId: receipt?.id ?? null,
          });
      });
    }
    await tx.insert(poStatusHistory).values(history);
  }

  // Opening stock 80 days ago, then the cutting room's use over the last 30 days.
  const settings: (typeof stockSettings.$inferInsert)[] = [];
  for (const m of materials) {
    const fabric = m.kind === "fabric";
    const each = m.unit === "each";
    const low = LOW.has(m.code);
    const opening = fabric
      ? low
        ? r.int(60, 90)
        : r.int(30, 90) * 10
      : each
        ? low
          ? r.int(80, 120)
          : r.int(20, 80) * 100
        : low
          ? r.int(4, 6) * 10
          : r.int(15, 40) * 10;
    events.push({
      m,
      at: now - 80 * DAY + r.int(0, 8 * 60) * MINUTE,
      kind: "receipt",
      q4: opening * Q,
      unitCostCents: m.costCents,
      reason: null,
      reference: "Opening stock",
      poLineId: null,
      receiptId: null,
    });
    const threshold = fabric ? 100 : each ? (low ? 150 : 300) : 50;
    // Use about a third (a low one: most) of the opening stock, in cuts every few days.
    let left4 = Math.floor((opening * Q * (low ? 85 : r.int(20, 40))) / 100);
    for (let day = 29; day >= 0 && left4 > 0; day -= r.int(2, 5)) {
      const cut4 = Math.min(left4, fabric ? r.int(80, 600) * 1000 : each ? r.int(20, 300) * Q : r.int(30, 200) * 1000);
      left4 -= cut4;
      events.push({
        m,
        at: now - day * DAY - r.int(60, 10 * 60) * MINUTE,
        kind: "consumption",
        q4: -cut4,
        unitCostCents: null,
        reason: null,
        reference: cutFor.length > 0 ? r.pick(cutFor.slice(-120)) : "Cutting room",
        poLineId: null,
        receiptId: null,
      });
    }
    settings.push({
      factoryId,
      ...ref(m),
      threshold: qty(threshold * Q),
      thresholdByCnt: each,
      avgCostCents: 0,
      updatedAt: new Date(now),
    });
  }
  events.sort((a, b) => a.at - b.at);
  const ledgerIds: number[] = [];
  for (const part of chunks(events, 400))
    ledgerIds.push(
      ...(
        await tx
          .insert(stockLedger)
          .values(
            part.map((e) => ({
              factoryId,
              ...ref(e.m),
              kind: e.kind,
              quantity: qty(e.q4),
              unitCostCents: e.unitCostCents,
              reason: e.reason,
              reference: e.reference,
              poLineId: e.poLineId,
              receiptId: e.receiptId,
              actorId: actor.id,
              actorName: actor.name,
              at: new Date(e.at),
            })),
          )
          .returning({ id: stockLedger.id })
      ).map((x) => x.id),
    );

  // The weighted average, receipt by receipt, as receiving computes it.
  const state = new Map<string, { q4: number; cost: number }>();
  const costHistory: (typeof averageCostHistory.$inferInsert)[] = [];
  events.forEach((e, n) => {
    const key = `${e.m.kind}:${e.m.id}`;
    const s = state.get(key) ?? { q4: 0, cost: 0 };
    if (e.kind === "receipt") {
      const after = weighted(s.q4, s.cost, e.q4, e.unitCostCents ?? 0);
      costHistory.push({
        factoryId,
        ...ref(e.m),
        at: new Date(e.at),
        quantityBefore: qty(s.q4),
        quantityAfter: qty(s.q4 + e.q4),
        costBeforeCents: s.cost,
        costAfterCents: after,
        ledgerId: ledgerIds[n] ?? null,
        poLineId: e.poLineId,
      });
      s.cost = after;
    }
    s.q4 += e.q4;
    state.set(key, s);
  });
  for (const part of chunks(costHistory, 400)) await tx.insert(averageCostHistory).values(part);
  await tx.insert(stockSettings).values(
    settings.map((x) => ({
      ...x,
      avgCostCents: state.get(x.fabricId ? `fabric:${x.fabricId}` : `part:${x.partId}`)?.cost ?? 0,
    })),
  );
};
