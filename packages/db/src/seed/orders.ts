import { tierFor } from "@hub/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { HubDb, HubTx } from "../client";
import { quotedCostColumns } from "../quoted-cost";
import {
  attributes,
  billingCustomers,
  billingLedger,
  clients,
  coupons,
  factories,
  options,
  orderComments,
  orderIssues,
  orderItems,
  orderStatusHistory,
  orders,
  paymentMethods,
  returnLines,
  returnStatusHistory,
  returns,
  styleClients,
  styleOptionAttributes,
  styleOptions,
  stylePriceTiers,
  styles,
  users,
} from "../schema/index";
import { type OptionSnapshot, orderSearchTokens } from "../schema/orders";
import { chunks, DAY, demoAnchor, MINUTE, type Rng, rng } from "./random";

/*
 * The demo factory's order book (issue 10): about 320 orders of Northwind and Bluebird over the last
 * 90 days in every status and payment state, and 240 more over the year before (issue 18: shipped in
 * full, so dashboards compare periods), priced by the rules of the orders service (the tier
 * by the order's quantity of the style, plus the chosen attributes' upcharges: `tierFor` from the
 * contracts; apps/server/test/orders-demo.test.ts reprices every demo line with the service's own
 * `priceLines` and checks they agree), with history rows, comments, issues, coupons and the
 * billing ledger rows of their charges and refunds.
 *
 * The story the payment states tell: Northwind pays by card (charged at placing; a few declines,
 * most charged again later; cancelled orders refunded; a part refund after a quality issue).
 * Bluebird paid by card until it removed the card 30 days ago: its recent orders are invoiced and
 * unpaid. No payment method is seeded (the billing and placing tests start from clients without
 * one), so an order a newcomer places in the demo is invoiced.
 */

export type DemoStyle = {
  id: number;
  code: string;
  name: string;
  basePriceCents: number;
  tiers: { minQuantity: number; unitPriceCents: number }[];
  options: {
    optionId: number;
    code: string;
    name: string;
    attributes: { attributeId: number; code: string; name: string; upchargeCents: number }[];
  }[];
  /** null: every client; else the client ids it is offered to. */
  clientIds: number[] | null;
};

/** The facility's styles as order entry sees them (options in the style's order, attributes too). */
export const readDemoStyles = async (db: HubDb | HubTx, factoryId: number): Promise<DemoStyle[]> => {
  const rows = await db
    .select({
      id: styles.id,
      code: styles.code,
      name: styles.name,
      basePriceCents: styles.basePriceCents,
      offeredToAll: styles.offeredToAll,
    })
    .from(styles)
    .where(and(eq(styles.factoryId, factoryId), sql`not ${styles.archived}`))
    .orderBy(asc(styles.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const tiers = await db
    .select()
    .from(stylePriceTiers)
    .where(inArray(stylePriceTiers.styleId, ids))
    .orderBy(asc(stylePriceTiers.minQuantity));
  const opts = await db
    .select({ styleId: styleOptions.styleId, optionId: styleOptions.optionId, code: options.code, name: options.name })
    .from(styleOptions)
    .innerJoin(options, eq(options.id, styleOptions.optionId))
    .where(inArray(styleOptions.styleId, ids))
    .orderBy(asc(styleOptions.sortOrder), asc(options.id));
  const attrs = await db
    .select({
      styleId: styleOptionAttributes.styleId,
      optionId: styleOptionAttributes.optionId,
      attributeId: styleOptionAttributes.attributeId,
      code: attributes.code,
      name: attributes.name,
      upchargeCents: styleOptionAttributes.upchargeCents,
    })
    .from(styleOptionAttributes)
    .innerJoin(attributes, eq(attributes.id, styleOptionAttributes.attributeId))
    .where(inArray(styleOptionAttributes.styleId, ids))
    .orderBy(asc(styleOptionAttributes.sortOrder), asc(attributes.id));
  const scoped = await db.select().from(styleClients).where(inArray(styleClients.styleId, ids));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    basePriceCents: r.basePriceCents,
    tiers: tiers
      .filter((t) => t.styleId === r.id)
      .map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: t.unitPriceCents })),
    options: opts
      .filter((o) => o.styleId === r.id)
      .map((o) => ({
        optionId: o.optionId,
        code: o.code,
        name: o.name,
        attributes: attrs
          .filter((a) => a.styleId === r.id && a.optionId === o.optionId)
          .map((a) => ({
            attributeId: a.attributeId,
            code: a.code,
            name: a.name,
            upchargeCents: a.upchargeCents ?? 0,
          })),
      })),
    clientIds: r.offeredToAll ? null : scoped.filter((s) => s.styleId === r.id).map((s) => s.clientId),
  }));
};

export type DemoLine = {
  style: DemoStyle;
  options: OptionSnapshot[];
  sku: string;
  quantity: number;
  unitPriceCents: number;
  upchargeCents: number;
  lineTotalCents: number;
};

/**
 * Prices an order's lines as the orders service does (docs/adr/0003-orders.md): the tier of each
 * style by the order's total quantity of that style, the unit price plus the chosen attributes'
 * upcharges, times the quantity; the SKU is the style code and the attribute codes in option order.
 */
