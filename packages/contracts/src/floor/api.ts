import type { z } from "zod";
import { ZIdParamsSchema } from "../common/ids";
import { type Access, declareApi, type Operation, type OperationDef } from "../common/operation";
import { ZQcPointsSchema } from "../products/tech-pack/style-source";
import {
  FLOOR_USER_TYPES,
  ZFloorLabelsQuerySchema,
  ZFloorUnitDetailSchema,
  ZOrderUnitParamsSchema,
  ZOrderUnitsSchema,
  ZQcInspectRequestSchema,
  ZRecutRequestSchema,
  ZRecutResultSchema,
  ZReleaseResultSchema,
  ZToteAssignRequestSchema,
  ZToteBarcodeParamsSchema,
  ZToteCreateRequestSchema,
  ZToteCreateResultSchema,
  ZToteDetailSchema,
  ZToteListQuerySchema,
  ZTotePageSchema,
  ZToteResultSchema,
  ZToteScanRequestSchema,
  ZUnitActionResultSchema,
  ZUnitBarcodeParamsSchema,
  ZUnitEventListSchema,
  ZUnitIdParamsSchema,
  ZUnitPrintFileListSchema,
} from "./actions";
import {
  CUTTING_TYPES,
  ZAcceptPlanRequestSchema,
  ZCutPlanSchema,
  ZCutTicketDetailSchema,
  ZCutTicketListQuerySchema,
  ZCutTicketPageSchema,
  ZCutterListQuerySchema,
  ZCutterPageSchema,
  ZCutterRequestSchema,
  ZCutterSchema,
  ZCutUnitSheetPageSchema,
  ZCutUnitSheetQuerySchema,
  ZMarkCutResponseSchema,
  ZPlanRequestSchema,
  ZPullQuerySchema,
  ZPullRequestSchema,
  ZPullResponseSchema,
  ZQueuedUnitPageSchema,
  ZTicketPdfQuerySchema,
  ZTicketScanRequestSchema,
  ZUnpullRequestSchema,
  ZUnpullResponseSchema,
} from "./cutting";
import {
  ROUTED_UNIT_ACTIONS,
  type RouteOfUnitAction,
  type TRoutedUnitAction,
  type TUnitActionBody,
  UNIT_ACTION_TABLE,
  type UnitActionRoute,
} from "./unit-actions";

const floor = (card?: string): Access => ({ signedIn: true, types: FLOOR_USER_TYPES, ...(card ? { card } : {}) });
/** Reading a unit or a tote: every floor screen scans them. */
const FLOOR_READ = floor();
const UNITS = floor("unitActions");
const QC = floor("qcInspection");
const RECUT = floor("recutTote");
const ASSIGN = floor("assignTote");
const CLEAR = floor("clearTote");
const LOOKUP = floor("toteLookup");
/** Release to production: the facility (and admins) on the order details page. */
const RELEASE = floor("orders");
/** An order's units: whoever opens its details (clients read only; the service scopes by tenant). */
const ORDER_UNITS: Access = { signedIn: true, types: [...FLOOR_USER_TYPES, "client"], card: "orders" };

const errors = [409] as const;
const byId = { params: ZUnitIdParamsSchema, errors } as const;
const byBarcode = { params: ZUnitBarcodeParamsSchema, errors } as const;
const onTote = {
  method: "POST",
  params: ZToteBarcodeParamsSchema,
  responses: { 200: ZToteResultSchema },
  errors,
} as const;

/* ---------- the unit actions, from their table (unit-actions.ts) ---------- */

const unitActionById = <R extends UnitActionRoute>(route: R) =>
  ({
    method: "POST",
    path: route.byId,
    access: UNITS,
    ...byId,
    body: route.body,
    responses: { 200: ZUnitActionResultSchema },
  }) as const;
const unitActionByBarcode = <R extends UnitActionRoute>(route: R) =>
  ({
    method: "POST",
    path: route.byBarcode,
    access: UNITS,
    ...byBarcode,
    body: route.body,
    responses: { 200: ZUnitActionResultSchema },
  }) as const;

