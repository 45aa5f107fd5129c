import {
  FLOOR_USER_TYPES,
  type TQcReasonRequest,
  type TStationRequest,
  ZQcReasonPageSchema,
  ZQcReasonRequestSchema,
  ZQcReasonSchema,
  ZStationPageSchema,
  ZStationRequestSchema,
  ZStationSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { count, eq, sql } from "drizzle-orm";
import type { Access } from "../../platform/access";
import { facilityOwner } from "../../platform/resource/owners";
import { type ResourceDef, resourceRoutes } from "../../platform/resource/resource";

/**
 * The floor's managed lists, on the resource engine with the facility as owner (GET/POST/PUT/DELETE
 * /floor/stations and /floor/qcReasons, CSV export, lookup for pickers): stations (cutters with
 * isPress, print, sew, QC, pack-out) and QC reason codes. The floor screens read them (any floor
 * user); the Stations and QC Reasons cards edit them.
 */

const s = schema.floorStations;
const r = schema.floorQcReasons;

const readAccess: Access = { signedIn: true, types: FLOOR_USER_TYPES };

export const stationsResource: ResourceDef<TStationRequest, Record<string, unknown>, "factoryId"> = {
  key: "stations",
  card: "floorStations",
  noun: "station",
  table: s,
  schemas: { request: ZStationRequestSchema, item: ZStationSchema, detail: ZStationSchema, page: ZStationPageSchema },
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
  access: { read: readAccess },
  owner: facilityOwner,
  prefix: "/floor",
  audit: "floor.stations",
  editors: FLOOR_USER_TYPES,
  tags: ["floor"],
};

export const qcReasonsResource: ResourceDef<TQcReasonRequest, Record<string, unknown>, "factoryId"> = {
  key: "qcReasons",
  card: "qcReasons",
  noun: "reason code",
  table: r,
  schemas: {
    request: ZQcReasonRequestSchema,
    item: ZQcReasonSchema,
    detail: ZQcReasonSchema,
    page: ZQcReasonPageSchema,
  },
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
  access: { read: readAccess },
  owner: facilityOwner,
  prefix: "/floor",
  audit: "floor.qcReasons",
  editors: FLOOR_USER_TYPES,
  tags: ["floor"],
};

export const floorSetupRoutes = (db: HubDb) => [
  resourceRoutes(db, stationsResource),
  resourceRoutes(db, qcReasonsResource),
];