export const priceDemoLines = (picks: { style: DemoStyle; attributeIds: number[]; quantity: number }[]): DemoLine[] => {
  const perStyle = new Map<number, number>();
  for (const p of picks) perStyle.set(p.style.id, (perStyle.get(p.style.id) ?? 0) + p.quantity);
  return picks.map((p) => {
    const chosen = p.style.options.map((o) => {
      const a = o.attributes.find((x) => p.attributeIds.includes(x.attributeId));
      if (!a) throw new Error(`demo orders: no ${o.code} chosen for ${p.style.code}`);
      return {
        optionCode: o.code,
        optionName: o.name,
        attributeId: a.attributeId,
        attributeCode: a.code,
        attributeName: a.name,
        upchargeCents: a.upchargeCents,
      };
    });
    const tier = tierFor(p.style.basePriceCents, p.style.tiers, perStyle.get(p.style.id) ?? p.quantity);
    const upchargeCents = chosen.reduce((s, x) => s + x.upchargeCents, 0);
    return {
      style: p.style,
      options: chosen,
      sku: [p.style.code, ...chosen.map((c) => c.attributeCode)].join("-"),
      quantity: p.quantity,
      unitPriceCents: tier.unitPriceCents,
      upchargeCents,
      lineTotalCents: (tier.unitPriceCents + upchargeCents) * p.quantity,
    };
  });
};

/** The discount of a coupon, as the service's `discountOf`. */
const discountOf = (c: { percentOffBp: number | null; amountOffCents: number | null }, subtotal: number) =>
  c.percentOffBp !== null
    ? Math.floor((subtotal * c.percentOffBp) / 10_000)
    : Math.min(c.amountOffCents ?? 0, subtotal);

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type ShipTo = {
  shipName: string;
  shipCompany: string | null;
  shipLine1: string;
  shipLine2: string | null;
  shipCity: string;
  shipRegion: string | null;
  shipPostalCode: string;
  shipCountry: string;
  shipPhone: string | null;
};
const NORTHWIND_SHIP_TO: ShipTo[] = [
  {
    shipName: "Northwind Distribution Center",
    shipCompany: "Northwind Apparel",
    shipLine1: "4100 Harbor Gateway Blvd",
    shipLine2: "Dock 7",
    shipCity: "Long Beach",
    shipRegion: "CA",
    shipPostalCode: "90810",
    shipCountry: "US",
    shipPhone: "+1 562 555 0142",
  },
  {
    shipName: "Northwind Flagship, SoHo",
    shipCompany: "Northwind Apparel",
    shipLine1: "112 Prince St",
    shipLine2: null,
    shipCity: "New York",
    shipRegion: "NY",
    shipPostalCode: "10012",
    shipCountry: "US",
    shipPhone: "+1 212 555 0190",
  },
  {
    shipName: "Northwind Pop-up, Austin",
    shipCompany: "Northwind Apparel",
    shipLine1: "1501 S Congress Ave",
    shipLine2: "Suite 4",
    shipCity: "Austin",
    shipRegion: "TX",
    shipPostalCode: "78704",
    shipCountry: "US",
    shipPhone: null,
  },
];
const BLUEBIRD_SHIP_TO: ShipTo[] = [
  {
    shipName: "Bluebird Basics Warehouse",
    shipCompany: "Bluebird Basics",
    shipLine1: "88 Industrial Pkwy",
    shipLine2: null,
    shipCity: "Columbus",
    shipRegion: "OH",
    shipPostalCode: "43228",
    shipCountry: "US",
    shipPhone: "+1 614 555 0117",
  },
  {
    shipName: "Bluebird Studio",
    shipCompany: "Bluebird Basics",
    shipLine1: "27 Queen St W",
    shipLine2: "Unit 3",
    shipCity: "Toronto",
    shipRegion: "ON",
    shipPostalCode: "M5H 2M5",
    shipCountry: "CA",
    shipPhone: "+1 416 555 0163",
  },
];
/** Retail shoppers for web orders: one garment bundle shipped to a person. */
const SHOPPERS: [string, string, string, string, string][] = [
  ["Maya Patel", "2210 Elm St", "Denver", "CO", "80205"],
  ["Jonas Becker", "71 Water St", "Portland", "ME", "04101"],
  ["Lucia Romero", "945 Market St", "San Francisco", "CA", "94103"],
  ["Owen Clarke", "18 Beacon St", "Boston", "MA", "02108"],
  ["Priya Nair", "600 Pine St", "Seattle", "WA", "98101"],
  ["Tomás Silva", "3300 Ocean Dr", "Miami", "FL", "33139"],
  ["Hannah Kim", "410 N Michigan Ave", "Chicago", "IL", "60611"],
  ["Elliot Brooks", "52 Peachtree St", "Atlanta", "GA", "30303"],
];

/** A retail shopper's address as a ship-to. */
const shopperShipTo = (shopper: (typeof SHOPPERS)[number]): ShipTo => ({
  shipName: shopper[0],
  shipCompany: null,
  shipLine1: shopper[1],
  shipLine2: null,
  shipCity: shopper[2],
  shipRegion: shopper[3],
  shipPostalCode: shopper[4],
  shipCountry: "US",
  shipPhone: null,
});

