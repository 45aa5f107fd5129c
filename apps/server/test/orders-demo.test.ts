import { IDEMPOTENCY_HEADER, ORDER_SEARCH_COUNT_CAP, type TOrder } from "@hub/contracts";
import { schema } from "@hub/db";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Compositions, priceLines, type ResolvedLine } from "../src/modules/orders/pricing";
import { rowsOf } from "../src/platform/database";
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
  test("a few hundred orders of both demo clients over 13 months, in every status and payment state", async () => {
    const { northwind, bluebird } = await demoClientIds(t.db);
    const o = schema.orders;
    const all = await t.db.select().from(o).orderBy(asc(o.id));
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((r) => r.clientId))).toEqual(new Set([northwind, bluebird]));
    expect(new Set(all.map((r) => r.status))).toEqual(
      new Set(["placed", "in_production", "partially_shipped", "shipped", "completed", "cancelled"]),
    );
    for (const state of ["unpaid", "paid", "failed", "partially_refunded", "refunded"])
      expect(
        all.some((r) => r.paymentState === state),
        state,
      ).toBe(true);
    const oldest = Math.min(...all.map((r) => r.placedAt.getTime()));
    // Thirteen months, so year-to-date and 12-month comparisons have a year before them (issue 18);
    // the history is shipped in full, both clients in every month.
    expect(Date.now() - oldest).toBeLessThanOrEqual(396 * 86_400_000);
    expect(Date.now() - oldest).toBeGreaterThan(380 * 86_400_000);
    const history = all.filter((r) => Date.now() - r.placedAt.getTime() > 91 * 86_400_000);
    expect(new Set(history.map((r) => r.status))).toEqual(new Set(["shipped", "cancelled"]));
    for (const clientId of [northwind, bluebird])
      for (let month = 3; month < 13; month++)
        expect(
          history.some((r) => {
            const age = (Date.now() - r.placedAt.getTime()) / (30.4 * 86_400_000);
            return r.clientId === clientId && age >= month && age < month + 1;
          }),
          `client ${clientId}, ${month} months ago`,
        ).toBe(true);
    expect(all.every((r) => r.placedAt.getTime() <= Date.now())).toBe(true);
    expect(all.some((r) => r.couponCode === "WELCOME10")).toBe(true);
  });

  test("every line is priced as the orders service prices it", async () => {
    const { northwind } = await demoClientIds(t.db);
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
      if (order.source === "remake") {
        // A remake of returned lines: the client paid for them on the original order.
        expect(lines.every((l) => l.unitPriceCents === 0 && l.lineTotalCents === 0)).toBe(true);
        expect(order.totalCents).toBe(0);
        continue;
      }
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
      const tokens = schema.orderSearchTokens({
        ...order,
        clientCode: order.clientId === northwind ? "northwind" : "bluebird",
        lines: priced,
      });
      expect([...order.searchVector].sort(), order.orderNumber).toEqual(
        [...new Set([...tokens, ...schema.orderNumberWords(order.id)])].sort(),
      );
    }
  });

  test("an order's search vector is the words the service writes and its number, which the database adds", async () => {
    const o = schema.orders;
    const [first] = await t.db.select({ id: o.id }).from(o).orderBy(asc(o.id)).limit(1);
    if (!first) throw new Error("no demo order");
    class Rollback extends Error {}
    await t.db
      .transaction(async (tx) => {
        // Quotes and backslashes survive the vector's text both ways (a PO such as O'Brien\2).
        const words = ["o'brien\\2", "it's", "tee-100"];
        await tx.update(o).set({ searchVector: words }).where(eq(o.id, first.id));
        const [row] = await tx.select({ v: o.searchVector }).from(o).where(eq(o.id, first.id));
        expect([...(row?.v ?? [])].sort()).toEqual([...words, ...schema.orderNumberWords(first.id)].sort());
        // The prefix search finds it by a quoted word, and by its number.
        const found = await tx.execute(
          sql`select count(*)::int as n from orders where id = ${first.id} and search_vector @@ $$'o''brien':*$$::tsquery and search_vector @@ ${`'${schema.orderNumberWords(first.id)[0]}':*`}::tsquery`,
        );
        expect(rowsOf<{ n: number }>(found)[0]?.n).toBe(1);
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
  });

  test("a return in every state for each demo client, as the returns service writes them", async () => {
    const { northwind, bluebird } = await demoClientIds(t.db);
    const r = schema.returns;
    const all = await t.db.select().from(r).orderBy(asc(r.id));
    for (const clientId of [northwind, bluebird])
      expect(new Set(all.filter((x) => x.clientId === clientId).map((x) => x.status))).toEqual(
        new Set(["requested", "received", "refunded", "remade", "cancelled"]),
      );
    for (const ret of all) {
      const lines = await t.db.select().from(schema.returnLines).where(eq(schema.returnLines.returnId, ret.id));
      expect(lines.length, ret.rmaNumber).toBeGreaterThan(0);
      const history = await t.db
        .select()
        .from(schema.returnStatusHistory)
        .where(eq(schema.returnStatusHistory.returnId, ret.id))
        .orderBy(asc(schema.returnStatusHistory.at), asc(schema.returnStatusHistory.id));
      expect(history[0]?.toStatus, ret.rmaNumber).toBe("requested");
      expect(history.at(-1)?.toStatus, ret.rmaNumber).toBe(ret.status);
      const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, ret.orderId));
      expect(order?.orderNumber).toBe(ret.orderNumber);
      if (ret.status === "refunded") {
        const value = lines.reduce((s, l) => s + l.quantity * l.unitValueCents, 0);
        expect(ret.refundedCents).toBe(value);
        const [refund] = await t.db
          .select()
          .from(schema.billingLedger)
          .where(eq(schema.billingLedger.idempotencyKey, ret.refundKey ?? ""));
        expect(refund).toMatchObject({ kind: "refund", amountCents: value, orderId: ret.orderNumber });
      }
      if (ret.status === "remade") {
        const remakeItems = await t.db
          .select()
          .from(schema.orderItems)
          .where(eq(schema.orderItems.orderId, ret.remakeOrderId ?? 0));
        expect(remakeItems.map((i) => [i.quantity, i.lineTotalCents])).toEqual(lines.map((l) => [l.quantity, 0]));
      } else expect(ret.remakeOrderId).toBeNull();
    }
  });

  test("Bluebird has a default card stored as the built-in adapter stores one: an order placed for it is paid", async () => {
    const { bluebird } = await demoClientIds(t.db);
    const cards = await t.db.select().from(schema.paymentMethods).where(eq(schema.paymentMethods.clientId, bluebird));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ kind: "card", isDefault: true, last4: "4242" });
    expect(cards[0]?.externalId).toMatch(/^pm_local_/);
    const token = await t.signIn("client2");
    const res = await t.request({
      method: "POST",
      url: "/api/orders",
      token,
      headers: { [IDEMPOTENCY_HEADER]: "demo-test-bluebird-1" },
      payload: {
        shipTo: { name: "Demo Buyer", line1: "1 Harbour Road", city: "Portland", postalCode: "97201", country: "US" },
        lines: [{ sku: "TEE100-WHT-SLM-L", quantity: 12 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<TOrder>();
    expect(order).toMatchObject({ paymentState: "paid", chargedCents: order.totalCents });
    expect(order.totalCents).toBeGreaterThan(0);
    const list = await t.request({ method: "GET", url: `/api/orders?searchString=${order.orderNumber}`, token });
    expect(list.json<{ items: { paymentState: string }[] }>().items[0]?.paymentState).toBe("paid");
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

describe("the order search's two plans", () => {
  // listOrders reads a broad search's page from a window of the sort's first orders and a narrow
  // one's through the GIN index (docs/adr/0003-orders.md): both must answer what one plain query does.
  test("every search, sort and page answers the plain query's orders and count", async () => {
    const tsq = (text: string) =>
      text
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => `'${w}':*`)
        .join(" & ");
    const ORDER_BY: Record<string, string> = {
      "placedAt,desc": "placed_at desc, id",
      "totalCents,desc": "total_cents desc, id",
      "orderNumber,asc": "id asc, id",
      "clientName,asc": "client_name asc, id",
    };
    const [first] = await rows<{ order_number: string }>(sql`select order_number from orders order by id limit 1`);
    const texts = ["northwind", "bluebird basics", "tee", first?.order_number ?? "SO-000001", "no-such-word"];
    const { factoryId } = (await t.db.select().from(schema.factories).limit(1))[0] ?? { factoryId: 0 };
    for (const who of ["admin", "factory"] as const) {
      const token = await t.signIn(who);
      const scope = who === "factory" ? `factory_id = ${factoryId}` : "true";
      for (const text of texts)
        for (const [sort, orderBy] of Object.entries(ORDER_BY))
          for (const page of [0, 2]) {
            const url = `/api/orders?searchString=${encodeURIComponent(text)}&sort=${sort}&page=${page}&size=5`;
            const res = await t.request({ method: "GET", url, token });
            expect(res.statusCode, res.body).toBe(200);
            const body = res.json<{ items: { orderNumber: string }[]; total: number; totalCapped: boolean }>();
            const expected = await rows<{ order_number: string }>(
              sql.raw(
                `select order_number from orders where ${scope} and search_vector @@ $$${tsq(text)}$$::tsquery order by ${orderBy} limit 5 offset ${page * 5}`,
              ),
            );
            const [n] = await rows<{ n: number }>(
              sql.raw(
                `select count(*)::int as n from orders where ${scope} and search_vector @@ $$${tsq(text)}$$::tsquery`,
              ),
            );
            expect(
              body.items.map((i) => i.orderNumber),
              `${who} ${url}`,
            ).toEqual(expected.map((r) => r.order_number));
            // The count stops ORDER_SEARCH_COUNT_CAP past the page's start.
            const cap = page * 5 + ORDER_SEARCH_COUNT_CAP;
            expect(body.total, url).toBe(Math.min(n?.n ?? 0, cap));
            expect(body.totalCapped, url).toBe((n?.n ?? 0) > cap);
          }
    }
  });
});
