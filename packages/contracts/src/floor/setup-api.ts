import type { Access } from "../common/operation";
import { resourceApi } from "../common/resource-api";
import { FLOOR_USER_TYPES } from "./actions";
import {
  ZQcReasonPageSchema,
  ZQcReasonRequestSchema,
  ZQcReasonSchema,
  ZStationPageSchema,
  ZStationRequestSchema,
  ZStationSchema,
} from "./setup";

/**
 * The floor's managed lists, on the resource engine with the facility as owner (/floor/stations
 * and /floor/qcReasons, CSV export, lookup for pickers). The floor screens read them (any floor
 * user); the Stations and QC Reasons cards edit them.
 */
const FLOOR_READ: Access = { signedIn: true, types: FLOOR_USER_TYPES };
const at = { area: "floor", prefix: "/floor" } as const;

/** Stations: cutters (with isPress), print, sew, QC and pack-out. */
export const stationsApi = resourceApi({
  ...at,
  key: "stations",
  schemas: { request: ZStationRequestSchema, page: ZStationPageSchema, detail: ZStationSchema },
  access: { read: FLOOR_READ, write: { signedIn: true, card: "floorStations", types: FLOOR_USER_TYPES } },
});

/** QC reason codes. */
export const qcReasonsApi = resourceApi({
  ...at,
  key: "qcReasons",
  schemas: { request: ZQcReasonRequestSchema, page: ZQcReasonPageSchema, detail: ZQcReasonSchema },
  access: { read: FLOOR_READ, write: { signedIn: true, card: "qcReasons", types: FLOOR_USER_TYPES } },
  archivable: true,
});