const COMMENTS_CLIENT = [
  "Can you confirm the ship date? Our launch is the week after.",
  "Please pack each size separately, the stores restock by size.",
  "Adding a note for the warehouse: deliver before 3 pm.",
  "Is there any chance to split-ship the black pieces first?",
  "Thanks, the last batch looked great.",
  "Please use our new hang tags on this one (same supplier).",
];
const COMMENTS_FACTORY = [
  "Fabric is in, cutting starts tomorrow.",
  "Confirmed: ships on the requested date.",
  "We can split-ship; the first carton leaves Friday.",
  "Heads up: the navy dye lot is slightly darker than the last run, within tolerance.",
  "Cut and in sewing. Trims checked.",
  "Packed by size as asked.",
];
const CANCEL_REASONS = [
  "Customer changed the collection plan",
  "Duplicate of an earlier PO",
  "Launch postponed to next season",
  "Wrong colourway ordered; re-placed as a new order",
];

type Who = { userName: string; userId: number | null };

type Plan = {
  clientId: number;
  clientName: string;
  clientCode: string;
  source: "entry" | "web" | "import";
  placedAt: number;
  placer: Who;
  lines: DemoLine[];
  status: "placed" | "in_production" | "completed" | "cancelled";
  startedAt: number | null;
  endedAt: number | null;
  cancelReason: string | null;
  /** paid at placing, declined, declined then paid, never charged (invoice), partly refunded */
  payment: "paid" | "failed" | "failedThenPaid" | "invoice" | "partRefund";
  retryAt: number | null;
  coupon: "percent" | "amount" | null;
  shipTo: ShipTo;
  poNumber: string | null;
  externalOrderId: string | null;
  notes: string | null;
};

/** Writes the demo order book once: nothing when the demo factory already has orders. */
export const seedDemoOrders = async (db: HubDb): Promise<void> => {
  const [factory] = await db
    .select({ id: factories.factoryId })
    .from(factories)
    .where(eq(factories.name, "Hub Demo Factory"));
  if (!factory) return;
  const [has] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.factoryId, factory.id));
  if ((has?.n ?? 0) > 0) return;
  const demoClients = await db
    .select()
    .from(clients)
    .where(sql`lower(${clients.siteName}) in ('northwind', 'bluebird')`);
  const northwind = demoClients.find((c) => c.siteName.toLowerCase() === "northwind");
  const bluebird = demoClients.find((c) => c.siteName.toLowerCase() === "bluebird");
  if (!northwind || !bluebird) return;
  const allStyles = await readDemoStyles(db, factory.id);
  if (allStyles.length === 0) return;
  const people = await db
    .select({ userId: users.userId, userName: users.userName })
    .from(users)
    .where(sql`lower(${users.userName}) in ('client', 'client2', 'factory', 'admin')`);
  const who = (name: string): Who => ({
    userName: name,
    userId: people.find((u) => u.userName.toLowerCase() === name)?.userId ?? null,
  });
  await db.transaction(async (tx) =>
    writeOrders(tx, factory.id, { northwind, bluebird }, allStyles, {
      client: who("client"),
      client2: who("client2"),
      factory: who("factory"),
      admin: who("admin"),
    }),
  );
};

const offeredTo = (styles: DemoStyle[], clientId: number) =>
  styles.filter((s) => s.clientIds === null || s.clientIds.includes(clientId));

/**
 * Orders placed more than this many days ago are the demo's history: shipped in full long ago
 * (seed/floor.ts walks their units from release to shipping within a few days).
 */
export const HISTORY_FROM_DAYS = 90;

/**
 * 1–6 lines: one to three styles, each in one to three variants (a grid order's cells). A `small`
 * order (the history's) is one or two styles in small quantities, so a year of them stays light.
 */
const pickLines = (r: Rng, offered: DemoStyle[], retail: boolean, small = false): DemoLine[] => {
  const picks: { style: DemoStyle; attributeIds: number[]; quantity: number }[] = [];
  const styleCount = retail ? r.int(1, small ? 2 : 3) : r.pick(small ? [1, 1, 2] : [1, 1, 2, 2, 3]);
  const used = new Set<number>();
  for (let s = 0; s < styleCount && picks.length < 6; s++) {
    const style = r.pick(offered);
    if (used.has(style.id)) continue;
    used.add(style.id);
    const variants = retail ? 1 : r.int(1, 3);
    const seen = new Set<string>();
    for (let v = 0; v < variants && picks.length < 6; v++) {
      const attributeIds = style.options.map((o) =>
        // Mostly the middle sizes; the first option is the size run.
        o.code === "SIZE" ? r.pick(o.attributes.slice(1, 5)).attributeId : r.pick(o.attributes).attributeId,
      );
      const key = attributeIds.join(",");
      if (seen.has(key)) continue;
      seen.add(key);
      const quantity = retail
        ? r.int(1, 3)
        : r.pick(small ? [4, 6, 6, 8, 12] : [6, 12, 12, 24, 24, 36, 48, 60, 72, 96, 144]);
      picks.push({ style, attributeIds, quantity });
    }
  }
  return priceDemoLines(picks);
};

