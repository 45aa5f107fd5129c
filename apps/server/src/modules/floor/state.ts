import { type TUnitAction, type TUnitStatus, UNIT_ACTION_RULES, UNIT_TRANSITIONS } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/database";
import { conflict } from "../../platform/errors";
import { noticeInsert } from "../../platform/notify";
import { releaseReservationsSql } from "../inventory/reservations";
import { FLOOR_CHANNEL } from "./live";
import { keepScanSql, ScanRace, type StoredScan } from "./scans";
import { UNIT_ACTION_EFFECTS, unitStateMessage } from "./unit-action-effects";

export { unitStateMessage };

const CUTTABLE_STATES: TUnitStatus[] = ["queued", "printed"];

/**
 * The only function that changes a unit's state: it checks that the action may start from the
 * unit's state and that the move is a transition of the state machine (contracts/floor/units.ts),
 * else a 409 naming the current state; then it writes the unit and one floor_unit_events row, in
 * the caller's transaction. Where a caller-chosen move goes is the action's `target` (unit-action-effects.ts). The caller holds the unit row locked (select … for update) and calls
 * followOrder (follow.ts) afterwards so the order's lines and status follow their units.
 */

export interface UnitRef {
  id: number;
  barcode: string;
  status: string;
}

export interface UnitActor {
  /** Who, as the history shows it (a user's name). */
  actor: string;
  userId: number | null;
  stationId: number | null;
}

export interface UnitActionInput {
  /** Where to go, for status_update (default: the next step) and redo_steps (required). */
  to?: TUnitStatus;
  reason?: string | null;
  /** Whether the unit's style is printed (status_update from queued goes to printed, else to cut). */
  printed?: boolean;
  /** More writes of the same action folded into its statement (data-modifying CTE bodies: a QC inspection). */
  also?: SQL[];
  /** A scan's answer, kept by the same statement (scans.ts); the message may name the new state. */
  keep?: { factoryId: number; scanId: string | undefined; action: string; answer: (to: TUnitStatus) => StoredScan };
}

/** Where an action takes a unit, or a 409/400 saying why it cannot. */
export const resolveUnitMove = (unit: UnitRef, action: TUnitAction, input: UnitActionInput = {}): TUnitStatus => {
  const from = unit.status as TUnitStatus;
  const rule = UNIT_ACTION_RULES[action];
  if (!rule.from.includes(from)) throw conflict(unitStateMessage(unit, action), { status: from });
  const target = UNIT_ACTION_EFFECTS[action]?.target;
  const to = target ? target(unit, from, input) : (rule.to ?? from);
  if (to !== from && !UNIT_TRANSITIONS[from].includes(to)) {
    throw conflict(unitStateMessage(unit, action), { status: from });
  }
  return to;
};

/**
 * Applies an action to a locked unit: the new state (possibly unchanged), its history row, its live
 * notice, and what the caller folds in (`also`, `keep`), all in one statement: one round trip on
 * the floor's busiest path. Throws `ScanRace` when `keep` finds the scan id answered meanwhile.
 */
export const applyUnitAction = async (
  tx: HubTx,
  unit: UnitRef,
  action: TUnitAction,
  who: UnitActor,
  input: UnitActionInput = {},
): Promise<TUnitStatus> => {
  const to = resolveUnitMove(unit, action, input);
  const from = unit.status as TUnitStatus;
  const fu = schema.floorUnits;
  const fe = schema.floorUnitEvents;
  const parts: SQL[] = [];
  if (to !== from)
    parts.push(sql`moved as (
      update ${fu} set status = ${to}, updated_at = now()${
        to === "failed" && input.reason ? sql`, fail_reason = ${input.reason}` : sql``
      }
      where id = ${unit.id}
    )`);
  // Leaving the cuttable states by any way but a ticket's cut (which consumed them first): the
  // unit's fabric reservations are released (cancelled, failed, cut on its own).
  if (to !== from && CUTTABLE_STATES.includes(from) && !CUTTABLE_STATES.includes(to))
    parts.push(sql`released as (${releaseReservationsSql(unit.id)})`);
  parts.push(sql`logged as (
    insert into ${fe} (unit_id, action, from_status, to_status, station_id, reason, actor, actor_user_id)
    values (${unit.id}, ${action}, ${from}, ${to}, ${who.stationId}, ${input.reason ?? null}, ${who.actor}, ${who.userId})
  )`);
  parts.push(
    sql`noticed as (${noticeInsert(
      FLOOR_CHANNEL,
      sql`json_build_object('factoryId', factory_id, 'clientId', client_id, 'orderId', order_id, 'unitId', id, 'status', ${to}::text)`,
      sql`from ${fu} where id = ${unit.id}`,
    )})`,
  );
  for (const [i, write] of (input.also ?? []).entries()) parts.push(sql`${sql.raw(`also_${i}`)} as (${write})`);
  const keep = input.keep?.scanId ? input.keep : null;
  if (keep?.scanId)
    parts.push(sql`kept as (${keepScanSql(keep.factoryId, keep.scanId, keep.action, keep.answer(to))})`);
  const result = rowsOf<{ kept: number }>(
    await tx.execute(
      sql`with ${sql.join(parts, sql`, `)} select ${keep ? sql`(select count(*) from kept)::int` : sql`1`} as kept`,
    ),
  );
  if (keep && Number(result[0]?.kept ?? 0) === 0) throw new ScanRace();
  return to;
};