/** Two operations per routed action: `<name>` by id and `<name>ByBarcode` by scanned barcode. */
type UnitActionOperations = {
  [A in TRoutedUnitAction as RouteOfUnitAction<A>["name"]]: ReturnType<typeof unitActionById<RouteOfUnitAction<A>>>;
} & {
  [A in TRoutedUnitAction as `${RouteOfUnitAction<A>["name"]}ByBarcode`]: ReturnType<
    typeof unitActionByBarcode<RouteOfUnitAction<A>>
  >;
};

const unitActionOperations = (): UnitActionOperations => {
  const out: Record<string, OperationDef> = {};
  for (const action of ROUTED_UNIT_ACTIONS) {
    const route: UnitActionRoute = UNIT_ACTION_TABLE[action].route;
    out[route.name] = unitActionById(route);
    out[`${route.name}ByBarcode`] = unitActionByBarcode(route);
  }
  return out as UnitActionOperations;
};

/**
 * The floor's operations (issue 11; docs/adr/0005-floor.md): a unit by id and by scanned barcode
 * and its actions, totes, QC and recuts, labels, release to production and an order's units.
 */
export const floorApi = declareApi("floor", {
  /* ---------- units ---------- */
  getUnit: {
    method: "GET",
    path: "/floor/units/:id",
    access: FLOOR_READ,
    ...byId,
    responses: { 200: ZFloorUnitDetailSchema },
  },
  getUnitByBarcode: {
    method: "GET",
    path: "/floor/units/barcode/:barcode",
    access: FLOOR_READ,
    ...byBarcode,
    responses: { 200: ZFloorUnitDetailSchema },
  },
  /** The print files of the unit's client, to choose from (newest first). */
  unitPrintFiles: {
    method: "GET",
    path: "/floor/units/:id/printFiles",
    access: UNITS,
    ...byId,
    responses: { 200: ZUnitPrintFileListSchema },
  },
  ...unitActionOperations(),
  unitLabelsPdf: {
    method: "GET",
    path: "/floor/units/labels.pdf",
    access: UNITS,
    query: ZFloorLabelsQuerySchema,
    errors,
    file: "application/pdf",
  },

  /* ---------- QC and recuts ---------- */
  inspect: {
    method: "POST",
    path: "/floor/qc/units/:id",
    access: QC,
    ...byId,
    body: ZQcInspectRequestSchema,
    responses: { 200: ZUnitActionResultSchema },
  },
  /** The critical points of measure QC measures on a unit whose style was made from a tech pack (none otherwise). */
  qcPoints: {
    method: "GET",
    path: "/floor/qc/units/barcode/:barcode/points",
    access: QC,
    params: ZUnitBarcodeParamsSchema,
    responses: { 200: ZQcPointsSchema },
  },
  inspectByBarcode: {
    method: "POST",
    path: "/floor/qc/units/barcode/:barcode",
    access: QC,
    ...byBarcode,
    body: ZQcInspectRequestSchema,
    responses: { 200: ZUnitActionResultSchema },
  },
  recut: {
    method: "POST",
    path: "/floor/recut/units/:id",
    access: RECUT,
    ...byId,
    body: ZRecutRequestSchema,
    responses: { 200: ZRecutResultSchema },
  },
  recutByBarcode: {
    method: "POST",
    path: "/floor/recut/units/barcode/:barcode",
    access: RECUT,
    ...byBarcode,
    body: ZRecutRequestSchema,
    responses: { 200: ZRecutResultSchema },
  },

  /* ---------- totes ---------- */
  listTotes: {
    method: "GET",
    path: "/floor/totes",
    access: LOOKUP,
    query: ZToteListQuerySchema,
    responses: { 200: ZTotePageSchema },
    errors,
  },
  exportTotesCsv: {
    method: "GET",
    path: "/floor/totes/export.csv",
    access: LOOKUP,
    query: ZToteListQuerySchema,
    errors,
    file: "text/csv",
  },
  /** New totes with the next free barcodes. */
  createTotes: {
    method: "POST",
    path: "/floor/totes",
    access: ASSIGN,
    body: ZToteCreateRequestSchema,
    responses: { 201: ZToteCreateResultSchema },
    errors,
  },
  toteLabelsPdf: {
    method: "GET",
    path: "/floor/totes/labels.pdf",
    access: ASSIGN,
    query: ZFloorLabelsQuerySchema,
    errors,
    file: "application/pdf",
  },
  getTote: {
    method: "GET",
    path: "/floor/totes/barcode/:barcode",
    access: FLOOR_READ,
    params: ZToteBarcodeParamsSchema,
    responses: { 200: ZToteDetailSchema },
    errors,
  },
  /** Scan a unit into a tote. */
  assignToTote: {
    path: "/floor/totes/barcode/:barcode/units",
    access: ASSIGN,
    ...onTote,
    body: ZToteAssignRequestSchema,
  },
  clearTote: { path: "/floor/totes/barcode/:barcode/clear", access: CLEAR, ...onTote, body: ZToteScanRequestSchema },
  startTransit: {
    path: "/floor/totes/barcode/:barcode/startTransit",
    access: ASSIGN,
    ...onTote,
    body: ZToteScanRequestSchema,
  },

  /* ---------- release and an order's units ---------- */
  release: {
    method: "POST",
    path: "/orders/:id/release",
    access: RELEASE,
    params: ZIdParamsSchema,
    responses: { 200: ZReleaseResultSchema },
    errors,
  },
  orderUnits: {
    method: "GET",
    path: "/orders/:id/units",
    access: ORDER_UNITS,
    params: ZIdParamsSchema,
    responses: { 200: ZOrderUnitsSchema },
    errors,
  },
  unitEvents: {
    method: "GET",
    path: "/orders/:id/units/:unitId/events",
    access: ORDER_UNITS,
    params: ZOrderUnitParamsSchema,
    responses: { 200: ZUnitEventListSchema },
    errors,
  },
});