const writeOrders = async (
  tx: HubTx,
  factoryId: number,
  demo: { northwind: typeof clients.$inferSelect; bluebird: typeof clients.$inferSelect },
  allStyles: DemoStyle[],
  people: Record<"client" | "client2" | "factory" | "admin", Who>,
): Promise<void> => {
  const r = rng(20261110);
  const now = demoAnchor();
  const at = (ms: number) => Math.min(ms, now - MINUTE);

  // Coupons: a percent one for every client (used on some orders) and an amount one for Northwind.
  const [percent, amount] = await tx
    .insert(coupons)
    .values([
      {
        factoryId,
        code: "WELCOME10",
        description: "10 % off for the new season",
        percentOffBp: 1000,
        validFrom: isoDate(now - 120 * DAY),
        validTo: isoDate(now + 60 * DAY),
        usageLimit: 200,
      },
      {
        factoryId,
        code: "NW25OFF",
        description: "$25 off Northwind's next order",
        amountOffCents: 2500,
        validFrom: isoDate(now - 30 * DAY),
        validTo: isoDate(now + 30 * DAY),
        usageLimit: 5,
        clientId: demo.northwind.clientId,
      },
    ])
    .returning();
  if (!percent || !amount) throw new Error("demo coupons insert failed");

  // Plans, oldest first, so order numbers grow with time.
  const plans: Plan[] = [];
  const clientsOf = [
    { row: demo.northwind, count: 200, placer: people.client, shipTo: NORTHWIND_SHIP_TO, po: "NW" },
    { row: demo.bluebird, count: 120, placer: people.client2, shipTo: BLUEBIRD_SHIP_TO, po: "BB" },
  ];
  let poSeq = 4100;
  let extSeq = 10_230;
  for (const c of clientsOf) {
    const offered = offeredTo(allStyles, c.row.clientId);
    for (let n = 0; n < c.count; n++) {
      const placedAt = now - r.int(20, 90 * 24 * 60 - 1) * MINUTE;
      const ageDays = (now - placedAt) / DAY;
      const source = r.pick(["entry", "entry", "entry", "entry", "entry", "entry", "web", "web", "import"] as const);
      const retail = source === "web";
      const lines = pickLines(r, offered, retail);
      // Status by age: recent orders wait or are being made, older ones are done.
      const roll = r.next();
      let status: Plan["status"];
      if (ageDays < 2) status = roll < 0.9 ? "placed" : "cancelled";
      else if (ageDays < 10) status = roll < 0.35 ? "placed" : roll < 0.88 ? "in_production" : "cancelled";
      else if (ageDays < 25)
        status = roll < 0.08 ? "placed" : roll < 0.5 ? "in_production" : roll < 0.9 ? "completed" : "cancelled";
      else status = roll < 0.03 ? "placed" : roll < 0.08 ? "in_production" : roll < 0.92 ? "completed" : "cancelled";
      // Bluebird's card was removed 30 days ago: since then its orders are invoiced.
      const invoiced = c.row.clientId === demo.bluebird.clientId && ageDays < 30;
      let payment: Plan["payment"] = invoiced ? "invoice" : "paid";
      if (!invoiced && r.chance(ageDays < 10 ? 0.15 : 0.06))
        payment = ageDays > 4 && status !== "placed" && r.chance(0.7) ? "failedThenPaid" : "failed";
      if (payment === "failed" && status !== "cancelled") status = "placed"; // not made before it is paid
      if (payment === "paid" && status === "completed" && r.chance(0.04)) payment = "partRefund";
      const startedAt =
        status === "in_production" || status === "completed" || (status === "cancelled" && r.chance(0.3))
          ? at(placedAt + r.int(6 * 60, Math.max(6 * 60, Math.min(ageDays * 0.4, 4) * 24 * 60)) * MINUTE)
          : null;
      const endedAt =
        status === "completed" || status === "cancelled"
          ? at(
              Math.max(startedAt ?? placedAt, placedAt) +
                r.int(3 * 60, Math.max(3 * 60, Math.min(ageDays * 0.5, 20) * 24 * 60)) * MINUTE,
            )
          : null;
      const retryAt = payment === "failedThenPaid" ? at(placedAt + r.int(2 * 60, 3 * 24 * 60) * MINUTE) : null;
      const coupon =
        !retail && r.chance(0.08)
          ? "percent"
          : c.row.clientId === demo.northwind.clientId && ageDays < 20 && !plans.some((p) => p.coupon === "amount")
            ? "amount"
            : null;
      const shopper = r.pick(SHOPPERS);
      plans.push({
        clientId: c.row.clientId,
        clientName: c.row.clientName,
        clientCode: c.row.siteName,
        source,
        placedAt,
        placer: source === "web" ? { userName: `api-key:${c.po.toLowerCase()}_store`, userId: null } : c.placer,
        lines,
        status,
        startedAt:
          status === "cancelled" && startedAt !== null && endedAt !== null && startedAt > endedAt ? null : startedAt,
        endedAt,
        cancelReason: status === "cancelled" ? r.pick(CANCEL_REASONS) : null,
        payment,
        retryAt,
        coupon,
        shipTo: retail ? shopperShipTo(shopper) : r.pick(c.shipTo),
        poNumber: retail ? null : `${c.po}-PO-${poSeq++}`,
        externalOrderId: retail ? `${c.po}-WEB-${extSeq++}` : null,
        notes:
          !retail && r.chance(0.15) ? r.pick(["Rush: launch event", "Pack by size", "Hang tags on every piece"]) : null,
      });
    }
  }
  // The year before: a smaller, steadier book from 90 to 395 days ago (so year-to-date and 12-month
  // comparisons show something), made on the floor and shipped in full (seed/floor.ts ships every
  // released order older than HISTORY_FROM_DAYS), a few cancelled and refunded. Both clients paid by
  // card then. Drawn from a second generator, so the last 90 days stay as they were.
  const h = rng(20261125);
  for (const c of clientsOf) {
    const offered = offeredTo(allStyles, c.row.clientId);
    for (let n = 0; n < Math.round(c.count * 0.75); n++) {
      const placedAt = now - h.int(HISTORY_FROM_DAYS * 24 * 60, 395 * 24 * 60) * MINUTE;
      const source = h.pick(["entry", "entry", "entry", "entry", "web", "web", "import"] as const);
      const retail = source === "web";
      const lines = pickLines(h, offered, retail, true);
      const cancelled = h.chance(0.06);
      const payment: Plan["payment"] = h.chance(0.05) ? "failedThenPaid" : "paid";
      const shopper = h.pick(SHOPPERS);
      plans.push({
        clientId: c.row.clientId,
        clientName: c.row.clientName,
        clientCode: c.row.siteName,
        source,
        placedAt,
        placer: source === "web" ? { userName: `api-key:${c.po.toLowerCase()}_store`, userId: null } : c.placer,
        lines,
        status: cancelled ? "cancelled" : "in_production",
        startedAt: cancelled ? null : placedAt + h.int(6 * 60, 2 * 24 * 60) * MINUTE,
        endedAt: cancelled ? placedAt + h.int(60, 2 * 24 * 60) * MINUTE : null,
        cancelReason: cancelled ? h.pick(CANCEL_REASONS) : null,
        payment,
        retryAt: payment === "failedThenPaid" ? placedAt + h.int(2 * 60, 24 * 60) * MINUTE : null,
        coupon: null,
        shipTo: retail ? shopperShipTo(shopper) : h.pick(c.shipTo),
        poNumber: retail ? null : `${c.po}-PO-${poSeq++}`,
        externalOrderId: retail ? `${c.po}-WEB-${extSeq++}` : null,
        notes: null,
      });
    }
  }
  plans.sort((a, b) => a.placedAt - b.placedAt);

  const orderValues = plans.map((p, n) => {
    const subtotal = p.lines.reduce((s, l) => s + l.lineTotalCents, 0);
    const coupon = p.coupon === "percent" ? percent : p.coupon === "amount" ? amount : null;
    const discount = coupon ? discountOf(coupon, subtotal) : 0;
    const total = subtotal - discount;
    const charged = p.payment === "paid" || p.payment === "failedThenPaid" || p.payment === "partRefund";
    const refunded =
      p.payment === "partRefund" ? Math.floor(total / 10) : charged && p.status === "cancelled" ? total : 0;
    const paymentState =
      p.payment === "invoice"
        ? "unpaid"
        : p.payment === "failed"
          ? "failed"
          : refunded === 0
            ? "paid"
            : refunded >= total
              ? "refunded"
              : "partially_refunded";
    const lastAt = Math.max(p.placedAt, p.startedAt ?? 0, p.endedAt ?? 0, p.retryAt ?? 0);
    return {
      clientId: p.clientId,
      clientName: p.clientName,
      factoryId,
      source: p.source,
      externalOrderId: p.externalOrderId,
      idempotencyKey: p.source === "entry" ? `demo-order-${n + 1}` : null,
      poNumber: p.poNumber,
      ...p.shipTo,
      requestedShipDate: isoDate(p.placedAt + (21 + (n % 4) * 7) * DAY),
      notes: p.notes,
      status: p.status,
      paymentState,
      paymentMessage:
        p.payment === "invoice"
          ? "No payment method on file: the order is invoiced and unpaid."
          : p.payment === "failed"
            ? "The charge of the order failed: Your card was declined. The order is placed but unpaid; charge it again when the payment method is fixed."
            : null,
      chargeAttempts: p.payment === "invoice" ? 0 : p.payment === "failedThenPaid" ? 2 : 1,
      chargedCents: charged ? total : 0,
      refundedCents: refunded,
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: total,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      placedBy: p.placer.userName,
      placedAt: new Date(p.placedAt),
      updatedAt: new Date(lastAt),
      searchVector: orderSearchTokens({
        ...p,
        shipName: p.shipTo.shipName,
        lines: p.lines.map((l) => ({ sku: l.sku, styleCode: l.style.code })),
      }),
    };
  });
  const ids: { id: number; orderNumber: string }[] = [];
  for (const part of chunks(orderValues, 200))
    ids.push(...(await tx.insert(orders).values(part).returning({ id: orders.id, orderNumber: orders.orderNumber })));

  // Coupon uses, as placing counts them.
  const uses = (kind: Plan["coupon"]) => plans.filter((p) => p.coupon === kind).length;
  await tx
    .update(coupons)
    .set({ usedCount: uses("percent") })
    .where(eq(coupons.id, percent.id));
  await tx
    .update(coupons)
    .set({ usedCount: uses("amount") })
    .where(eq(coupons.id, amount.id));

  const itemStatus = (p: Plan) => (p.status === "placed" ? "open" : p.status); // in_production, completed, cancelled: every line moved with it
  const itemValues = plans.flatMap((p, n) =>
    p.lines.map((l, i) => ({
      orderId: ids[n]?.id ?? 0,
      lineNumber: i + 1,
      styleId: l.style.id,
      styleCode: l.style.code,
      styleName: l.style.name,
      sku: l.sku,
      options: l.options,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      upchargeCents: l.upchargeCents,
      lineTotalCents: l.lineTotalCents,
      status: itemStatus(p),
      updatedAt: new Date(Math.max(p.placedAt, p.startedAt ?? 0, p.endedAt ?? 0)),
    })),
  );
  const items: { id: number; orderId: number }[] = [];
  for (const part of chunks(itemValues, 400))
    items.push(
      ...(await tx.insert(orderItems).values(part).returning({ id: orderItems.id, orderId: orderItems.orderId })),
    );
  // Each line's quoted cost per piece, as placing keeps it (issue 22): the same SQL over the rows just written.
  const quoted = quotedCostColumns();
  for (const part of chunks(items, 1000))
    await tx.execute(sql`update ${orderItems} x set quoted_fabric_cents = ${quoted.quotedFabricCents},
      quoted_part_cents = ${quoted.quotedPartCents}, quoted_labour_cents = ${quoted.quotedLabourCents}
      where x.style_id is not null and x.id in (${sql.join(
        part.map((it) => sql`${it.id}`),
        sql`, `,
      )})`);
  const itemsOf = new Map<number, number[]>();
  for (const it of items) itemsOf.set(it.orderId, [...(itemsOf.get(it.orderId) ?? []), it.id]);

  // Status history: placed; then the floor starts the order and its lines; then completed or cancelled
  // (the order's row, then one per line, as completeIn and cancelIn write them).
  const history: (typeof orderStatusHistory.$inferInsert)[] = [];
  const ledger: (typeof billingLedger.$inferInsert)[] = [];
  plans.forEach((p, n) => {
    const orderId = ids[n]?.id ?? 0;
    const orderNumber = ids[n]?.orderNumber ?? "";
    const lineIds = itemsOf.get(orderId) ?? [];
    const row = (
      itemId: number | null,
      from: string | null,
      to: string,
      actor: string,
      when: number,
      reason: string | null,
    ) => history.push({ orderId, itemId, fromStatus: from, toStatus: to, reason, actor, at: new Date(when) });
    row(null, null, "placed", p.placer.userName, p.placedAt, null);
    let current = "placed";
    let line = "open";
    if (p.startedAt !== null) {
      row(null, "placed", "in_production", people.factory.userName, p.startedAt, "Cutting started");
      for (const id of lineIds)
        row(id, "open", "in_production", people.factory.userName, p.startedAt, "Cutting started");
      current = "in_production";
      line = "in_production";
    }
    if (p.endedAt !== null && p.status !== "placed" && p.status !== "in_production") {
      const actor =
        p.status === "cancelled"
          ? n % 3 === 0
            ? people.admin.userName
            : p.placer.userId
              ? p.placer.userName
              : people.factory.userName
          : people.factory.userName;
      const reason = p.status === "cancelled" ? p.cancelReason : "Shipped";
      row(null, current, p.status, actor, p.endedAt, reason);
      for (const id of lineIds) row(id, line, p.status, actor, p.endedAt, reason);
    }
    // Billing: the charge at placing (declined or not), the retry, the refunds.
    const o = orderValues[n];
    if (!o || p.payment === "invoice") return;
    const charge = (attempt: number, when: number, ok: boolean) =>
      ledger.push({
        clientId: p.clientId,
        orderId: orderNumber,
        kind: "charge",
        amountCents: o.totalCents,
        provider: "builtin",
        externalId: ok ? `ch_local_demo_${orderId}_${attempt}` : null,
        status: ok ? "succeeded" : "failed",
        failureMessage: ok ? null : "Your card was declined.",
        createdBy: p.placer.userId,
        createdAt: new Date(when),
        idempotencyKey: `order-${orderId}-charge-${attempt}`,
      });
    if (p.payment === "paid" || p.payment === "partRefund") charge(1, p.placedAt + 2000, true);
    if (p.payment === "failed") charge(1, p.placedAt + 2000, false);
    if (p.payment === "failedThenPaid") {
      charge(1, p.placedAt + 2000, false);
      charge(2, p.retryAt ?? p.placedAt, true);
    }
    if (o.refundedCents > 0) {
      const when = p.status === "cancelled" ? (p.endedAt ?? p.placedAt) + 1000 : (p.endedAt ?? p.placedAt) + 3 * DAY;
      ledger.push({
        clientId: p.clientId,
        orderId: orderNumber,
        kind: "refund",
        amountCents: o.refundedCents,
        provider: "builtin",
        externalId: `re_local_demo_${orderId}`,
        status: "succeeded",
        createdBy: p.status === "cancelled" ? p.placer.userId : people.admin.userId,
        createdAt: new Date(at(when)),
        idempotencyKey:
          p.status === "cancelled" ? `order-${orderId}-cancel` : `order-${orderId}-refund-0-${o.refundedCents}`,
      });
    }
  });
  for (const part of chunks(history, 800)) await tx.insert(orderStatusHistory).values(part);
  await tx
    .insert(billingCustomers)
    .values(
      [demo.northwind, demo.bluebird].map((c) => ({
        clientId: c.clientId,
        provider: "builtin",
        externalId: `cus_local_${c.clientId}`,
        createdAt: new Date(now - 95 * DAY),
      })),
    )
    .onConflictDoNothing();
  for (const part of chunks(ledger, 500)) await tx.insert(billingLedger).values(part);

  // Comments on one order in six, an issue on a few (one answered and resolved, one open on a line),
  // and the quality issue behind each part refund.
  const comments: (typeof orderComments.$inferInsert)[] = [];
  const issues: (typeof orderIssues.$inferInsert)[] = [];
  plans.forEach((p, n) => {
    const orderId = ids[n]?.id ?? 0;
    const clientSide = p.clientId === demo.northwind.clientId ? people.client : people.client2;
    const last = Math.max(p.placedAt, p.startedAt ?? 0, p.endedAt ?? 0);
    if (n % 6 === 2) {
      const count = 1 + (n % 3);
      for (let k = 0; k < count; k++) {
        const fromClient = k % 2 === 0;
        const author = fromClient ? clientSide : people.factory;
        comments.push({
          orderId,
          author: author.userName,
          authorUserId: author.userId,
          body: fromClient ? r.pick(COMMENTS_CLIENT) : r.pick(COMMENTS_FACTORY),
          at: new Date(at(p.placedAt + ((last - p.placedAt) * (k + 1)) / (count + 1) + (k + 1) * 20 * MINUTE)),
        });
      }
    }
    if (p.payment === "partRefund") {
      const lineId = itemsOf.get(orderId)?.[0] ?? null;
      issues.push({
        orderId,
        itemId: lineId,
        raisedBy: clientSide.userName,
        body: "A few pieces arrived with skipped stitches on the side seam.",
        response: "Sorry about that: we refunded 10 % of the order and tightened the check at the overlock station.",
        respondedBy: people.factory.userName,
        respondedAt: new Date(at((p.endedAt ?? p.placedAt) + 3 * DAY)),
        resolved: true,
        at: new Date(at((p.endedAt ?? p.placedAt) + 2 * DAY)),
      });
    }
  });
  const openOne = plans.findIndex((p) => p.status === "in_production");
  if (openOne >= 0) {
    const p = plans[openOne] as Plan;
    const orderId = ids[openOne]?.id ?? 0;
    issues.push({
      orderId,
      itemId: itemsOf.get(orderId)?.[0] ?? null,
      raisedBy: people.factory.userName,
      body: "The requested colour is short at the mill; we can ship this line a week later or swap to the nearest shade.",
      at: new Date(at((p.startedAt ?? p.placedAt) + 60 * MINUTE)),
    });
  }
  for (const part of chunks(comments, 500)) await tx.insert(orderComments).values(part);
  if (issues.length > 0) await tx.insert(orderIssues).values(issues);
  await writeReturns(tx, demo, people, now);
  await writeDemoCard(tx, demo.bluebird, now);
};

