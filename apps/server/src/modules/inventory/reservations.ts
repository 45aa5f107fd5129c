import { CUTTING_MESSAGES, type TFabricStatus } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import type { Principal } from "../../platform/principal";
import { unitFabricUse } from "./fabric-use";

/**
 * Fabric reservations (issue 22 part 2; docs/adr/0004-inventory.md "Fabric reservations"): pulling
 * a unit reserves its fabric, cutting consumes the reservation with the ledger rows, unpulling or
 * cancelling releases it. Available = on hand (the ledger's sum) − reserved rows. Quantities are
 * read from SQL as numeric(20,4) text and compared here as exact scaled integers (×10⁴, bigint),
 * never as floats.
 */

const r = schema.fabricReservations;
const u = schema.floorUnits;

/** "12.5000" → 125000n (4 decimals, exact). */
export const toScaled = (q: string): bigint => {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(q.trim());
  if (!m) throw new Error(`not a quantity: ${q}`);
  const frac = `${m[3] ?? ""}0000`.slice(0, 4);
  const n = BigInt(m[2] || "0") * 10_000n + BigInt(frac);
  return m[1] === "-" ? -n : n;
};

/** 125000n → "12.5000". */
export const fromScaled = (n: bigint): string => {
  const neg = n < 0n;
  const a = neg ? -n : n;
  return `${neg ? "-" : ""}${a / 10_000n}.${(a % 10_000n).toString().padStart(4, "0")}`;
};

export type Availability = { onHand: string; reserved: string; available: string };