type UnitActionDef<P extends string, Params> = {
  method: "POST";
  path: P;
  access: Access;
  params: Params;
  body: z.ZodType<TUnitActionBody>;
  responses: { 200: typeof ZUnitActionResultSchema };
  errors: readonly [409];
};
/** Any routed action's two operations, with the body every action's schema parses into (the server's one loop). */
export type UnitActionOperationPair = {
  byId: Operation<UnitActionDef<`/floor/units/:id/${string}`, typeof ZUnitIdParamsSchema>>;
  byBarcode: Operation<UnitActionDef<`/floor/units/barcode/:barcode/${string}`, typeof ZUnitBarcodeParamsSchema>>;
};

type OperationOf<N> = N extends keyof typeof floorApi ? (typeof floorApi)[N] : never;

/** Each routed unit action's two operations, by action: what the server registers and the screen calls. */
export const UNIT_ACTION_OPERATIONS = Object.fromEntries(
  ROUTED_UNIT_ACTIONS.map((action) => {
    const { name } = UNIT_ACTION_TABLE[action].route;
    return [action, { byId: floorApi[name], byBarcode: floorApi[`${name}ByBarcode`] }];
  }),
) as {
  [A in TRoutedUnitAction]: {
    byId: OperationOf<RouteOfUnitAction<A>["name"]>;
    byBarcode: OperationOf<`${RouteOfUnitAction<A>["name"]}ByBarcode`>;
  };
};

/**
 * Cutting (issue 11): Pull Order (card pullOrder), the Cut Planner (cutPlannerAuto), and the
 * cutters with their tickets and the cut unit sheet (allCutters), for internal admins and facility
 * users; the services scope every row to the caller's facilities.
 */
const card = (c: string): Access => ({ signedIn: true, types: CUTTING_TYPES, card: c });
const PULL = card("pullOrder");
const PLAN = card("cutPlannerAuto");
const CUTTERS = card("allCutters");

const withId = { params: ZIdParamsSchema, errors } as const;