/* ---------- returns (RMA) and a card on file ---------- */

const RETURN_PLANS = [
  // state, reason code, note, days after the order was completed
  ["requested", "wrong_size", "Ordered M for the whole team; two people need L.", 3],
  ["received", "defect", "Two pieces with a dropped stitch at the hem.", 5],
  ["refunded", "damaged_in_transit", "The carton arrived crushed and wet; these pieces are stained.", 7],
  ["remade", "defect", "Print is off-centre on these pieces.", 9],
  ["cancelled", "not_as_described", "Thought the colour was lighter; decided to keep them.", 4],
] as const;

const cents = (c: number) => `$${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

/**
 * A return in every state for each demo client, on its paid, completed orders without a coupon, as
 * the returns service writes them: lines with the unit value frozen, the status history, a refund
 * through the built-in ledger (the order's refunded amount and payment state moved, a history row),
 * and a remake placed as a linked order of zero-priced lines.
 */
const writeReturns = async (
  tx: HubTx,
  demo: { northwind: typeof clients.$inferSelect; bluebird: typeof clients.$inferSelect },
  people: Record<"client" | "client2" | "factory" | "admin", Who>,
  now: number,
) => {
  for (const [client, asker] of [
    [demo.northwind, people.client],
    [demo.bluebird, people.client2],
  ] as const) {
    const candidates = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.clientId, client.clientId),
          eq(orders.status, "completed"),
          eq(orders.paymentState, "paid"),
          sql`${orders.couponId} is null`,
          sql`${orders.updatedAt} < ${new Date(now - 16 * DAY)}`,
        ),
      )
      .orderBy(sql`${orders.updatedAt} desc`)
      .limit(RETURN_PLANS.length);
    for (const [k, [state, reasonCode, note, after]] of RETURN_PLANS.entries()) {
      const order = candidates[k];
      if (!order) continue;
      const [line] = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.lineNumber))
        .limit(1);
      if (!line) continue;
      const quantity = Math.min(2, line.quantity);
      const unitValueCents = line.unitPriceCents + line.upchargeCents;
      const asked = order.updatedAt.getTime() + after * DAY;
      const received = asked + 4 * DAY;
      const closed = received + DAY;
      const refundCents = state === "refunded" ? quantity * unitValueCents : 0;
      const [ret] = await tx
        .insert(returns)
        .values({
          orderId: order.id,
          orderNumber: order.orderNumber,
          clientId: order.clientId,
          clientName: order.clientName,
          factoryId: order.factoryId,
          status: state,
          reasonCode,
          note,
          requestedBy: asker.userName,
          refundedCents: refundCents,
          createdAt: new Date(asked),
          updatedAt: new Date(state === "requested" ? asked : state === "received" ? received : closed),
        })
        .returning({ id: returns.id, rmaNumber: returns.rmaNumber });
      if (!ret) continue;
      await tx.insert(returnLines).values({ returnId: ret.id, itemId: line.id, quantity, unitValueCents });
      const moves: (typeof returnStatusHistory.$inferInsert)[] = [
        {
          returnId: ret.id,
          fromStatus: null,
          toStatus: "requested",
          reason: note,
          actor: asker.userName,
          at: new Date(asked),
        },
      ];
      if (state === "cancelled")
        moves.push({
          returnId: ret.id,
          fromStatus: "requested",
          toStatus: "cancelled",
          reason: "Keeping them after all.",
          actor: asker.userName,
          at: new Date(asked + DAY),
        });
      if (state === "received" || state === "refunded" || state === "remade")
        moves.push({
          returnId: ret.id,
          fromStatus: "requested",
          toStatus: "received",
          reason: "Carton checked in at the dock.",
          actor: people.factory.userName,
          at: new Date(received),
        });
      if (state === "refunded") {
        const key = `return-${ret.id}-demo`;
        await tx.update(returns).set({ refundKey: key, refundAmountCents: refundCents }).where(eq(returns.id, ret.id));
        await tx.insert(billingLedger).values({
          clientId: order.clientId,
          orderId: order.orderNumber,
          kind: "refund",
          amountCents: refundCents,
          provider: "builtin",
          externalId: `re_local_demo_return_${ret.id}`,
          status: "succeeded",
          createdBy: people.factory.userId,
          createdAt: new Date(closed),
          idempotencyKey: key,
        });
        const refunded = order.refundedCents + refundCents;
        await tx
          .update(orders)
          .set({
            refundedCents: refunded,
            paymentState: refunded >= order.chargedCents ? "refunded" : "partially_refunded",
          })
          .where(eq(orders.id, order.id));
        await tx.insert(orderStatusHistory).values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: order.status,
          reason: `Refunded ${cents(refundCents)}: return ${ret.rmaNumber}`,
          actor: people.factory.userName,
          at: new Date(closed),
        });
        moves.push({
          returnId: ret.id,
          fromStatus: "received",
          toStatus: "refunded",
          reason: `Refunded ${refundCents} cents`,
          actor: people.factory.userName,
          at: new Date(closed),
        });
      }
      if (state === "remade") {
        const why = `Remake of ${order.orderNumber} for return ${ret.rmaNumber}`;
        const [remake] = await tx
          .insert(orders)
          .values({
            clientId: order.clientId,
            clientName: order.clientName,
            factoryId: order.factoryId,
            source: "remake",
            poNumber: order.poNumber,
            addressId: order.addressId,
            shipName: order.shipName,
            shipCompany: order.shipCompany,
            shipLine1: order.shipLine1,
            shipLine2: order.shipLine2,
            shipCity: order.shipCity,
            shipRegion: order.shipRegion,
            shipPostalCode: order.shipPostalCode,
            shipCountry: order.shipCountry,
            shipPhone: order.shipPhone,
            notes: why,
            status: "placed",
            subtotalCents: 0,
            discountCents: 0,
            totalCents: 0,
            paymentState: "paid",
            paymentMessage: `${why}: nothing to charge.`,
            placedBy: people.factory.userName,
            placedAt: new Date(closed),
            updatedAt: new Date(closed),
            searchVector: orderSearchTokens({
              poNumber: order.poNumber,
              externalOrderId: null,
              clientName: order.clientName,
              clientCode: client.siteName,
              shipName: order.shipName,
              lines: [line],
            }),
          })
          .returning({ id: orders.id, orderNumber: orders.orderNumber });
        if (!remake) continue;
        await tx.insert(orderItems).values({
          orderId: remake.id,
          lineNumber: 1,
          styleId: line.styleId,
          styleCode: line.styleCode,
          styleName: line.styleName,
          sku: line.sku,
          options: line.options,
          quantity,
          unitPriceCents: 0,
          upchargeCents: 0,
          lineTotalCents: 0,
          // The returned line's quoted cost per piece, as a remake keeps it (orders/remake.service.ts).
          quotedFabricCents: line.quotedFabricCents,
          quotedPartCents: line.quotedPartCents,
          quotedLabourCents: line.quotedLabourCents,
          updatedAt: new Date(closed),
        });
        await tx.insert(orderStatusHistory).values({
          orderId: remake.id,
          fromStatus: null,
          toStatus: "placed",
          reason: why,
          actor: people.factory.userName,
          at: new Date(closed),
        });
        await tx.update(returns).set({ remakeOrderId: remake.id }).where(eq(returns.id, ret.id));
        moves.push({
          returnId: ret.id,
          fromStatus: "received",
          toStatus: "remade",
          reason: `Remade as ${remake.orderNumber}`,
          actor: people.factory.userName,
          at: new Date(closed),
        });
      }
      await tx.insert(returnStatusHistory).values(moves);
    }
  }
};

/**
 * Bluebird's card on file, stored as the built-in billing adapter stores one (its customer
 * `cus_local_<client>`, a method `pm_local_…`, the default), so an order placed for Bluebird in the
 * demo is charged at placing and shows paid. Northwind keeps none: its orders are invoices.
 */
const writeDemoCard = async (tx: HubTx, bluebird: typeof clients.$inferSelect, now: number) => {
  await tx.insert(paymentMethods).values({
    clientId: bluebird.clientId,
    kind: "card",
    externalId: `pm_local_demo-${bluebird.clientId}-visa`,
    label: "Company Visa",
    brand: "visa",
    last4: "4242",
    isDefault: true,
    createdAt: new Date(now - 95 * DAY),
  });
};
