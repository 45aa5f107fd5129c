import {
  CUTTING_MESSAGES,
  PLAN_DEFAULTS,
  type TAcceptPlanRequest,
  type TCutPlan,
  type TCutTicket,
  type TCutTicketDetail,
  type TCutTicketListQuery,
  type TCutter,
  type TCutterListQuery,
  type TCutterRequest,
  type TCutUnitSheetQuery,
  type TCutUnitSheetRow,
  type TMarkCutResponse,
  type TPage,
  type TPlanGroup,
  type TPlanLimits,
  type TPlanRequest,
  type TPullQuery,
  type TPullRequest,
  type TPullResponse,
  type TQueuedUnit,
  type TUnitStatus,
  UNIT_STATUS_LABELS,
  ZAcceptPlanRequestSchema,
  ZCutterRequestSchema,
  ZPlanRequestSchema,
  ZPullRequestSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import type { Subquery } from "drizzle-orm";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { dateRange, orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope, resolveFacility } from "../../platform/resource/owners";
import { col } from "../../platform/resource/resource";
import { getMaterial } from "../inventory/materials";
import { appendLedger, lockSettings } from "../inventory/stock.service";
import { followOrder } from "./follow";
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
import { applyUnitAction } from "./state";

/**
 * Cutting (docs/adr/0007-cut-planning.md): cutters, the pull queue, cut plans and their tickets,
 * marking a ticket cut (units cut, fabric consumed from the stock ledger, orders follow) and the
 * cut unit sheet. Every query is scoped to the caller's facilities (`facilityScope`); another
 * facility's row answers 404.
 */

const u = schema.floorUnits;
const st = schema.floorStations;
const tk = schema.floorCutTickets;
const pl = schema.floorCutPlans;
const o = schema.orders;
const c = schema.clients;
const sy = schema.styles;
const fb = schema.fabrics;

/** Units that may still be cut: queued or printed, on no ticket. */
const CUTTABLE: TUnitStatus[] = ["queued", "printed"];
const cuttable = and(inArray(u.status, CUTTABLE), isNull(u.cutTicketId));

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const statusLabel = (s: string) => UNIT_STATUS_LABELS[s as TUnitStatus]?.toLowerCase() ?? s;

// ---- cutters ---------------------------------------------------------------------------------

const cutterColumns = {
  id: st.id,
  factoryId: st.factoryId,
  code: st.code,
  name: st.name,
  isPress: st.isPress,
  active: st.active,
  queuedTickets: sql<number>`(select count(*)::int from ${tk} where ${col(tk.cutterStationId)} = ${col(st.id)} and ${col(tk.status)} = 'queued')`,
  ticketUnits: sql<number>`(select count(*)::int from ${u} join ${tk} on ${col(tk.id)} = ${col(u.cutTicketId)}
    where ${col(tk.cutterStationId)} = ${col(st.id)} and ${col(tk.status)} = 'queued')`,
  pulledUnits: sql<number>`(select count(*)::int from ${u} where ${col(u.stationId)} = ${col(st.id)} and ${col(u.cutTicketId)} is null
    and ${col(u.status)} in ('queued','printed'))`,
  cutToday: sql<number>`(select count(*)::int from ${tk} where ${col(tk.cutterStationId)} = ${col(st.id)} and ${col(tk.status)} = 'cut'
    and ${col(tk.cutAt)} >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')`,
};

const cutterWhere = (p: Principal) => and(eq(st.kind, "cutter"), facilityScope(p, st.factoryId));

export const listCutters = async (db: HubDb, p: Principal, q: TCutterListQuery): Promise<TPage<TCutter>> => {
  const where = and(
    cutterWhere(p),
    q.active === undefined ? undefined : eq(st.active, q.active === "true"),
    searchAny(q.searchString, [st.code, st.name]),
  );
  const order = orderByFor(q.sort, { code: st.code, name: st.name, isPress: st.isPress }, ["code", "asc"], st.id);
  const rows = await db
    .select(cutterColumns)
    .from(st)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(st).where(where);
  return toPage(rows, total?.n ?? 0, q);
};

export const getCutter = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TCutter> => {
  const [row] = await db
    .select(cutterColumns)
    .from(st)
    .where(and(cutterWhere(p), eq(st.id, id)));
  if (!row) throw notFound("That cutter");
  return row;
};

/** A cutter of `factoryId` named in a body: else a 400 on `field`. */
const cutterOf = async (tx: HubTx, p: Principal, id: number, factoryId: number, field: string) => {
  const [row] = await tx
    .select({ id: st.id, name: st.name, code: st.code })
    .from(st)
    .where(and(cutterWhere(p), eq(st.id, id), eq(st.factoryId, factoryId)));
  if (!row) throw badRequest(CUTTING_MESSAGES.notCutter, { [field]: CUTTING_MESSAGES.notCutter });
  return row;
};

export const saveCutter = async (db: HubDb, p: Principal, id: number | null, raw: TCutterRequest): Promise<TCutter> => {
  const body = ZCutterRequestSchema.parse(raw);
  try {
    const savedId = await db.transaction(async (tx) => {
      let rowId: number;
      if (id === null) {
        const factoryId = await resolveFacility(tx, p, body.factoryId);
        const [row] = await tx
          .insert(st)
          .values({
            factoryId,
            kind: "cutter",
            code: body.code,
            name: body.name,
            isPress: body.isPress,
            active: body.active,
          })
          .returning({ id: st.id });
        rowId = row?.id ?? 0;
      } else {
        await getCutter(tx, p, id);
        await tx
          .update(st)
          .set({ code: body.code, name: body.name, isPress: body.isPress, active: body.active, updatedAt: new Date() })
          .where(eq(st.id, id));
        rowId = id;
      }
      await recordAudit(tx, {
        actor: p.userName,
        action: id === null ? "floor.cutter.create" : "floor.cutter.update",
        subject: `station:${rowId}`,
        detail: { code: body.code, name: body.name, isPress: body.isPress, active: body.active },
      });
      return rowId;
    });
    return await getCutter(db, p, savedId);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(CUTTING_MESSAGES.codeTaken, { code: CUTTING_MESSAGES.codeTaken });
    throw e;
  }
};

// ---- queued units ----------------------------------------------------------------------------

const unitColumns = {
  id: u.id,
  barcode: u.barcode,
  status: sql<TUnitStatus>`${u.status}`,
  orderId: u.orderId,
  orderNumber: o.orderNumber,
  clientId: u.clientId,
  clientName: c.clientName,
  styleId: u.styleId,
  styleCode: sy.code,
  size: u.size,
  colour: u.colour,
  fabricId: u.fabricId,
  fabricCode: fb.fabricCode,
  dueDate: u.dueDate,
  priority: u.priority,
  attempt: u.attempt,
  stationId: u.stationId,
  stationName: st.name,
  cutTicketId: u.cutTicketId,
  ticketNumber: tk.ticketNumber,
};

const unitsFrom = (db: HubDb | HubTx) =>
  db
    .select(unitColumns)
    .from(u)
    .innerJoin(o, eq(o.id, u.orderId))
    .innerJoin(c, eq(c.clientId, u.clientId))
    .leftJoin(sy, eq(sy.id, u.styleId))
    .leftJoin(fb, eq(fb.id, u.fabricId))
    .leftJoin(st, eq(st.id, u.stationId))
    .leftJoin(tk, eq(tk.id, u.cutTicketId));

/**
 * The rows a list's filter matches, counted over the list's own query (its joins and where), so the
 * count cannot drift from the page; PostgreSQL drops the unused left joins.
 */
const countOf = (db: HubDb | HubTx, query: { as: (alias: string) => Subquery }) =>
  db.select({ n: count() }).from(query.as("counted"));

/** The pull queue's order: recuts and higher priority first, then the earliest due date. */
const RANK = [desc(u.priority), sql`${u.dueDate} asc nulls last`, asc(u.id)];

const pullWhere = (p: Principal, q: Omit<TPullQuery, "page" | "size" | "sort">): SQL | undefined =>
  and(
    facilityScope(p, u.factoryId),
    cuttable,
    q.fabricId === undefined ? undefined : eq(u.fabricId, q.fabricId),
    q.styleId === undefined ? undefined : eq(u.styleId, q.styleId),
    q.clientId === undefined ? undefined : eq(u.clientId, q.clientId),
    q.cutterStationId === undefined ? undefined : eq(u.stationId, q.cutterStationId),
    q.pulled === "pulled" ? isNotNull(u.stationId) : q.pulled === "unpulled" ? isNull(u.stationId) : undefined,
    searchAny(q.searchString, [u.barcode, o.orderNumber, sy.code, c.clientName, u.size, u.colour, fb.fabricCode]),
  );

const PULL_SORT = {
  dueDate: u.dueDate,
  priority: u.priority,
  barcode: u.barcode,
  orderNumber: o.orderNumber,
  styleCode: sy.code,
  size: u.size,
  colour: u.colour,
  fabricCode: fb.fabricCode,
  clientName: c.clientName,
};

/** GET /floor/pull */
export const listPullQueue = async (db: HubDb, p: Principal, q: TPullQuery): Promise<TPage<TQueuedUnit>> => {
  const where = pullWhere(p, q);
  const order = q.sort ? orderByFor(q.sort, PULL_SORT, ["dueDate", "asc"], u.id) : RANK;
  const rows = await unitsFrom(db)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await countOf(db, unitsFrom(db).where(where));
  return toPage(rows, total?.n ?? 0, q);
};

/** Every row of the filter, for export.csv (at most 50,000). */
export const exportPullQueue = (db: HubDb, p: Principal, q: TPullQuery) =>
  unitsFrom(db)
    .where(pullWhere(p, q))
    .orderBy(...RANK)
    .limit(50_000);

/**
 * The answer a key already got (floor_scans, shared with the floor's scans): a retry of a pull
 * with the same Idempotency-Key answers it again and pulls nothing more. The row is claimed first,
 * so a concurrent twin waits for this transaction and then reads its answer.
 */
const claimKey = async (tx: HubTx, factoryId: number, key: string, action: string) => {
  const claimed = await tx
    .insert(schema.floorScans)
    .values({ factoryId, scanId: `${action}:${key}`, action, response: {} })
    .onConflictDoNothing()
    .returning({ scanId: schema.floorScans.scanId });
  if (claimed.length > 0) return null;
  const [row] = await tx
    .select({ response: schema.floorScans.response })
    .from(schema.floorScans)
    .where(and(eq(schema.floorScans.factoryId, factoryId), eq(schema.floorScans.scanId, `${action}:${key}`)));
  return row?.response ?? null;
};
const storeKey = (tx: HubTx, factoryId: number, key: string, action: string, response: unknown) =>
  tx
    .update(schema.floorScans)
    .set({ response })
    .where(and(eq(schema.floorScans.factoryId, factoryId), eq(schema.floorScans.scanId, `${action}:${key}`)));

/** POST /floor/pull: units into a cutter's batch (their station), in one transaction. */
export const pullUnits = async (
  db: HubDb,
  p: Principal,
  raw: TPullRequest,
  key: string | undefined,
): Promise<TPullResponse> => {
  const body = ZPullRequestSchema.parse(raw);
  return db.transaction(async (tx) => {
    const [station] = await tx
      .select({ id: st.id, factoryId: st.factoryId, name: st.name })
      .from(st)
      .where(and(cutterWhere(p), eq(st.id, body.cutterStationId)));
    if (!station) throw badRequest(CUTTING_MESSAGES.notCutter, { cutterStationId: CUTTING_MESSAGES.notCutter });
    if (key) {
      const seen = await claimKey(tx, station.factoryId, key, "pull");
      if (seen && Object.keys(seen).length > 0) return seen as TPullResponse;
    }
    let ids: number[];
    if (body.unitIds) {
      const rows = await tx
        .select({ id: u.id, barcode: u.barcode, status: u.status, factoryId: u.factoryId, cutTicketId: u.cutTicketId })
        .from(u)
        .where(and(inArray(u.id, body.unitIds), facilityScope(p, u.factoryId)))
        .orderBy(asc(u.id))
        .for("update");
      const found = new Set(rows.map((r) => r.id));
      const missing = body.unitIds.find((id) => !found.has(id));
      if (missing !== undefined)
        throw badRequest("A chosen unit does not exist.", { unitIds: `Unknown unit ${missing}` });
      for (const r of rows) {
        if (r.factoryId !== station.factoryId)
          throw badRequest(CUTTING_MESSAGES.notCutter, { cutterStationId: CUTTING_MESSAGES.notCutter });
        if (!CUTTABLE.includes(r.status as TUnitStatus))
          throw conflict(CUTTING_MESSAGES.notPlannable(r.barcode, statusLabel(r.status)), { status: r.status });
        if (r.cutTicketId !== null)
          throw conflict(`Unit ${r.barcode} is already on a cut ticket.`, { unitIds: r.barcode });
      }
      ids = rows.map((r) => r.id);
    } else {
      const rows = await tx
        .select({ id: u.id })
        .from(u)
        .where(
          and(
            eq(u.factoryId, station.factoryId),
            cuttable,
            isNull(u.stationId),
            body.fabricId === undefined ? undefined : eq(u.fabricId, body.fabricId),
            body.styleId === undefined ? undefined : eq(u.styleId, body.styleId),
            body.clientId === undefined ? undefined : eq(u.clientId, body.clientId),
          ),
        )
        .orderBy(...RANK)
        .limit(body.count ?? 0)
        .for("update", { skipLocked: true });
      ids = rows.map((r) => r.id);
      if (ids.length === 0) throw conflict(CUTTING_MESSAGES.nothingToPull);
    }
    for (let i = 0; i < ids.length; i += 1000) {
      await tx
        .update(u)
        .set({ stationId: station.id, updatedAt: new Date() })
        .where(inArray(u.id, ids.slice(i, i + 1000)));
    }
    await recordAudit(tx, {
      actor: p.userName,
      action: "floor.pull",
      subject: `station:${station.id}`,
      detail: { units: ids.length },
    });
    const answer: TPullResponse = {
      cutterStationId: station.id,
      unitIds: ids,
      message: CUTTING_MESSAGES.pulled(ids.length, station.name),
    };
    if (key) await storeKey(tx, station.factoryId, key, "pull", answer);
    return answer;
  });
};

/** POST /floor/pull/release: pulled units (not on a ticket) back to the unpulled queue. */
export const unpullUnits = async (db: HubDb, p: Principal, unitIds: number[]) =>
  db.transaction(async (tx) => {
    const rows = await tx
      .update(u)
      .set({ stationId: null, updatedAt: new Date() })
      .where(and(inArray(u.id, unitIds), facilityScope(p, u.factoryId), isNull(u.cutTicketId)))
      .returning({ id: u.id });
    return { released: rows.length };
  });

// ---- planning --------------------------------------------------------------------------------

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
  styleId: u.styleId,
  styleCode: sy.code,
  size: u.size,
  colour: u.colour,
  fabricId: u.fabricId,
  fabricCode: fb.fabricCode,
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

/** POST /floor/cutPlans: plans the units into lays and keeps the plan as a draft. */
export const createPlan = async (db: HubDb, p: Principal, raw: TPlanRequest): Promise<TCutPlan> => {
  const body = ZPlanRequestSchema.parse(raw);
  const id = await db.transaction(async (tx) => {
    const units = await unitsToPlan(tx, p, body);
    if (units.length === 0) throw conflict(CUTTING_MESSAGES.nothingToPlan);
    const factoryId = units[0]?.factoryId ?? 0;
    if (units.some((x) => x.factoryId !== factoryId))
      throw badRequest(CUTTING_MESSAGES.mixedFacilities, { unitIds: CUTTING_MESSAGES.mixedFacilities });
    const plan = buildPlan(units, await styleFacts(tx, [...new Set(units.map((x) => x.styleId ?? 0))]), body);
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

// ---- tickets ---------------------------------------------------------------------------------

const marker = schema.styleMarkers;
const markerStyle = alias(sy, "marker_style");
const cutter = alias(st, "cutter");

const ticketColumns = {
  id: tk.id,
  ticketNumber: tk.ticketNumber,
  planId: tk.planId,
  factoryId: tk.factoryId,
  fabricId: tk.fabricId,
  fabricCode: fb.fabricCode,
  colour: tk.colour,
  styleCode: markerStyle.code,
  markerId: tk.markerId,
  markerName: marker.name,
  ratio: tk.ratio,
  plies: tk.plies,
  lengthInches: sql<string>`${tk.lengthInches}::text`,
  utilisationPct: sql<string | null>`${tk.utilisationPct}::text`,
  cutterStationId: tk.cutterStationId,
  cutterName: cutter.name,
  status: sql<TCutTicket["status"]>`${tk.status}`,
  units: sql<number>`(select count(*)::int from ${u} where ${col(u.cutTicketId)} = ${col(tk.id)})`,
  cutAt: tk.cutAt,
  cutBy: tk.cutBy,
  createdAt: tk.createdAt,
};

const ticketsFrom = (db: HubDb | HubTx) =>
  db
    .select(ticketColumns)
    .from(tk)
    .leftJoin(fb, eq(fb.id, tk.fabricId))
    .leftJoin(marker, eq(marker.id, tk.markerId))
    .leftJoin(markerStyle, eq(markerStyle.id, marker.styleId))
    .leftJoin(cutter, eq(cutter.id, tk.cutterStationId));

type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketsFrom>["where"]>>[number];
const toTicket = (r: TicketRow): TCutTicket => ({ ...r, cutAt: iso(r.cutAt), createdAt: r.createdAt.toISOString() });

const ticketWhere = (p: Principal, q: Partial<TCutTicketListQuery>) =>
  and(
    facilityScope(p, tk.factoryId),
    q.status === undefined ? undefined : eq(tk.status, q.status),
    q.cutterStationId === undefined ? undefined : eq(tk.cutterStationId, q.cutterStationId),
    q.planId === undefined ? undefined : eq(tk.planId, q.planId),
    searchAny(q.searchString, [tk.ticketNumber, fb.fabricCode, tk.colour, marker.name]),
  );

export const listTickets = async (db: HubDb, p: Principal, q: TCutTicketListQuery): Promise<TPage<TCutTicket>> => {
  const where = ticketWhere(p, q);
  const order = orderByFor(
    q.sort,
    { ticketNumber: tk.id, createdAt: tk.createdAt, cutAt: tk.cutAt, plies: tk.plies, status: tk.status },
    ["ticketNumber", "asc"],
    tk.id,
  );
  const rows = await ticketsFrom(db)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await countOf(db, ticketsFrom(db).where(where));
  return toPage(rows.map(toTicket), total?.n ?? 0, q);
};

export const getTicket = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TCutTicketDetail> => {
  const [row] = await ticketsFrom(db).where(and(eq(tk.id, id), facilityScope(p, tk.factoryId)));
  if (!row) throw notFound("That cut ticket");
  const unitList = await unitsFrom(db).where(eq(u.cutTicketId, id)).orderBy(asc(u.size), asc(u.id));
  const l = schema.stockLedger;
  const consumption = await db
    .select({
      fabricId: sql<number>`${l.fabricId}`,
      fabricCode: fb.fabricCode,
      unit: fb.unit,
      quantity: sql<string>`(-sum(${l.quantity}))::numeric(20,4)::text`,
    })
    .from(l)
    .innerJoin(fb, eq(fb.id, l.fabricId))
    .where(and(eq(l.kind, "consumption"), eq(l.reference, row.ticketNumber), eq(l.factoryId, row.factoryId)))
    .groupBy(l.fabricId, fb.fabricCode, fb.unit)
    .orderBy(asc(fb.fabricCode));
  return { ...toTicket(row), unitList, consumption };
};

/**
 * POST /floor/cutTickets/:id/cut: in one transaction, with the ticket and its units locked, each
 * queued or printed unit is marked cut (applyUnitAction "mark_cut", an event each, at the ticket's
 * cutter), their fabric is consumed from the stock ledger (one consumption row per fabric, the
 * units' style fabric dependencies summed in SQL numeric, referenced by the ticket number), and
 * the affected orders follow their units. A ticket already cut answers the same, changing nothing.
 */
export const markTicketCut = async (db: HubDb, p: Principal, id: number): Promise<TMarkCutResponse> => {
  const result = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({
        id: tk.id,
        number: tk.ticketNumber,
        status: tk.status,
        cutterStationId: tk.cutterStationId,
        factoryId: tk.factoryId,
      })
      .from(tk)
      .where(and(eq(tk.id, id), facilityScope(p, tk.factoryId)))
      .for("update");
    if (!ticket) throw notFound("That cut ticket");
    if (ticket.status === "cut") return { alreadyCut: true, unitsCut: 0, number: ticket.number };
    if (ticket.status !== "queued")
      throw conflict(CUTTING_MESSAGES.ticketCancelled(ticket.number), { status: ticket.status });
    const units = await tx
      .select({ id: u.id, barcode: u.barcode, status: u.status, orderId: u.orderId })
      .from(u)
      .where(eq(u.cutTicketId, ticket.id))
      .orderBy(asc(u.id))
      .for("update");
    const who = { actor: p.userName, userId: p.userId || null, stationId: ticket.cutterStationId };
    const cutIds: number[] = [];
    for (const x of units) {
      if (!CUTTABLE.includes(x.status as TUnitStatus)) continue; // cancelled or cut on its own meanwhile
      await applyUnitAction(tx, x, "mark_cut", who, { reason: ticket.number });
      cutIds.push(x.id);
    }
    if (cutIds.length > 0) await consumeFabric(tx, p, ticket, cutIds);
    await tx.update(tk).set({ status: "cut", cutAt: new Date(), cutBy: p.userName }).where(eq(tk.id, ticket.id));
    for (const orderId of [...new Set(units.map((x) => x.orderId))].sort((a, b) => a - b)) {
      await followOrder(tx, orderId, p.userName);
    }
    await recordAudit(tx, {
      actor: p.userName,
      action: "floor.cutTicket.cut",
      subject: `cutTicket:${ticket.id}`,
      detail: { ticket: ticket.number, units: cutIds.length },
    });
    return { alreadyCut: false, unitsCut: cutIds.length, number: ticket.number };
  });
  const detail = await getTicket(db, p, id);
  return {
    ticket: detail,
    alreadyCut: result.alreadyCut,
    unitsCut: result.unitsCut,
    message: result.alreadyCut
      ? CUTTING_MESSAGES.alreadyCut(result.number)
      : CUTTING_MESSAGES.markedCut(result.number, result.unitsCut),
  };
};

/**
 * The fabric the cut units used: per unit, its style's fabric dependencies that apply to its
 * variant (a row for one of the line's attributes replaces the all-variants row of the same
 * placement), summed per fabric in SQL numeric; one consumption ledger row per fabric.
 */
const consumeFabric = async (
  tx: HubTx,
  p: Principal,
  ticket: { number: string; factoryId: number },
  unitIds: number[],
) => {
  const rows = (
    (await tx.execute(sql`
    with unit_attrs as (
      select fu.id as unit_id, fu.style_id, (o->>'attributeId')::int as attribute_id
      from floor_units fu join order_items oi on oi.id = fu.item_id
      cross join lateral jsonb_array_elements(oi.options) o
      where fu.id in (${sql.join(
        unitIds.map((x) => sql`${x}`),
        sql`, `,
      )})
    ), deps as (
      select fu.id as unit_id, sf.fabric_id, sf.consumption, sf.attribute_id, coalesce(sf.placement, '') as placement
      from floor_units fu join lib_style_fabrics sf on sf.style_id = fu.style_id
      where fu.id in (${sql.join(
        unitIds.map((x) => sql`${x}`),
        sql`, `,
      )})
        and (sf.attribute_id is null
          or exists (select 1 from unit_attrs ua where ua.unit_id = fu.id and ua.attribute_id = sf.attribute_id))
    )
    select d.fabric_id, sum(d.consumption)::numeric(20,4)::text as quantity
    from deps d
    where d.attribute_id is not null
      or not exists (select 1 from deps x where x.unit_id = d.unit_id and x.attribute_id is not null and x.placement = d.placement)
    group by d.fabric_id order by d.fabric_id`)) as unknown as { rows: { fabric_id: number; quantity: string }[] }
  ).rows;
  for (const r of rows) {
    if (!/[1-9]/.test(r.quantity)) continue;
    const m = await getMaterial(tx, p, "fabric", Number(r.fabric_id), { factoryId: ticket.factoryId });
    await lockSettings(tx, m);
    await appendLedger(tx, p, m, {
      kind: "consumption",
      quantity: `-${r.quantity}`,
      reference: ticket.number,
      reason: "Cut",
    });
  }
};

/** POST /floor/cutTickets/scan: a ticket's barcode (CT-000042, or its id) marks it cut. */
export const scanTicketCut = async (db: HubDb, p: Principal, code: string): Promise<TMarkCutResponse> => {
  const text = code.trim().toUpperCase();
  const [row] = await db
    .select({ id: tk.id })
    .from(tk)
    .where(and(eq(tk.ticketNumber, text), facilityScope(p, tk.factoryId)));
  if (!row) throw notFound(`Cut ticket ${text}`);
  return markTicketCut(db, p, row.id);
};

/** POST /floor/cutTickets/:id/cancel: a queued ticket is cancelled and its units go back to the queue. */
export const cancelTicket = async (db: HubDb, p: Principal, id: number): Promise<TCutTicketDetail> => {
  await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: tk.id, number: tk.ticketNumber, status: tk.status })
      .from(tk)
      .where(and(eq(tk.id, id), facilityScope(p, tk.factoryId)))
      .for("update");
    if (!ticket) throw notFound("That cut ticket");
    if (ticket.status === "cancelled") return;
    if (ticket.status !== "queued")
      throw conflict(`${ticket.number} is ${ticket.status}, so it cannot be cancelled.`, { status: ticket.status });
    await tx.update(u).set({ cutTicketId: null, updatedAt: new Date() }).where(eq(u.cutTicketId, ticket.id));
    await tx.update(tk).set({ status: "cancelled" }).where(eq(tk.id, ticket.id));
    await recordAudit(tx, {
      actor: p.userName,
      action: "floor.cutTicket.cancel",
      subject: `cutTicket:${ticket.id}`,
      detail: { ticket: ticket.number },
    });
  });
  return getTicket(db, p, id);
};

