import {
  CUTTING_MESSAGES,
  PLAN_DEFAULTS,
  type TAcceptPlanRequest,
  type TCutPlan,
  type TPlanLimits,
  type TPlanRequest,
  type TUnitStatus,
  ZAcceptPlanRequestSchema,
  ZPlanRequestSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { facilityScope, resolveFacility } from "../../platform/resource/owners";
import { readFactorySettings } from "../factory-config/factory-config.service";
import { layFabricStatus, reserveUnits } from "../inventory/reservations";
import { buildPlan, styleFacts } from "./cut-plan-build";
import { cutterOf, cutterWhere } from "./cutters.service";
import { CUTTABLE, cuttable, fb, garmentColumns, iso, pl, st, statusLabel, sy, tk, u } from "./cutting-rows";
import { RANK } from "./pull.service";

/** Cut plans: units planned into lays (planner), accepted into tickets, or discarded. */

export type PlanUnit = {
  id: number;
  barcode: string;
  status: string;
  factoryId: number;
  cutTicketId: number | null;
  styleId: number | null;
  styleCode: string | null;
  size: string | null;
  colour: string | null;
  fabricId: number | null;
  fabricCode: string | null;
  fabricUnit: string | null;
};

export type StoredPlan = Omit<TCutPlan, "id" | "factoryId" | "status" | "createdBy" | "createdAt" | "acceptedAt">;

const planUnitColumns = {
  id: u.id,
  barcode: u.barcode,
  status: u.status,
  factoryId: u.factoryId,
  cutTicketId: u.cutTicketId,
  ...garmentColumns,
  fabricUnit: fb.unit,
};

/** The units a plan request names, in pull order; a named unit that cannot be cut is a 409 naming its state. */
const unitsToPlan = async (tx: HubTx, p: Principal, body: ReturnType<typeof ZPlanRequestSchema.parse>) => {
  const base = tx
    .select(planUnitColumns)
    .from(u)
    .leftJoin(sy, eq(sy.id, u.styleId))
    .leftJoin(fb, eq(fb.id, u.fabricId));
  if (body.unitIds) {
    const rows: PlanUnit[] = await base
      .where(and(inArray(u.id, body.unitIds), facilityScope(p, u.factoryId)))
      .orderBy(...RANK);
    const found = new Set(rows.map((r) => r.id));
    const missing = body.unitIds.find((id) => !found.has(id));
    if (missing !== undefined)
      throw badRequest("A chosen unit does not exist.", { unitIds: `Unknown unit ${missing}` });
    for (const r of rows) {
      if (!CUTTABLE.includes(r.status as TUnitStatus))
        throw conflict(CUTTING_MESSAGES.notPlannable(r.barcode, statusLabel(r.status)), { status: r.status });
      if (r.cutTicketId !== null)
        throw conflict(`Unit ${r.barcode} is already on a cut ticket.`, { unitIds: r.barcode });
    }
    return rows;
  }
  let factoryId = body.factoryId;
  if (body.cutterStationId !== undefined) {
    const [station] = await tx
      .select({ factoryId: st.factoryId })
      .from(st)
      .where(and(cutterWhere(p), eq(st.id, body.cutterStationId)));
    if (!station) throw badRequest(CUTTING_MESSAGES.notCutter, { cutterStationId: CUTTING_MESSAGES.notCutter });
    factoryId = station.factoryId;
  }
  factoryId = await resolveFacility(tx, p, factoryId);
  return (await base
    .where(
      and(
        eq(u.factoryId, factoryId),
        facilityScope(p, u.factoryId),
        cuttable,
        body.cutterStationId === undefined ? undefined : eq(u.stationId, body.cutterStationId),
        body.fabricId === undefined ? undefined : eq(u.fabricId, body.fabricId),
      ),
    )
    .orderBy(...RANK)
    .limit(10_000)) as PlanUnit[];
};

/** The limits of a plan: those the request names, the rest the facility's cut planner defaults (Factory Config). */
const limitsFor = async (tx: HubTx, factoryId: number, asked: Partial<TPlanLimits>): Promise<TPlanLimits> => {
  const s = (await readFactorySettings(tx, factoryId))?.settings;
  return {
    maxPlies: asked.maxPlies ?? s?.cutMaxPlies ?? PLAN_DEFAULTS.maxPlies,
    tableLengthInches: asked.tableLengthInches ?? s?.cutTableLengthInches ?? PLAN_DEFAULTS.tableLengthInches,
    maxGarmentsPerPly: asked.maxGarmentsPerPly ?? s?.cutMaxGarmentsPerPly ?? PLAN_DEFAULTS.maxGarmentsPerPly,
    endAllowanceInches: asked.endAllowanceInches ?? s?.cutEndAllowanceInches ?? PLAN_DEFAULTS.endAllowanceInches,
  };
};

/** POST /floor/cutPlans: plans the units into lays and keeps the plan as a draft. */
export const createPlan = async (db: HubDb, p: Principal, raw: TPlanRequest): Promise<TCutPlan> => {
  const body = ZPlanRequestSchema.parse(raw);
  const id = await db.transaction(async (tx) => {
    const units = await unitsToPlan(tx, p, body);
    if (units.length === 0) throw conflict(CUTTING_MESSAGES.nothingToPlan);
    const factoryId = units[0]?.factoryId ?? 0;
    if (units.some((x) => x.factoryId !== factoryId))
      throw badRequest(CUTTING_MESSAGES.mixedFacilities, { unitIds: CUTTING_MESSAGES.mixedFacilities });
    const limits = await limitsFor(tx, factoryId, body.limits);
    const facts = await styleFacts(tx, [...new Set(units.map((x) => x.styleId ?? 0))]);
    const plan = buildPlan(units, facts, { limits, fabricMaxPlies: body.fabricMaxPlies });
    const [row] = await tx
      .insert(pl)
      .values({
        factoryId,
        status: "draft",
        summary: plan as unknown as Record<string, unknown>,
        createdBy: p.userName,
      })
      .returning({ id: pl.id });
    return row?.id ?? 0;
  });
  return getPlan(db, p, id);
};

const planRow = async (db: HubDb | HubTx, p: Principal, id: number, lock = false) => {
  const q = db
    .select()
    .from(pl)
    .where(and(eq(pl.id, id), facilityScope(p, pl.factoryId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("That cut plan");
  return row;
};

const NO_TOTALS = { lays: 0, plies: 0, garments: 0, fabricInches: 0, utilisation: 0 };

const toPlan = (row: typeof pl.$inferSelect): TCutPlan => {
  const s = row.summary as unknown as StoredPlan;
  return {
    id: row.id,
    factoryId: row.factoryId,
    status: row.status as TCutPlan["status"],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    limits: s.limits ?? PLAN_DEFAULTS,
    groups: s.groups ?? [],
    // A plan kept before its summary carried totals (an older demo database) shows none, not a 500.
    totals: s.totals ?? NO_TOTALS,
    naiveTotals: s.naiveTotals ?? NO_TOTALS,
    unplanned: s.unplanned ?? [],
  };
};

/**
 * A plan with each lay's fabric status (issue 22 part 2), read now: only lays that still have a
 * unit to cut get one (a cut lay's fabric is consumed).
 */
export const getPlan = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TCutPlan> => {
  const plan = toPlan(await planRow(db, p, id));
  if (plan.status === "discarded") return plan;
  const all = plan.groups.flatMap((g) => g.lays.flatMap((l) => l.unitIds));
  const open = new Set(
    all.length
      ? (
          await db
            .select({ id: u.id })
            .from(u)
            .where(and(inArray(u.id, all), inArray(u.status, CUTTABLE)))
        ).map((x) => x.id)
      : [],
  );
  for (const g of plan.groups)
    for (const lay of g.lays) {
      const ids = lay.unitIds.filter((x) => open.has(x));
      if (ids.length > 0) lay.fabricStatus = await layFabricStatus(db, plan.factoryId, ids);
    }
  return plan;
};

/**
 * POST /floor/cutPlans/:id/accept: one cut ticket per lay, queued to its cutter, its units linked
 * (cut_ticket_id and station), in one transaction. Every unit must still be queued or printed and
 * on no ticket (else 409 naming it and its state, nothing written). Accepting an accepted plan
 * answers it again and changes nothing.
 */
export const acceptPlan = async (db: HubDb, p: Principal, id: number, raw: TAcceptPlanRequest): Promise<TCutPlan> => {
  const body = ZAcceptPlanRequestSchema.parse(raw);
  await db.transaction(async (tx) => {
    const row = await planRow(tx, p, id, true);
    if (row.status === "accepted") return;
    if (row.status !== "draft") throw conflict(CUTTING_MESSAGES.planClosed(row.status), { status: row.status });
    const plan = toPlan(row);
    const cutters = new Map<number, { id: number; name: string }>();
    const cutterFor = async (cutterId: number, field: string) => {
      const known = cutters.get(cutterId);
      if (known) return known;
      const found = await cutterOf(tx, p, cutterId, row.factoryId, field);
      cutters.set(cutterId, found);
      return found;
    };
    await cutterFor(body.cutterStationId, "cutterStationId");
    const chosen = new Map(body.assignments.map((a) => [a.lay, a.cutterStationId]));
    const unitIds = plan.groups.flatMap((g) => g.lays.flatMap((l) => l.unitIds));
    const locked = unitIds.length
      ? await tx
          .select({
            id: u.id,
            barcode: u.barcode,
            status: u.status,
            cutTicketId: u.cutTicketId,
            ticket: tk.ticketNumber,
          })
          .from(u)
          .leftJoin(tk, eq(tk.id, u.cutTicketId))
          .where(inArray(u.id, unitIds))
          .orderBy(asc(u.id))
          .for("update", { of: u })
      : [];
    if (locked.length !== unitIds.length) throw conflict("Some units of this plan no longer exist: plan again.");
    for (const x of locked) {
      if (!CUTTABLE.includes(x.status as TUnitStatus))
        throw conflict(CUTTING_MESSAGES.notPlannable(x.barcode, statusLabel(x.status)), { status: x.status });
      if (x.cutTicketId !== null)
        throw conflict(CUTTING_MESSAGES.onTicket(x.barcode, x.ticket ?? ""), { status: x.status });
    }
    // Units planned without a pull reserve their fabric now; one short of it is refused (pull it
    // with an override reason first).
    const held = await reserveUnits(tx, p, row.factoryId, unitIds);
    const short = held.waiting[0];
    if (short) {
      const x = locked.find((l) => l.id === short.unitId);
      throw conflict(CUTTING_MESSAGES.refusedForFabric(x?.barcode ?? "", short.fabricStatus.label), {
        fabric: short.fabricStatus.label,
      });
    }
    for (const g of plan.groups) {
      for (const lay of g.lays) {
        const cutter = await cutterFor(chosen.get(lay.lay) ?? body.cutterStationId, `assignments.${lay.lay}`);
        const [ticket] = await tx
          .insert(tk)
          .values({
            factoryId: row.factoryId,
            planId: row.id,
            fabricId: g.fabricId,
            colour: g.colour,
            markerId: lay.markerId,
            ratio: lay.ratio,
            plies: lay.plies,
            lengthInches: lay.lengthInches,
            utilisationPct: Math.round(lay.utilisation * 10_000) / 100,
            cutterStationId: cutter.id,
            status: "queued",
          })
          .returning({ id: tk.id, ticketNumber: tk.ticketNumber });
        if (!ticket) throw new Error("ticket insert returned nothing");
        for (let i = 0; i < lay.unitIds.length; i += 1000) {
          await tx
            .update(u)
            .set({ cutTicketId: ticket.id, stationId: cutter.id, updatedAt: new Date() })
            .where(inArray(u.id, lay.unitIds.slice(i, i + 1000)));
        }
        lay.ticketId = ticket.id;
        lay.ticketNumber = ticket.ticketNumber;
        lay.cutterStationId = cutter.id;
      }
    }
    const summary: StoredPlan = {
      limits: plan.limits,
      groups: plan.groups,
      totals: plan.totals,
      naiveTotals: plan.naiveTotals,
      unplanned: plan.unplanned,
    };
    await tx
      .update(pl)
      .set({ status: "accepted", acceptedAt: new Date(), summary: summary as unknown as Record<string, unknown> })
      .where(eq(pl.id, row.id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "floor.cutPlan.accept",
      subject: `cutPlan:${row.id}`,
      detail: { tickets: plan.groups.reduce((a, g) => a + g.lays.length, 0), units: unitIds.length },
    });
  });
  return getPlan(db, p, id);
};

/** POST /floor/cutPlans/:id/discard: a draft is set aside (an accepted plan stays). */
export const discardPlan = async (db: HubDb, p: Principal, id: number): Promise<TCutPlan> => {
  await db.transaction(async (tx) => {
    const row = await planRow(tx, p, id, true);
    if (row.status === "discarded") return;
    if (row.status !== "draft") throw conflict(CUTTING_MESSAGES.planClosed(row.status), { status: row.status });
    await tx.update(pl).set({ status: "discarded" }).where(eq(pl.id, id));
  });
  return getPlan(db, p, id);
};
