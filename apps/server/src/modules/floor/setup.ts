import type { TQcReasonRequest, TStationRequest } from "@hub/contracts";
import { qcReasonsApi, stationsApi } from "@hub/contracts/floor/setup-api";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { count, eq, sql } from "drizzle-orm";
import { facilityOwner } from "../../platform/resource/owners";
import type { ResourceDef } from "../../platform/resource/resource";
import { resourceRoutes } from "../../platform/resource/resource-routes";
import { recordFacilityListChange } from "../factory-config/factory-config.service";

/**
 * The floor's managed lists, on the resource engine with the facility as owner: stations (cutters
 * with isPress, print, sew, QC, pack-out) and QC reason codes. Their operations and who may call
 * them are declared in contracts (floor/setup-api.ts). Each change is also in the facility's
 * history (Factory Config), the entry before and after as people read it.
 */

const s = schema.floorStations;
const r = schema.floorQcReasons;

/** "CUT-1 · Cutter one (cutter, press, inactive)": a station as its history shows it. */
const describeStation = async (tx: HubTx, id: number) => {
  const [row] = await tx.select().from(s).where(eq(s.id, id));
  if (!row) return null;
  const notes = [row.kind, ...(row.isPress ? ["press"] : []), ...(row.active ? [] : ["inactive"])];
  return `${row.code} · ${row.name} (${notes.join(", ")})`;
};

/** "STAIN · Stain (redo, archived)": a QC reason code as its history shows it. */
const describeReason = async (tx: HubTx, id: number) => {
  const [row] = await tx.select().from(r).where(eq(r.id, id));
  if (!row) return null;
  return `${row.code} · ${row.name} (${[row.defaultAction, ...(row.archived ? ["archived"] : [])].join(", ")})`;
};

export const stationsResource: ResourceDef<TStationRequest, Record<string, unknown>, "factoryId"> = {
  api: stationsApi,
  noun: "station",
  table: s,
  columns: {
    id: s.id,
    factoryId: s.factoryId,
    updatedAt: s.updatedAt,
    code: s.code,
    name: s.name,
    kind: s.kind,
    isPress: s.isPress,
    active: s.active,
  },
  label: sql`${s.code} || ' · ' || ${s.name}`,
  sortable: { code: s.code, name: s.name, kind: s.kind, isPress: s.isPress, active: s.active, updatedAt: s.updatedAt },
  defaultSort: ["code", "asc"],
  search: [s.code, s.name, s.kind],
  values: async (_tx, req) => ({
    code: req.code,
    name: req.name,
    kind: req.kind,
    isPress: req.isPress,
    active: req.active,
    updatedAt: new Date(),
  }),
  unique: [{ field: "code", column: s.code, message: "This code is already used by another station" }],
  usedBy: async (db, id) => {
    const [n] = await db
      .select({ n: count() })
      .from(schema.floorUnitEvents)
      .where(eq(schema.floorUnitEvents.stationId, id));
    return Number(n?.n ?? 0) > 0 ? "Units were scanned at this station. Mark it inactive instead." : null;
  },
  csv: [
    { header: "code", value: (x) => x.code },
    { header: "name", value: (x) => x.name },
    { header: "kind", value: (x) => x.kind },
    { header: "isPress", value: (x) => x.isPress },
    { header: "active", value: (x) => x.active },
  ],
  owner: facilityOwner,
  audit: "floor.stations",
  history: { describe: describeStation, record: (tx, change) => recordFacilityListChange(tx, "station", change) },
};

export const qcReasonsResource: ResourceDef<TQcReasonRequest, Record<string, unknown>, "factoryId"> = {
  api: qcReasonsApi,
  noun: "reason code",
  table: r,
  columns: {
    id: r.id,
    factoryId: r.factoryId,
    archived: r.archived,
    code: r.code,
    name: r.name,
    defaultAction: r.defaultAction,
  },
  label: sql`${r.code} || ' · ' || ${r.name}`,
  sortable: { code: r.code, name: r.name, defaultAction: r.defaultAction },
  defaultSort: ["code", "asc"],
  search: [r.code, r.name],
  values: async (_tx, req) => ({ code: req.code, name: req.name, defaultAction: req.defaultAction }),
  unique: [{ field: "code", column: r.code, message: "This code is already used by another reason" }],
  usedBy: async (db, id) => {
    const [n] = await db
      .select({ n: count() })
      .from(schema.floorQcInspections)
      .where(eq(schema.floorQcInspections.reasonId, id));
    return Number(n?.n ?? 0) > 0 ? "QC inspections name this reason. Archive it instead." : null;
  },
  csv: [
    { header: "code", value: (x) => x.code },
    { header: "name", value: (x) => x.name },
    { header: "defaultAction", value: (x) => x.defaultAction },
    { header: "archived", value: (x) => x.archived },
  ],
  owner: facilityOwner,
  audit: "floor.qcReasons",
  history: { describe: describeReason, record: (tx, change) => recordFacilityListChange(tx, "qcReason", change) },
};

export const floorSetupRoutes = (db: HubDb) => [
  resourceRoutes(db, stationsResource),
  resourceRoutes(db, qcReasonsResource),
];