// ---- the cut unit sheet ------------------------------------------------------------------------

const sheetColumns = { ...unitColumns, cutAt: tk.cutAt, cutBy: tk.cutBy, ticketStatus: tk.status };
const sheetFrom = (db: HubDb | HubTx) =>
  db
    .select(sheetColumns)
    .from(u)
    .innerJoin(o, eq(o.id, u.orderId))
    .innerJoin(c, eq(c.clientId, u.clientId))
    .leftJoin(sy, eq(sy.id, u.styleId))
    .leftJoin(fb, eq(fb.id, u.fabricId))
    .leftJoin(st, eq(st.id, u.stationId))
    .leftJoin(tk, eq(tk.id, u.cutTicketId));

const sheetWhere = (p: Principal, q: TCutUnitSheetQuery) =>
  and(
    facilityScope(p, u.factoryId),
    isNotNull(u.cutTicketId),
    q.ticketId === undefined ? undefined : eq(u.cutTicketId, q.ticketId),
    q.cutterStationId === undefined ? undefined : eq(tk.cutterStationId, q.cutterStationId),
    q.from || q.to ? and(eq(tk.status, "cut"), dateRange(tk.cutAt, q.from, q.to)) : ne(tk.status, "cancelled"),
    searchAny(q.searchString, [u.barcode, o.orderNumber, tk.ticketNumber, sy.code, c.clientName]),
  );

