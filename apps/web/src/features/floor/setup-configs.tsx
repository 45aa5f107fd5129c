import { FLOOR_USER_TYPES } from "@hub/contracts/floor/actions";
import {
  QC_DEFAULT_ACTIONS,
  STATION_KINDS,
  type TQcReason,
  type TQcReasonRequest,
  type TStation,
  type TStationRequest,
  ZQcReasonPageSchema,
  ZQcReasonRequestSchema,
  ZQcReasonSchema,
  ZStationPageSchema,
  ZStationRequestSchema,
  ZStationSchema,
} from "@hub/contracts/floor/setup";
import { qcReasonsApi, stationsApi } from "@hub/contracts/floor/setup-api";
import type { ResourceConfig } from "../../components/resource/types";

const FLOOR_API = { editors: FLOOR_USER_TYPES } as const;

const oneOf = <T extends string>(all: readonly T[], v: string, fallback: T): T =>
  (all as readonly string[]).includes(v) ? (v as T) : fallback;

/** Stations (/floorStations): the floor's cutters (isPress), print, sew, QC and pack-out stations. */
export const stationsConfig: ResourceConfig<TStationRequest, TStation, TStation> = {
  api: stationsApi,
  ...FLOOR_API,
  card: "floorStations",
  listPath: "floorStations",
  basePath: "floorStations",
  title: "Stations",
  noun: "station",
  subtitle: "Where work is scanned on the floor: cutters (presses too), print, sew, QC and pack-out.",
  columns: [
    { field: "code", headerName: "Code", width: 140 },
    { field: "name", headerName: "Name", flex: 1, minWidth: 200 },
    { field: "kind", headerName: "Kind", width: 120 },
    { field: "isPress", headerName: "Press", width: 100, type: "boolean" },
    { field: "active", headerName: "Active", width: 100, type: "boolean" },
  ],
  defaultSort: "code,asc",
  searchPlaceholder: "Search code, name or kind…",
  titleField: "name",
  schemas: { page: ZStationPageSchema, detail: ZStationSchema, request: ZStationRequestSchema },
  fields: [
    { name: "code", label: "Code", kind: "text", half: true, helper: "Unique on this floor, e.g. CUT-1" },
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "kind", label: "Kind", kind: "select", options: STATION_KINDS, half: true },
    { name: "isPress", label: "Press (clicker or heat press)", kind: "switch", half: true },
    { name: "active", label: "Active", kind: "switch", half: true },
  ],
  empty: { factoryId: null, code: "", name: "", kind: "cutter", isPress: false, active: true },
  fromDetail: (d) => ({
    factoryId: d.factoryId,
    code: d.code,
    name: d.name,
    kind: oneOf(STATION_KINDS, d.kind, "cutter"),
    isPress: d.isPress,
    active: d.active,
  }),
};

/** QC Reasons (/qcReasons): the reason codes a QC fail or a recut names. */
export const qcReasonsConfig: ResourceConfig<TQcReasonRequest, TQcReason, TQcReason> = {
  api: qcReasonsApi,
  ...FLOOR_API,
  card: "qcReasons",
  listPath: "qcReasons",
  basePath: "qcReasons",
  title: "QC Reasons",
  noun: "reason code",
  subtitle: "Why a garment fails QC, and whether it usually goes to a recut or back a step.",
  columns: [
    { field: "code", headerName: "Code", width: 140 },
    { field: "name", headerName: "Name", flex: 1, minWidth: 220 },
    { field: "defaultAction", headerName: "Usually", width: 120 },
  ],
  defaultSort: "code,asc",
  searchPlaceholder: "Search code or name…",
  titleField: "name",
  schemas: { page: ZQcReasonPageSchema, detail: ZQcReasonSchema, request: ZQcReasonRequestSchema },
  fields: [
    { name: "code", label: "Code", kind: "text", half: true, helper: "Unique on this floor, e.g. SEAM" },
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "defaultAction", label: "Usually leads to", kind: "select", options: QC_DEFAULT_ACTIONS, half: true },
  ],
  empty: { factoryId: null, code: "", name: "", defaultAction: "recut" },
  fromDetail: (d) => ({
    factoryId: d.factoryId,
    code: d.code,
    name: d.name,
    defaultAction: oneOf(QC_DEFAULT_ACTIONS, d.defaultAction, "recut"),
  }),
  archivable: true,
};
