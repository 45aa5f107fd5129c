import {
  addressOneLine,
  SHIPPING_MESSAGES,
  suggestPacking,
  type TPackOrder,
  type TPackScanRequest,
  type TPackScanResult,
  type TPackUnit,
  type TUnitStatus,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { applyUnitAction } from "../floor/state";
import { packProfilesOf } from "./pack-profiles";
import { orderFactoryScope, unitScope } from "./scope";
import { shipToOf } from "./shipments-rows";

const u = schema.floorUnits;
const oi = schema.orderItems;
const o = schema.orders;

/** The units of an order as pack-out shows them (cancelled and failed ones left out), with their box. */
export const packUnitsOf = async (q: HubDb | HubTx, where: ReturnType<typeof and>): Promise<TPackUnit[]> => {
  const s = schema.shipments;
  const su = schema.shipmentUnits;
  const rows = await q
    .select({
      id: u.id,
      barcode: u.barcode,
      lineNumber: oi.lineNumber,
      sku: oi.sku,
      styleName: oi.styleName,
      size: u.size,
      colour: u.colour,
      status: u.status,
      shipmentId: s.id,
      shipmentNumber: s.shipmentNumber,
    })
    .from(u)
    .innerJoin(oi, eq(oi.id, u.itemId))
    .leftJoin(su, eq(su.unitId, u.id))
    .leftJoin(s, eq(s.id, su.shipmentId))
    .where(where)
    .orderBy(asc(oi.lineNumber), asc(u.instance), asc(u.id));
  return rows.map((r) => ({ ...r, status: r.status as TUnitStatus }));
};

const addressLine = (r: typeof o.$inferSelect) => addressOneLine(shipToOf(r));

/** The order at the pack-out station: its header and its live units (queued … shipped). */
export const packOrderView = async (q: HubDb | HubTx, p: Principal, orderId: number): Promise<TPackOrder> => {
  const [row] = await q
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), orderFactoryScope(p)));
  if (!row) throw notFound("That order");
  const units = await packUnitsOf(q, and(eq(u.orderId, row.id), notInArray(u.status, ["cancelled", "failed"])));
  const packProfiles = await packProfilesOf(q, row.id);
  // The suggestion for the packed units still waiting for a box; the box form works it out again for its ticks.
  const waiting = units.filter((x) => x.status === "packed" && x.shipmentId === null);
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    poNumber: row.poNumber,
    clientId: row.clientId,
    clientName: row.clientName,
    status: row.status,
    shipTo: addressLine(row),
    units,
    packProfiles,
    suggestion: suggestPacking(waiting, packProfiles),
  };
};

const who = (p: Principal) => ({ actor: p.userName, userId: p.userId > 0 ? p.userId : null, stationId: null });

/**
 * POST /shipping/pack-scan: a unit's barcode packs that unit (inspected → packed; a unit in any
 * other state is refused with its state), a tote's packs its inspected units. One short
 * transaction; the answer is kept under the scan id (floor_scans), so the same scan sent again
 * is answered again and changes nothing twice.
 */
export const packScan = async (db: HubDb, p: Principal, body: TPackScanRequest): Promise<TPackScanResult> => {
  const code = body.code.trim();
  const [unit] = await db
    .select({ id: u.id, factoryId: u.factoryId, orderId: u.orderId })
    .from(u)
    .where(and(sql`upper(${u.barcode}) = ${code.toUpperCase()}`, unitScope(p)));
  let factoryId: number;
  let toteId: number | null = null;
  if (unit) factoryId = unit.factoryId;
  else {
    const t = schema.floorTotes;
    const [tote] = await db
      .select({ id: t.id, factoryId: t.factoryId })
      .from(t)
      .where(
        and(
          sql`lower(${t.barcode}) = ${code.toLowerCase()}`,
          p.isFacility ? inArray(t.factoryId, p.factoryIds.length ? p.factoryIds : [0]) : undefined,
        ),
      );
    if (!tote) throw badRequest(SHIPPING_MESSAGES.unknownCode, { code: SHIPPING_MESSAGES.unknownCode });
    factoryId = tote.factoryId;
    toteId = tote.id;
  }
  const scans = schema.floorScans;
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ response: scans.response })
      .from(scans)
      .where(and(eq(scans.factoryId, factoryId), eq(scans.scanId, body.scanId)));
    if (seen) return seen.response as TPackScanResult;
    const units = await tx
      .select({ id: u.id, barcode: u.barcode, status: u.status, orderId: u.orderId })
      .from(u)
      .where(and(unit ? eq(u.id, unit.id) : eq(u.toteId, toteId ?? 0), unitScope(p)))
      .orderBy(asc(u.id))
      .for("update");
    const first = units[0];
    if (!first) throw badRequest(SHIPPING_MESSAGES.emptyTote, { code: SHIPPING_MESSAGES.emptyTote });
    const packed: string[] = [];
    const skipped: string[] = [];
    for (const x of units) {
      if (x.status === "packed") continue;
      // A single unit that cannot be packed is refused with its state (a 409 from the state machine).
      if (unit || x.status === "inspected") {
        await applyUnitAction(tx, x, "pack", who(p));
        packed.push(x.barcode);
      } else skipped.push(`${x.barcode} (${x.status})`);
    }
    const label = unit ? first.barcode : code;
    let message =
      packed.length > 0
        ? SHIPPING_MESSAGES.packed(label, packed.length)
        : skipped.length === 0
          ? SHIPPING_MESSAGES.alreadyPacked(label)
          : `Nothing in ${label} is ready to pack.`;
    if (skipped.length > 0) message += ` Not packed: ${skipped.join(", ")}.`;
    const result: TPackScanResult = {
      ok: packed.length > 0 || skipped.length === 0,
      message,
      packed,
      order: await packOrderView(tx, p, first.orderId),
    };
    await tx
      .insert(scans)
      .values({ factoryId, scanId: body.scanId, action: "pack", response: result })
      .onConflictDoNothing();
    return result;
  });
};
