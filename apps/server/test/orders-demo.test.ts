import { schema } from "@hub/db";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Compositions, priceLines, type ResolvedLine } from "../src/modules/orders/pricing";
import { createTestApp, demoClientIds, type TestApp } from "./helpers/test-app";

/**
 * The demo order book and stock (packages/db/src/seed/orders.ts, inventory.ts) agree with the
 * services: every demo line is priced as the orders service prices it (its own `priceLines` on the
 * style as the client sees it), totals, payments and the billing ledger add up, the last history row
 * is the status, and the stock ledger, average cost and purchase orders are consistent.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("the demo order book", () => {
  test("a few hundred orders of both demo clients over 90 days, in every status and payment state", async () => {
    const { northwind, bluebird } = await demoClientIds(t.db);
    const o = schema.orders;
    const all = await t.db.select().from(o).orderBy(asc(o.id));
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((r) => r.clientId))).toEqual(new Set([northwind, bluebird]));
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(["placed", "in_production", "completed", "cancelled"]));
    for (const state of ["unpaid", "paid", "failed", "partially_refunded", "refunded"])
      expect(
        all.some((r) => r.paymentState === state),
        state,
      ).toBe(true);
    const oldest = Math.min(...all.map((r) => r.placedAt.getTime()));
    expect(Date.now() - oldest).toBeLessThanOrEqual(91 * 86_400_000);
    expect(all.every((r) => r.placedAt.getTime() <= Date.now())).toBe(true);
    expect(all.some((r) => r.couponCode === "WELCOME10")).toBe(true);
  });

  test("every line is priced as the orders service prices it", async () => {
    const o = schema.orders;
    const orders = await t.db.select().from(o).orderBy(asc(o.id));
    const items = await t.db.select().from(schema.orderItems).orderBy(asc(schema.orderItems.id));
    const compositions = new Map<number, Compositions>();
    for (const order of orders) {
      let c = compositions.get(order.clientId);
      if (!c) {
        c = new Compositions(t.db, order.clientId);
        compositions.set(order.clientId, c);
      }
      const lines = items.filter((i) => i.orderId === order.id).sort((a, b) => a.lineNumber - b.lineNumber);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(6);
      const resolved: ResolvedLine[] = [];
      for (const [index, l] of lines.entries()) {
        const composition = await c.get(l.styleId ?? 0);
        expect(composition, `${order.orderNumber} line ${l.lineNumber}: style offered`).not.toBeNull();
        if (!composition) continue;
        resolved.push({
          index,
          composition,
          attributeIds: l.options.map((x) => x.attributeId),
          sku: null,
          quantity: l.quantity,
        });
      }
      const priced = priceLines(resolved);
      expect(
        lines.map((l) => [l.sku, l.options, l.unitPriceCents, l.upchargeCents, l.lineTotalCents]),
        order.orderNumber,
      ).toEqual(priced.map((p) => [p.sku, p.options, p.unitPriceCents, p.upchargeCents, p.lineTotalCents]));
      const subtotal = priced.reduce((s, p) => s + p.lineTotalCents, 0);
      expect(order.subtotalCents).toBe(subtotal);
      expect(order.totalCents).toBe(subtotal - order.discountCents);
      expect(order.lineCodes).toBe([...new Set(priced.flatMap((p) => [p.sku, p.styleCode]))].join(" "));
    }
  });

  test("payments match the billing ledger; the last history row is the status", async () => {
    const bad = await rows<{ order_number: string }>(sql`
      select o.order_number from orders o
      where o.charged_cents <> coalesce((select sum(amount_cents) from billing_ledger b
              where b.client_id = o.client_id and b.order_id = o.order_number and kind = 'charge' and status = 'succeeded'), 0)
         or o.refunded_cents <> coalesce((select sum(amount_cents) from billing_ledger b
              where b.client_id = o.client_id and b.order_id = o.order_number and kind = 'refund' and status = 'succeeded'), 0)
         or o.charge_attempts <> (select count(*) from billing_ledger b
              where b.client_id = o.client_id and b.order_id = o.order_number and kind = 'charge')
         or o.status <> (select to_status from order_status_history h where h.order_id = o.id and h.item_id is null
              order by h.at desc, h.id desc limit 1)`);
    expect(bad).toEqual([]);
    const badItems = await rows(sql`
      select i.id from order_items i
      where i.status <> coalesce((select to_status from order_status_history h where h.item_id = i.id
              order by h.at desc, h.id desc limit 1), 'open')`);
    expect(badItems).toEqual([]);
    const [percent] = await t.db.select().from(schema.coupons).where(eq(schema.coupons.code, "WELCOME10"));
    const [uses] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where coupon_code = 'WELCOME10'`,
    );
    expect(percent?.usedCount).toBe(uses?.n);
  });
});

describe("the demo stock", () => {
  test("stock from the ledger, some below threshold, usage in the last 30 days, average cost from receipts", async () => {
    const items = await rows<{
      quantity: string;
      threshold: string;
      usage: string;
      avg: number;
      last: number | null;
    }>(sql`
      select coalesce(sum(l.quantity), 0)::text as quantity, s.threshold::text as threshold,
             coalesce(-sum(l.quantity) filter (where l.kind = 'consumption' and l.at > now() - interval '30 days'), 0)::text as usage,
             s.avg_cost_cents as avg,
             (select h.cost_after_cents from inv_average_cost_history h
               where (h.fabric_id = s.fabric_id or h.part_id = s.part_id) order by h.at desc, h.id desc limit 1) as last
      from inv_stock_settings s
      left join inv_stock_ledger l on (l.fabric_id = s.fabric_id or l.part_id = s.part_id)
      group by s.id`);
    expect(items.length).toBeGreaterThanOrEqual(20);
    expect(items.every((i) => Number(i.quantity) >= 0)).toBe(true);
    expect(items.filter((i) => Number(i.quantity) < Number(i.threshold)).length).toBeGreaterThanOrEqual(2);
    expect(items.filter((i) => Number(i.usage) > 0).length).toBeGreaterThanOrEqual(10);
    expect(items.every((i) => i.last === i.avg)).toBe(true);
  });

  test("two suppliers; open, partially received and received purchase orders match their receipts", async () => {
    const suppliers = await t.db.select().from(schema.suppliers);
    expect(suppliers.map((s) => s.code).sort()).toEqual(["AVERY", "CAROLINA"]);
    const pos = await t.db.select().from(schema.purchaseOrders).orderBy(asc(schema.purchaseOrders.id));
    expect(pos.map((p) => p.status)).toEqual(["received", "partially_received", "open"]);
    const bad = await rows(sql`
      select l.id from inv_purchase_order_lines l
      where l.received_amt <> coalesce((select sum(quantity) from inv_stock_ledger g where g.po_line_id = l.id and g.kind = 'receipt'), 0)`);
    expect(bad).toEqual([]);
  });
});
