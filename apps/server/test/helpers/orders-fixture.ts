import { IDEMPOTENCY_HEADER, SESSION_CLIENT_HEADER } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import { followOrder } from "../../src/modules/floor/follow";
import { releaseOrder } from "../../src/modules/floor/production";
import { applyUnitAction } from "../../src/modules/floor/state";
import { type DemoUser, demoClientIds, signInDemoUsers, type TestApp } from "./test-app";

/**
 * A small library for order tests, made through the API by the demo facility user: Size (OS, OM,
 * OXL +200 ¢) and Colour (OBK Black +50 ¢, OWH White); tee ORD-TEE at 1500 ¢ with tiers 10 → 1300, 50 →
 * 1150; ORD-BB offered to Bluebird only; a sku map "OT" + colour at 3 + size at 7 (OT-OBK-OM).
 */
export type OrderFixture = {
  tokens: Record<DemoUser, string>;
  northwind: number;
  bluebird: number;
  ids: Record<"size" | "colour" | "s" | "m" | "xl" | "black" | "white" | "tee" | "bluebirdOnly", number>;
  call: (
    who: DemoUser | null,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => ReturnType<TestApp["request"]>;
  place: (
    who: DemoUser,
    body: Record<string, unknown>,
    key?: string,
    sessionClient?: number,
  ) => ReturnType<TestApp["request"]>;
};

export const SHIP_TO = {
  name: "Nora Buyer",
  company: "Northwind Apparel",
  line1: "1 Harbour Road",
  city: "Portland",
  region: "OR",
  postalCode: "97201",
  country: "us",
  phone: "+1 503 555 0100",
};

let seq = 0;
export const newKey = () => `key-${process.pid}-${Date.now().toString(36)}-${seq++}`;

export const orderFixture = async (t: TestApp): Promise<OrderFixture> => {
  const tokens = await signInDemoUsers(t);
  const { northwind, bluebird } = await demoClientIds(t.db);
  // The demo gives Bluebird a card on file; these tests start both clients without one (invoices)
  // and add a card where they charge.
  await t.db.delete(schema.paymentMethods).where(inArray(schema.paymentMethods.clientId, [northwind, bluebird]));
  const call: OrderFixture["call"] = (who, method, url, payload, headers = {}) =>
    t.request({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
      ...(who ? { token: tokens[who] } : {}),
    });
  const create = async (key: string, body: Record<string, unknown>): Promise<number> => {
    const res = await call("factory", "POST", `/api/library/${key}`, body);
    expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const ids = {} as OrderFixture["ids"];
  ids.size = await create("options", { code: "O-SIZE", name: "Size", sortOrder: 1, attributeIds: [] });
  ids.colour = await create("options", { code: "O-COLOUR", name: "Colour", sortOrder: 2, attributeIds: [] });
  const attr = (code: string, name: string, optionId: number) =>
    create("attributes", { code, name, hexColor: null, sortOrder: 0, optionIds: [optionId] });
  ids.s = await attr("OS", "S", ids.size);
  ids.m = await attr("OM", "M", ids.size);
  ids.xl = await attr("OXL", "XL", ids.size);
  ids.black = await attr("OBK", "Black", ids.colour);
  ids.white = await attr("OWH", "White", ids.colour);
  const style = (code: string, extra: Record<string, unknown> = {}) =>
    create("styles", {
      code,
      name: `Tee ${code}`,
      category: "Tees",
      description: null,
      basePriceCents: 1500,
      offeredToAll: true,
      clientIds: [],
      imageUrl: null,
      ...extra,
    });
  const composition = {
    priceTiers: [
      { minQuantity: 10, unitPriceCents: 1300 },
      { minQuantity: 50, unitPriceCents: 1150 },
    ],
    options: [
      {
        optionId: ids.size,
        attributes: [
          { attributeId: ids.s, upchargeCents: 0 },
          { attributeId: ids.m, upchargeCents: 0 },
          { attributeId: ids.xl, upchargeCents: 200 },
        ],
      },
      {
        optionId: ids.colour,
        attributes: [
          { attributeId: ids.black, upchargeCents: 50 },
          { attributeId: ids.white, upchargeCents: 0 },
        ],
      },
    ],
    fabrics: [],
    parts: [],
    instructions: [],
  };
  ids.tee = await style("ORD-TEE");
  ids.bluebirdOnly = await style("ORD-BB", { offeredToAll: false, clientIds: [bluebird] });
  for (const id of [ids.tee, ids.bluebirdOnly]) {
    const saved = await call("factory", "PUT", `/api/library/styles/${id}/composition`, composition);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await create("skuMaps", {
    name: "Order tees",
    styleId: ids.tee,
    styleToken: "OT",
    styleStart: 1,
    segments: [
      { optionId: ids.colour, startPosition: 4, length: 3 },
      { optionId: ids.size, startPosition: 8, length: null },
    ],
  });
  const place: OrderFixture["place"] = (who, body, key = newKey(), sessionClient) =>
    call(who, "POST", "/api/orders", body, {
      [IDEMPOTENCY_HEADER]: key,
      ...(sessionClient ? { [SESSION_CLIENT_HEADER]: String(sessionClient) } : {}),
    });
  return { tokens, northwind, bluebird, ids, call, place };
};

/**
 * Ships pieces of an order as the floor does: releases it (once), then walks the first `counts[i]`
 * units of line i + 1 (every unit of every line when omitted) through cut, sewn, inspected, packed
 * and shipped, the order following its units. Returns can only take shipped pieces.
 */
export const shipPieces = async (t: TestApp, orderId: number, counts?: readonly number[]): Promise<void> => {
  const who = { actor: "Ship Test", userId: null, stationId: null };
  const u = schema.floorUnits;
  await t.db.transaction(async (tx) => {
    await releaseOrder(tx, orderId, "Ship Test");
    const items = await tx
      .select({ id: schema.orderItems.id })
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, orderId))
      .orderBy(asc(schema.orderItems.lineNumber));
    for (const [i, item] of items.entries()) {
      const units = await tx
        .select()
        .from(u)
        .where(and(eq(u.itemId, item.id), eq(u.status, "queued")))
        .orderBy(asc(u.id));
      for (const unit of units.slice(0, counts ? (counts[i] ?? 0) : units.length)) {
        let status = unit.status;
        for (const action of ["mark_cut", "mark_sewn", "mark_inspected", "pack", "ship"] as const)
          status = await applyUnitAction(tx, { ...unit, status }, action, who);
      }
    }
    await followOrder(tx, orderId, "Ship Test");
  });
};