const SHEET_SORT = {
  ticketNumber: tk.id,
  barcode: u.barcode,
  cutAt: tk.cutAt,
  orderNumber: o.orderNumber,
  styleCode: sy.code,
  size: u.size,
  status: u.status,
};

type SheetRow = Awaited<ReturnType<ReturnType<typeof sheetFrom>["where"]>>[number];
const toSheetRow = (r: SheetRow): TCutUnitSheetRow => ({ ...r, cutAt: iso(r.cutAt) });

/** GET /floor/cutUnitSheet: the units of a ticket, or of the tickets cut in a date range. */
export const cutUnitSheet = async (
  db: HubDb,
  p: Principal,
  q: TCutUnitSheetQuery,
): Promise<TPage<TCutUnitSheetRow>> => {
  const where = sheetWhere(p, q);
  const order = orderByFor(q.sort, SHEET_SORT, ["ticketNumber", "asc"], u.id);
  const rows = await sheetFrom(db)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await countOf(db, sheetFrom(db).where(where));
  return toPage(rows.map(toSheetRow), total?.n ?? 0, q);
};

export const exportCutUnitSheet = async (db: HubDb, p: Principal, q: TCutUnitSheetQuery) =>
  (await sheetFrom(db).where(sheetWhere(p, q)).orderBy(asc(tk.id), asc(u.id)).limit(50_000)).map(toSheetRow);
