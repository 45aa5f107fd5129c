import {
  CUTTING_MESSAGES,
  PLAN_DEFAULTS,
  type TAcceptPlanRequest,
  type TCutPlan,
  type TPlanGroup,
  type TPlanLimits,
  type TPlanRequest,
  type TUnitStatus,
  ZAcceptPlanRequestSchema,
  ZPlanRequestSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { facilityScope, resolveFacility } from "../../platform/resource/owners";
import { readFactorySettings } from "../factory-config/factory-config.service";
import { cutterOf, cutterWhere } from "./cutters.service";
import { CUTTABLE, cuttable, fb, garmentColumns, iso, pl, st, statusLabel, sy, tk, u } from "./cutting-rows";
import {
  type MarkerInfo,
  naivePlan,
  type PlanGroupInput,
  PlanInputError,
  planGroup,
  sizeLengths,
  sizesOfRange,
  totalsOf,
} from "./planner";
import { RANK } from "./pull.service";

/** Cut plans: units planned into lays (planner), accepted into tickets, or discarded. */

type PlanUnit = {
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

type StoredPlan = Omit<TCutPlan, "id" | "factoryId" | "status" | "createdBy" | "createdAt" | "acceptedAt">;

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

/** The sizes of each style in order (from its Size option), its markers and its fabric consumption. */
const styleFacts = async (tx: HubTx, styleIds: number[]) => {
  if (styleIds.length === 0) return { sizes: [], markers: [], fabrics: [] };
  const sizes = await tx
    .select({
      styleId: schema.styleOptionAttributes.styleId,
      code: schema.attributes.code,
      name: schema.attributes.name,
    })
    .from(schema.styleOptionAttributes)
    .innerJoin(schema.options, eq(schema.options.id, schema.styleOptionAttributes.optionId))
    .innerJoin(schema.attributes, eq(schema.attributes.id, schema.styleOptionAttributes.attributeId))
    .where(
      and(
        inArray(schema.styleOptionAttributes.styleId, styleIds),
        or(sql`${schema.options.code} ~* 'size'`, sql`${schema.options.name} ~* 'size'`),
      ),
    )
    .orderBy(asc(schema.styleOptionAttributes.sortOrder), asc(schema.attributes.sortOrder));
  const markers = await tx
    .select({
      id: schema.styleMarkers.id,
      styleId: schema.styleMarkers.styleId,
      name: schema.styleMarkers.name,
      sizeRange: schema.styleMarkers.sizeRange,
      lengthInches: schema.styleMarkers.lengthInches,
      efficiencyPct: schema.styleMarkers.efficiencyPct,
    })
    .from(schema.styleMarkers)
    .where(inArray(schema.styleMarkers.styleId, styleIds))
    .orderBy(asc(schema.styleMarkers.id));
  const fabrics = await tx
    .select({
      styleId: schema.styleFabrics.styleId,
      fabricId: schema.styleFabrics.fabricId,
      consumption: schema.styleFabrics.consumption,
    })
    .from(schema.styleFabrics)
    .where(inArray(schema.styleFabrics.styleId, styleIds))
    .orderBy(asc(schema.styleFabrics.id));
  return { sizes, markers, fabrics };
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

type Facts = Awaited<ReturnType<typeof styleFacts>>;

/** The plan of some units: grouped by fabric, colour and style, each group planned (pure). */
export const buildPlan = (
  units: PlanUnit[],
  facts: Facts,
  body: { limits: TPlanLimits; fabricMaxPlies: { fabricId: number; maxPlies: number }[] },
): StoredPlan => {
  const unplanned: StoredPlan["unplanned"] = [];
  type Group = {
    units: PlanUnit[];
    fabricId: number;
    fabricCode: string;
    colour: string | null;
    styleId: number;
    styleCode: string;
  };
  const groups = new Map<string, Group>();
  for (const x of units) {
    if (x.fabricId === null || x.fabricCode === null) {
      unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.noFabric });
      continue;
    }
    if (x.size === null) {
      unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.noSize });
      continue;
    }
    if (x.styleId === null) {
      unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.noLength });
      continue;
    }
    const key = `${x.fabricId}|${x.colour ?? ""}|${x.styleId}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        units: [],
        fabricId: x.fabricId,
        fabricCode: x.fabricCode,
        colour: x.colour,
        styleId: x.styleId,
        styleCode: x.styleCode ?? "",
      };
      groups.set(key, g);
    }
    g.units.push(x);
  }
  const maxPliesOf = new Map(body.fabricMaxPlies.map((f) => [f.fabricId, f.maxPlies]));
  const out: TPlanGroup[] = [];
  let layNo = 0;
  const ordered = [...groups.values()].sort(
    (a, b) =>
      a.fabricCode.localeCompare(b.fabricCode) ||
      (a.colour ?? "").localeCompare(b.colour ?? "") ||
      a.styleCode.localeCompare(b.styleCode),
  );
  for (const g of ordered) {
    const styleSizes = facts.sizes.filter((s) => s.styleId === g.styleId).map((s) => ({ code: s.code, name: s.name }));
    for (const x of g.units) {
      if (x.size && !styleSizes.some((s) => s.code === x.size)) styleSizes.push({ code: x.size, name: x.size });
    }
    const markers: MarkerInfo[] = facts.markers
      .filter((m) => m.styleId === g.styleId)
      .map((m) => ({
        id: m.id,
        name: m.name,
        sizeRange: m.sizeRange,
        lengthInches: m.lengthInches,
        efficiencyPct: m.efficiencyPct,
      }));
    const dep = facts.fabrics.find((f) => f.styleId === g.styleId && f.fabricId === g.fabricId);
    const lengths = sizeLengths(
      styleSizes,
      markers,
      dep ? { consumption: dep.consumption, unit: g.units[0]?.fabricUnit ?? "yd" } : null,
    );
    const known = new Set(lengths.map((l) => l.size));
    const bySize = new Map<string, PlanUnit[]>();
    for (const x of g.units) {
      if (!known.has(x.size ?? "")) {
        unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.noLength });
        continue;
      }
      const list = bySize.get(x.size ?? "") ?? [];
      list.push(x);
      bySize.set(x.size ?? "", list);
    }
    if (bySize.size === 0) continue;
    const limits = {
      ...body.limits,
      maxPlies: Math.min(body.limits.maxPlies, maxPliesOf.get(g.fabricId) ?? Number.MAX_SAFE_INTEGER),
    };
    const input: PlanGroupInput = {
      key: `${g.fabricId}|${g.colour ?? ""}|${g.styleId}`,
      sizes: lengths.filter((l) => bySize.has(l.size)),
      demand: Object.fromEntries([...bySize].map(([s, list]) => [s, list.length])),
      limits,
    };
    let planned: ReturnType<typeof planGroup>;
    let naive: ReturnType<typeof naivePlan>;
    try {
      planned = planGroup(input);
      naive = naivePlan(input);
    } catch (e) {
      if (!(e instanceof PlanInputError)) throw e;
      for (const list of bySize.values())
        for (const x of list)
          unplanned.push({ unitId: x.id, barcode: x.barcode, reason: CUTTING_MESSAGES.tooLongForTable });
      continue;
    }
    // Units to lays: each size's units in pull order, the biggest lays first.
    const next = new Map([...bySize].map(([s, list]) => [s, [...list]]));
    const lays = planned.lays.map((lay) => {
      const unitIds: number[] = [];
      for (const [size, n] of Object.entries(lay.ratio)) {
        const list = next.get(size) ?? [];
        unitIds.push(...list.splice(0, n * lay.plies).map((x) => x.id));
      }
      // The marker that covers most of the lay's garments.
      let marker: MarkerInfo | null = null;
      let best = 0;
      for (const m of markers) {
        const range = sizesOfRange(m.sizeRange, styleSizes);
        const covered = Object.entries(lay.ratio).reduce((a, [s, n]) => a + (range.includes(s) ? n : 0), 0);
        if (covered > best) {
          best = covered;
          marker = m;
        }
      }
      layNo += 1;
      return {
        lay: layNo,
        ...lay,
        markerId: marker?.id ?? null,
        markerName: marker?.name ?? null,
        unitIds,
        ticketId: null,
        ticketNumber: null,
        cutterStationId: null,
      };
    });
    out.push({
      fabricId: g.fabricId,
      fabricCode: g.fabricCode,
      colour: g.colour,
      styleId: g.styleId,
      styleCode: g.styleCode,
      maxPlies: limits.maxPlies,
      demand: input.demand,
      lays,
      totals: planned.totals,
      naiveTotals: naive.totals,
    });
  }
  return {
    limits: body.limits,
    groups: out,
    totals: totalsOf(out.flatMap((g) => g.lays)),
    naiveTotals: {
      ...sumTotals(out.map((g) => g.naiveTotals)),
    },
    unplanned,
  };
};

const sumTotals = (list: TPlanGroup["totals"][]): TPlanGroup["totals"] => {
  const fabric = list.reduce((a, t) => a + t.fabricInches, 0);
  const used = list.reduce((a, t) => a + t.fabricInches * t.utilisation, 0);
  return {
    lays: list.reduce((a, t) => a + t.lays, 0),
    plies: list.reduce((a, t) => a + t.plies, 0),
    garments: list.reduce((a, t) => a + t.garments, 0),
    fabricInches: Math.round(fabric * 100) / 100,
    utilisation: fabric > 0 ? Math.round((used / fabric) * 10_000) / 10_000 : 0,
  };
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

export const getPlan = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TCutPlan> =>
  toPlan(await planRow(db, p, id));

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
