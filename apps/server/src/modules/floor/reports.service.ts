import { type TRecutReportQuery, type TWipReportQuery, UNIT_OPEN_STATUSES } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { dateRange, type KeysetPage, searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { unitScope } from "./scope";

/**
 * The floor's reports for Report Downloads (modules/reports), read in keyset pages by unit id:
 *
 *   recuts  every unit made again after a QC fail (attempt > 1, as Production Overview counts
 *           recuts): its order, the recut and the original unit, the style, the reason the original
 *           failed, when and by whom it was recut
 *   wips    every unit in work (UNIT_OPEN_STATUSES: not shipped or cancelled), the units behind
 *           Manufacturing Status's counts: order, style, SKU, state, since when, tote
 *
 * Scoped by the units' tenant rule (`unitScope`): a facility its own units, an internal admin every
 * facility's or the session client's.
 */

const u = schema.floorUnits;
const e = schema.floorUnitEvents;
const o = schema.orders;
const c = schema.clients;
const oi = schema.orderItems;
const sy = schema.styles;
const tote = schema.floorTotes;
const original = alias(schema.floorUnits, "original_unit");

/** A time as an ISO string, read in SQL (a subquery's timestamp is not mapped to a Date). */
const isoOf = (x: SQL) => sql<string | null>`to_char((${x}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const RECUT_CSV_HEADER = [
  "Recut at",
  "Order",
  "Client",
  "Recut unit",
  "Original unit",
  "Style",
  "SKU",
  "Size",
  "Colour",
  "Reason",
  "Recut by",
  "Attempt",
  "Recut status",
];

/** Who recut a unit: the actor of the recut's first event (the recut itself). */
const recutBy = sql<
  string | null
>`(select ${e.actor} from ${e} where ${e.unitId} = ${u.id} and ${e.action} = 'recut' order by ${e.id} limit 1)`;

export const recutReportPage = async (
  db: HubDb,
  p: Principal,
  q: TRecutReportQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await db
    .select({
      id: u.id,
      at: u.createdAt,
      orderNumber: o.orderNumber,
      clientName: c.clientName,
      barcode: u.barcode,
      originalBarcode: original.barcode,
      styleCode: sy.code,
      sku: oi.sku,
      size: u.size,
      colour: u.colour,
      reason: original.failReason,
      by: recutBy,
      attempt: u.attempt,
      status: u.status,
    })
    .from(u)
    .innerJoin(o, eq(o.id, u.orderId))
    .innerJoin(c, eq(c.clientId, u.clientId))
    .innerJoin(oi, eq(oi.id, u.itemId))
    .leftJoin(sy, eq(sy.id, u.styleId))
    .leftJoin(original, eq(original.id, u.recutOfId))
    .where(
      and(
        unitScope(p),
        gt(u.attempt, 1),
        q.clientId ? eq(u.clientId, q.clientId) : undefined,
        dateRange(u.createdAt, q.from, q.to),
        searchAny(q.searchString, [u.barcode, original.barcode, o.orderNumber, sy.code, oi.sku, original.failReason]),
        gt(u.id, after),
      ),
    )
    .orderBy(asc(u.id))
    .limit(limit);
  return {
    rows: rows.map((r) => [
      r.at.toISOString(),
      r.orderNumber,
      r.clientName,
      r.barcode,
      r.originalBarcode,
      r.styleCode,
      r.sku,
      r.size,
      r.colour,
      r.reason,
      r.by,
      r.attempt,
      r.status,
    ]),
    last: rows.at(-1)?.id ?? null,
  };
};

export const WIP_CSV_HEADER = [
  "Unit",
  "Order",
  "Client",
  "Style",
  "SKU",
  "Size",
  "Colour",
  "State",
  "Since",
  "Tote",
  "Due date",
  "Attempt",
];

/** Since when a unit is in its state: its last move into it (else since it was made). */
const since = isoOf(
  sql`coalesce((select max(${e.at}) from ${e} where ${e.unitId} = ${u.id} and ${e.toStatus} = ${u.status}), ${u.createdAt})`,
);

export const wipReportPage = async (
  db: HubDb,
  p: Principal,
  q: TWipReportQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await db
    .select({
      id: u.id,
      barcode: u.barcode,
      orderNumber: o.orderNumber,
      clientName: c.clientName,
      styleCode: sy.code,
      sku: oi.sku,
      size: u.size,
      colour: u.colour,
      status: u.status,
      since,
      tote: tote.barcode,
      dueDate: u.dueDate,
      attempt: u.attempt,
    })
    .from(u)
    .innerJoin(o, eq(o.id, u.orderId))
    .innerJoin(c, eq(c.clientId, u.clientId))
    .innerJoin(oi, eq(oi.id, u.itemId))
    .leftJoin(sy, eq(sy.id, u.styleId))
    .leftJoin(tote, eq(tote.id, u.toteId))
    .where(
      and(
        unitScope(p),
        inArray(u.status, [...UNIT_OPEN_STATUSES]),
        q.state ? eq(u.status, q.state) : undefined,
        q.clientId ? eq(u.clientId, q.clientId) : undefined,
        searchAny(q.searchString, [u.barcode, o.orderNumber, sy.code, oi.sku, tote.barcode]),
        gt(u.id, after),
      ),
    )
    .orderBy(asc(u.id))
    .limit(limit);
  return {
    rows: rows.map((r) => [
      r.barcode,
      r.orderNumber,
      r.clientName,
      r.styleCode,
      r.sku,
      r.size,
      r.colour,
      r.status,
      r.since,
      r.tote,
      r.dueDate,
      r.attempt,
    ]),
    last: rows.at(-1)?.id ?? null,
  };
};