export const cuttingApi = declareApi("cutting", {
  /* ---------- cutters ---------- */
  listCutters: {
    method: "GET",
    path: "/floor/cutters",
    access: CUTTERS,
    query: ZCutterListQuerySchema,
    responses: { 200: ZCutterPageSchema },
    errors,
  },
  getCutter: {
    method: "GET",
    path: "/floor/cutters/:id",
    access: CUTTERS,
    ...withId,
    responses: { 200: ZCutterSchema },
  },
  createCutter: {
    method: "POST",
    path: "/floor/cutters",
    access: CUTTERS,
    body: ZCutterRequestSchema,
    responses: { 201: ZCutterSchema },
    errors,
  },
  updateCutter: {
    method: "PUT",
    path: "/floor/cutters/:id",
    access: CUTTERS,
    ...withId,
    body: ZCutterRequestSchema,
    responses: { 200: ZCutterSchema },
  },

  /* ---------- pull ---------- */
  pullQueue: {
    method: "GET",
    path: "/floor/pull",
    access: PULL,
    query: ZPullQuerySchema,
    responses: { 200: ZQueuedUnitPageSchema },
    errors,
  },
  exportPullCsv: {
    method: "GET",
    path: "/floor/pull/export.csv",
    access: PULL,
    query: ZPullQuerySchema,
    errors,
    file: "text/csv",
  },
  /** With an Idempotency-Key: a double click pulls once. */
  pull: {
    method: "POST",
    path: "/floor/pull",
    access: PULL,
    body: ZPullRequestSchema,
    responses: { 200: ZPullResponseSchema },
    errors,
  },
  unpull: {
    method: "POST",
    path: "/floor/pull/release",
    access: PULL,
    body: ZUnpullRequestSchema,
    responses: { 200: ZUnpullResponseSchema },
    errors,
  },

  /* ---------- plans ---------- */
  createPlan: {
    method: "POST",
    path: "/floor/cutPlans",
    access: PLAN,
    body: ZPlanRequestSchema,
    responses: { 201: ZCutPlanSchema },
    errors,
  },
  getPlan: { method: "GET", path: "/floor/cutPlans/:id", access: PLAN, ...withId, responses: { 200: ZCutPlanSchema } },
  acceptPlan: {
    method: "POST",
    path: "/floor/cutPlans/:id/accept",
    access: PLAN,
    ...withId,
    body: ZAcceptPlanRequestSchema,
    responses: { 200: ZCutPlanSchema },
  },
  discardPlan: {
    method: "POST",
    path: "/floor/cutPlans/:id/discard",
    access: PLAN,
    ...withId,
    responses: { 200: ZCutPlanSchema },
  },

  /* ---------- tickets ---------- */
  listTickets: {
    method: "GET",
    path: "/floor/cutTickets",
    access: CUTTERS,
    query: ZCutTicketListQuerySchema,
    responses: { 200: ZCutTicketPageSchema },
    errors,
  },
  getTicket: {
    method: "GET",
    path: "/floor/cutTickets/:id",
    access: CUTTERS,
    ...withId,
    responses: { 200: ZCutTicketDetailSchema },
  },
  ticketPdf: {
    method: "GET",
    path: "/floor/cutTickets/:id/ticket.pdf",
    access: CUTTERS,
    ...withId,
    query: ZTicketPdfQuerySchema,
    file: "application/pdf",
  },
  markCut: {
    method: "POST",
    path: "/floor/cutTickets/:id/cut",
    access: CUTTERS,
    ...withId,
    responses: { 200: ZMarkCutResponseSchema },
  },
  scanTicket: {
    method: "POST",
    path: "/floor/cutTickets/scan",
    access: CUTTERS,
    body: ZTicketScanRequestSchema,
    responses: { 200: ZMarkCutResponseSchema },
    errors,
  },
  cancelTicket: {
    method: "POST",
    path: "/floor/cutTickets/:id/cancel",
    access: CUTTERS,
    ...withId,
    responses: { 200: ZCutTicketDetailSchema },
  },

  /* ---------- the cut unit sheet ---------- */
  cutUnitSheet: {
    method: "GET",
    path: "/floor/cutUnitSheet",
    access: CUTTERS,
    query: ZCutUnitSheetQuerySchema,
    responses: { 200: ZCutUnitSheetPageSchema },
    errors,
  },
  exportCutUnitSheetCsv: {
    method: "GET",
    path: "/floor/cutUnitSheet/export.csv",
    access: CUTTERS,
    query: ZCutUnitSheetQuerySchema,
    errors,
    file: "text/csv",
  },
});
