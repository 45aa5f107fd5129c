import { OPEN_ORDER_COUNT_CAP, type TFloorUnitListQuery, type TFloorUnitPage } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { orderByFor, searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { floorScope, unitRowColumns } from "./open-orders.service";

/**
 * The units on the floor across the caller's released orders (/openOrders/units), by state: the
 * home page's "units by state" numbers are this list's total for each state, read here, so the
 * number and the list cannot disagree. The scope is Manufacturing Status's (the orders' tenant rule).
 */

const o = schema.orders;
const u = schema.floorUnits;
const items = schema.orderItems;
const totes = schema.floorTotes;
const due = o.dueDate;

const whereOf = (p: Principal, q: TFloorUnitListQuery): SQL | undefined =>
  and(
    isNotNull(o.releasedAt),
    floorScope(p),
    q.state ? eq(u.status, q.state) : undefined,
    q.clientId ? eq(o.clientId, q.clientId) : undefined,
    searchAny(q.searchString, [u.barcode, o.orderNumber, items.sku, u.size, u.colour]),
  );

const SORTABLE = {
  dueDate: due,
  barcode: u.id,
  orderNumber: o.id,
  status: u.status,
  updatedAt: u.updatedAt,
};

export const listFloorUnits = async (db: HubDb, p: Principal, q: TFloorUnitListQuery): Promise<TFloorUnitPage> => {
  const where = whereOf(p, q);
  const cap = q.page * q.size + OPEN_ORDER_COUNT_CAP;
  const matched = db
    .select({ one: sql`1` })
    .from(u)
    .innerJoin(o, eq(o.id, u.orderId))
    .innerJoin(items, eq(items.id, u.itemId))
    .where(where)
    .limit(cap + 1)
    .as("matched");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: u.id,
        barcode: u.barcode,
        orderId: o.id,
        orderNumber: o.orderNumber,
        clientName: o.clientName,
        ...unitRowColumns(),
      })
      .from(u)
      .innerJoin(o, eq(o.id, u.orderId))
      .innerJoin(items, eq(items.id, u.itemId))
      .leftJoin(totes, eq(totes.id, u.toteId))
      .where(where)
      .orderBy(...orderByFor(q.sort, SORTABLE, ["dueDate", "asc"], u.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(matched),
  ]);
  const n = Number(total?.n ?? 0);
  return { items: rows, total: Math.min(n, cap), totalCapped: n > cap, page: q.page, size: q.size };
};