/** Per fabric of the facility: on hand (ledger sum), reserved (live reservations) and available (the difference). */
export const availableOf = async (
  db: HubDb | HubTx,
  factoryId: number,
  fabricIds: number[],
): Promise<Map<number, Availability>> => {
  const out = new Map<number, Availability>();
  if (fabricIds.length === 0) return out;
  const rows = rowsOf<{ id: number; on_hand: string; reserved: string }>(
    await db.execute(sql`select f.id,
      coalesce((select sum(l.quantity) from inv_stock_ledger l where l.fabric_id = f.id), 0)::numeric(20,4)::text as on_hand,
      coalesce((select sum(x.quantity) from inv_fabric_reservations x where x.fabric_id = f.id and x.state = 'reserved'), 0)::numeric(20,4)::text as reserved
      from lib_fabrics f where f.factory_id = ${factoryId} and f.id in (${sql.join(
        fabricIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  for (const x of rows) {
    const available = fromScaled(toScaled(x.on_hand) - toScaled(x.reserved));
    out.set(Number(x.id), { onHand: x.on_hand, reserved: x.reserved, available });
  }
  return out;
};

/** Per unit, the fabric it needs (inventory's `unitFabricUse`, summed per fabric), scaled. */
export const unitNeeds = async (db: HubDb | HubTx, unitIds: number[]) => {
  const needs = new Map<number, Map<number, bigint>>();
  if (unitIds.length === 0) return needs;
  const rows = rowsOf<{ unit_id: number; fabric_id: number; quantity: string }>(
    await db.execute(sql`with ${unitFabricUse(inArray(u.id, unitIds))}
      select uf.unit_id, uf.fabric_id, sum(uf.consumption)::numeric(20,4)::text as quantity
      from unit_fabric uf group by uf.unit_id, uf.fabric_id`),
  );
  for (const x of rows) {
    const q = toScaled(x.quantity);
    if (q <= 0n) continue;
    const m = needs.get(Number(x.unit_id)) ?? new Map<number, bigint>();
    m.set(Number(x.fabric_id), q);
    needs.set(Number(x.unit_id), m);
  }
  return needs;
};

const fabricIdsOf = (needs: Iterable<Map<number, bigint>>) => {
  const ids = new Set<number>();
  for (const m of needs) for (const id of m.keys()) ids.add(id);
  return [...ids].sort((a, b) => a - b);
};

/**
 * The fabrics' settings rows, made when missing and locked in fabric-id order for the rest of the
 * transaction: concurrent pulls, cuts, receipts and counts of one fabric queue up, and two pulls
 * taking several fabrics lock them in the same order.
 */
export const lockFabrics = async (tx: HubTx, factoryId: number, fabricIds: number[]) => {
  const s = schema.stockSettings;
  for (const id of fabricIds) {
    await tx.insert(s).values({ factoryId, fabricId: id, partId: null }).onConflictDoNothing();
  }
  if (fabricIds.length === 0) return;
  await tx.select({ id: s.id }).from(s).where(inArray(s.fabricId, fabricIds)).orderBy(s.fabricId).for("update");
};

/**
 * The open purchase order that would cover a shortfall of the fabric: open or partly received
 * lines with something outstanding, by expected date (the line's, else the PO's; none last); the
 * first whose running outstanding total reaches the shortfall.
 */
export const coveringPo = async (
  db: HubDb | HubTx,
  factoryId: number,
  fabricId: number,
  shortfall: string,
): Promise<{ number: string; expectedDate: string | null } | null> => {
  const [row] = rowsOf<{ number: string; expected: string | null }>(
    await db.execute(sql`with lines as (
        select po.number, coalesce(ln.expected_date, po.expected_date) as expected, ln.id,
          ln.quantity - ln.received_amt - ln.cancelled_amt as outstanding
        from inv_purchase_order_lines ln join inv_purchase_orders po on po.id = ln.po_id
        where po.factory_id = ${factoryId} and ln.fabric_id = ${fabricId}
          and po.status in ('open', 'partially_received')
          and ln.quantity - ln.received_amt - ln.cancelled_amt > 0
      ), run as (
        select number, expected, id, sum(outstanding) over (order by expected asc nulls last, id) as running from lines
      )
      select number, expected::text as expected from run where running >= ${shortfall}::numeric
      order by expected asc nulls last, id limit 1`),
  );
  return row ? { number: row.number, expectedDate: row.expected } : null;
};

/** The first fabric (by id) the need exceeds what is available of, with the shortfall. */
const shortOf = (need: Map<number, bigint> | undefined, avail: Map<number, bigint>) => {
  for (const [fabricId, q] of [...(need ?? new Map<number, bigint>())].sort((a, b) => a[0] - b[0])) {
    const a = avail.get(fabricId) ?? 0n;
    if (q > a) return { fabricId, shortfall: q - a };
  }
  return null;
};

const status = (state: TFabricStatus["state"], label: string, more: Partial<TFabricStatus> = {}): TFabricStatus => ({
  state,
  label,
  poNumber: null,
  expectedDate: null,
  overrideReason: null,
  ...more,
});

type WaitingCache = Map<string, Promise<TFabricStatus>>;

/** A unit short of fabric, with the PO that would cover it (looked up once per fabric and shortfall in `cache`). */
const waitingStatus = (
  db: HubDb | HubTx,
  factoryId: number,
  short: { fabricId: number; shortfall: bigint },
  cache: WaitingCache = new Map(),
): Promise<TFabricStatus> => {
  const key = `${factoryId}:${short.fabricId}:${short.shortfall}`;
  const known = cache.get(key);
  if (known) return known;
  const made = lookUpWaiting(db, factoryId, short);
  cache.set(key, made);
  return made;
};

const lookUpWaiting = async (
  db: HubDb | HubTx,
  factoryId: number,
  short: { fabricId: number; shortfall: bigint },
): Promise<TFabricStatus> => {
  const po = await coveringPo(db, factoryId, short.fabricId, fromScaled(short.shortfall));
  return status("waiting", CUTTING_MESSAGES.waitingLabel(po), {
    poNumber: po?.number ?? null,
    expectedDate: po?.expectedDate ?? null,
  });
};

const scaledAvailable = async (db: HubDb | HubTx, factoryId: number, fabricIds: number[]) => {
  const avail = new Map<number, bigint>();
  for (const [id, a] of await availableOf(db, factoryId, fabricIds)) avail.set(id, toScaled(a.available));
  return avail;
};

/** Units (of the ids) that hold a live reservation, with its override reason if any. */
const reservedUnits = async (db: HubDb | HubTx, unitIds: number[]) => {
  const held = new Map<number, string | null>();
  if (unitIds.length === 0) return held;
  const rows = await db
    .select({ unitId: r.unitId, reason: r.overrideReason })
    .from(r)
    .where(and(inArray(r.unitId, unitIds), eq(r.state, "reserved")));
  for (const x of rows) held.set(x.unitId, held.get(x.unitId) ?? x.reason);
  return held;
};

export type ReserveResult = {
  reserved: number[];
  waiting: { unitId: number; fabricStatus: TFabricStatus }[];
  overridden: number[];
};

/**
 * Reserves the units' fabric, in the caller's transaction and in the given order: each unit whose
 * need fits what is available (after the units before it) gets `reserved` rows; one that does not
 * waits, unless `overrideReason` is given, which reserves it anyway and keeps the reason, user and
 * time on its rows. Units already holding a reservation keep it. The fabrics' settings rows are
 * locked first (fabric-id order), so two pulls of one fabric cannot both take its last yards.
 */
export const reserveUnits = async (
  tx: HubTx,
  p: Principal,
  factoryId: number,
  unitIds: number[],
  overrideReason?: string,
): Promise<ReserveResult> => {
  const held = await reservedUnits(tx, unitIds);
  const todo = unitIds.filter((id) => !held.has(id));
  const needs = await unitNeeds(tx, todo);
  const fabricIds = fabricIdsOf(needs.values());
  await lockFabrics(tx, factoryId, fabricIds);
  const avail = await scaledAvailable(tx, factoryId, fabricIds);
  const out: ReserveResult = { reserved: [], waiting: [], overridden: [] };
  const rows: (typeof r.$inferInsert)[] = [];
  const now = new Date();
  const cache: WaitingCache = new Map();
  for (const id of unitIds) {
    if (held.has(id)) {
      out.reserved.push(id);
      continue;
    }
    const need = needs.get(id);
    const short = shortOf(need, avail);
    if (short && !overrideReason) {
      out.waiting.push({ unitId: id, fabricStatus: await waitingStatus(tx, factoryId, short, cache) });
      continue;
    }
    if (short) out.overridden.push(id);
    for (const [fabricId, q] of need ?? []) {
      avail.set(fabricId, (avail.get(fabricId) ?? 0n) - q);
      rows.push({
        factoryId,
        unitId: id,
        fabricId,
        quantity: fromScaled(q),
        ...(short ? { overrideReason, overrideBy: p.userId || null, overrideByName: p.userName, overrideAt: now } : {}),
      });
    }
    out.reserved.push(id);
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(r).values(rows.slice(i, i + 1000));
  return out;
};

const moveReservations = async (tx: HubTx, unitIds: number[], to: "consumed" | "released") => {
  for (let i = 0; i < unitIds.length; i += 1000) {
    await tx
      .update(r)
      .set({ state: to, updatedAt: new Date() })
      .where(and(inArray(r.unitId, unitIds.slice(i, i + 1000)), eq(r.state, "reserved")));
  }
};

/** Cut: the units' live reservations become consumption (the caller writes the ledger rows in the same transaction). */
export const consumeReservations = (tx: HubTx, unitIds: number[]) => moveReservations(tx, unitIds, "consumed");

/** Unpulled or cancelled: the units' live reservations go back to what is available. */
export const releaseReservations = (tx: HubTx, unitIds: number[]) => moveReservations(tx, unitIds, "released");

/** SQL to fold into a unit's state change (floor/state.ts): its live reservations released. */
export const releaseReservationsSql = (unitId: number) =>
  sql`update ${r} set state = 'released', updated_at = now() where ${r.unitId} = ${unitId} and ${r.state} = 'reserved'`;

/**
 * What the pull queue shows per unit: a unit holding a reservation is `reserved` (or `override`);
 * any other is `in_stock` when its need fits what is available now, else `waiting` with the
 * purchase order that would cover it. Each unit is judged on its own against the current stock.
 */
/**
 * For units waiting in the pull queue (unpulled, no live reservation), the fabric that they and every
 * such unit ahead of them in the queue's order (pull.service.ts `RANK`: priority, due date, id) need
 * together: a unit is in stock when that fits what is available, so twenty units sharing ten yards
 * show the first ten in stock and the rest waiting, as "Pull next" would pull them.
 */
const neededAhead = async (db: HubDb | HubTx, factoryId: number, unitIds: number[]) => {
  const ahead = new Map<number, Map<number, bigint>>();
  if (unitIds.length === 0) return ahead;
  const waiting = sql`${u.factoryId} = ${factoryId} and ${u.status} in ('queued', 'printed') and ${u.cutTicketId} is null
    and ${u.stationId} is null
    and not exists (select 1 from ${r} where ${r.unitId} = ${u.id} and ${r.state} = 'reserved')`;
  const rows = rowsOf<{ unit_id: number; fabric_id: number; quantity: string }>(
    await db.execute(sql`with ${unitFabricUse(waiting)}, need as (
        select uf.unit_id, uf.fabric_id, sum(uf.consumption) as q from unit_fabric uf group by 1, 2
      ), running as (
        select n.unit_id, n.fabric_id, sum(n.q) over (partition by n.fabric_id
          order by fu.priority desc, fu.due_date asc nulls last, fu.id rows unbounded preceding) as upto
        from need n join floor_units fu on fu.id = n.unit_id
      )
      select unit_id, fabric_id, upto::numeric(20,4)::text as quantity from running
      where unit_id = any(${`{${unitIds.join(",")}}`}::int[])`),
  );
  for (const x of rows) {
    const q = toScaled(x.quantity);
    if (q <= 0n) continue;
    const m = ahead.get(Number(x.unit_id)) ?? new Map<number, bigint>();
    m.set(Number(x.fabric_id), q);
    ahead.set(Number(x.unit_id), m);
  }
  return ahead;
};

export const unitFabricStatuses = async (
  db: HubDb | HubTx,
  units: { id: number; factoryId: number }[],
): Promise<Map<number, TFabricStatus>> => {
  const out = new Map<number, TFabricStatus>();
  const held = await reservedUnits(
    db,
    units.map((x) => x.id),
  );
  const free = units.filter((x) => !held.has(x.id));
  const needs = await unitNeeds(
    db,
    free.map((x) => x.id),
  );
  for (const [id, reason] of held)
    out.set(
      id,
      reason
        ? status("override", CUTTING_MESSAGES.overrideLabel(reason), { overrideReason: reason })
        : status("reserved", CUTTING_MESSAGES.reserved),
    );
  const cache: WaitingCache = new Map();
  for (const factoryId of new Set(free.map((x) => x.factoryId))) {
    const mine = free.filter((x) => x.factoryId === factoryId);
    const avail = await scaledAvailable(db, factoryId, fabricIdsOf(mine.map((x) => needs.get(x.id) ?? new Map())));
    const ahead = await neededAhead(
      db,
      factoryId,
      mine.map((x) => x.id),
    );
    for (const x of mine) {
      const short = shortOf(ahead.get(x.id) ?? needs.get(x.id), avail);
      out.set(
        x.id,
        short ? await waitingStatus(db, factoryId, short, cache) : status("in_stock", CUTTING_MESSAGES.inStock),
      );
    }
  }
  return out;
};

/**
 * A lay's fabric (the cut planner): held when every unit holds a reservation (`override` if any was
 * pulled past the stock), else whether the unreserved units' need together fits what is available.
 */
export const layFabricStatus = async (
  db: HubDb | HubTx,
  factoryId: number,
  unitIds: number[],
): Promise<TFabricStatus> => {
  const held = await reservedUnits(db, unitIds);
  const free = unitIds.filter((id) => !held.has(id));
  if (free.length === 0) {
    const reason = [...held.values()].find((x) => x !== null);
    return reason
      ? status("override", CUTTING_MESSAGES.overrideLabel(reason), { overrideReason: reason })
      : status("reserved", CUTTING_MESSAGES.reserved);
  }
  const needs = await unitNeeds(db, free);
  const total = new Map<number, bigint>();
  for (const m of needs.values()) for (const [f, q] of m) total.set(f, (total.get(f) ?? 0n) + q);
  const avail = await scaledAvailable(db, factoryId, [...total.keys()]);
  const short = shortOf(total, avail);
  return short ? waitingStatus(db, factoryId, short) : status("in_stock", CUTTING_MESSAGES.inStock);
};
