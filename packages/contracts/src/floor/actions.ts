import { z } from "zod";
import { ZIdSchema, zDbId } from "../common/ids";
import { LABEL_FORMATS, LABEL_SYMBOLOGIES, PAPER_SIZES } from "../common/labels";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";
import { ZQcMeasurementSchema } from "../products/tech-pack/style-source";
import { UNIT_ACTIONS, ZScanIdSchema } from "./unit-actions";
import { UNIT_STATUSES } from "./units";

/**
 * The floor's API (issue 11; docs/adr/0005-floor.md): a unit's actions by id and by scanned
 * barcode, totes, QC and recuts, release to production, and the units of an order. Every write
 * takes an optional client scan id (`scanId`, one per press of Enter): the same id again answers
 * the stored answer and changes nothing twice.
 */

/** A moment on the wire: an ISO date-time with its offset. */
const zIso = () => z.iso.datetime({ offset: true });

/** The floor's screens and routes: facility users and internal admins (client users never). */
export const FLOOR_USER_TYPES = ["icreate", "manufacturer", "factory"] as const;

/** A unit's barcode, as printed on its label: U-00000412. */
export const UNIT_BARCODE_PATTERN = /^U-\d{8}$/i;
/** A tote's barcode: T-0042. */
export const TOTE_BARCODE_PATTERN = /^T-\d{4,8}$/i;

export const FLOOR_MESSAGES = {
  unitNotFound: (code: string) => `No unit ${code} on this floor.`,
  toteNotFound: (code: string) => `No tote ${code} on this floor.`,
  notAUnit: (code: string) => `${code} is not a unit barcode (U-00000001).`,
  notATote: (code: string) => `${code} is not a tote barcode (T-0001).`,
  scanToteFirst: "Scan a tote first.",
  chooseReason: "Choose a reason",
  chooseStep: "Choose an earlier step",
  released: (orderNumber: string, units: number) =>
    `Order ${orderNumber} was released to production: ${units} unit${units === 1 ? "" : "s"} queued.`,
  alreadyReleased: (orderNumber: string) => `Order ${orderNumber} is already released to production.`,
  releaseClosed: (orderNumber: string, status: string) =>
    `Order ${orderNumber} is ${status.replaceAll("_", " ")}, so it cannot be released to production.`,
} as const;

export const ZUnitIdParamsSchema = z.object({ id: ZIdSchema });
export const ZUnitBarcodeParamsSchema = z.object({ barcode: zText().trim().min(1).max(40) });
export const ZToteBarcodeParamsSchema = z.object({ barcode: zText().trim().min(1).max(40) });

export const ZUnitEventSchema = z.object({
  id: z.number().int(),
  action: zText(),
  fromStatus: zText().nullable(),
  toStatus: zText(),
  stationId: z.number().int().nullable(),
  stationCode: zText().nullable(),
  reason: zText().nullable(),
  actor: zText(),
  at: zIso(),
});
export type TUnitEvent = z.infer<typeof ZUnitEventSchema>;

/** A unit as the floor sees it. */
export const ZFloorUnitSchema = z.object({
  id: z.number().int(),
  barcode: zText(),
  factoryId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: zText(),
  clientName: zText(),
  itemId: z.number().int(),
  lineNumber: z.number().int(),
  styleCode: zText(),
  styleName: zText(),
  sku: zText(),
  instance: z.number().int(),
  attempt: z.number().int(),
  recutOfId: z.number().int().nullable(),
  status: z.enum(UNIT_STATUSES),
  size: zText().nullable(),
  colour: zText().nullable(),
  fabricId: z.number().int().nullable(),
  printFileId: z.number().int().nullable(),
  printFileName: zText().nullable(),
  dueDate: zText().nullable(),
  priority: z.number().int(),
  swatchesInspectedAt: zIso().nullable(),
  toteId: z.number().int().nullable(),
  toteBarcode: zText().nullable(),
  failReason: zText().nullable(),
  updatedAt: zIso(),
  /** What may be done to it now (the state machine's actions whose rules start from its state). */
  allowedActions: z.array(z.enum(UNIT_ACTIONS)),
});
export type TFloorUnit = z.infer<typeof ZFloorUnitSchema>;

export const ZFloorUnitDetailSchema = ZFloorUnitSchema.extend({ events: z.array(ZUnitEventSchema) });
export type TFloorUnitDetail = z.infer<typeof ZFloorUnitDetailSchema>;

/** What a scan answers: the message the screen shows, the unit now, and whether it was a repeat. */
export const ZUnitActionResultSchema = z.object({
  message: zText(),
  replayed: z.boolean(),
  unit: ZFloorUnitSchema,
});
export type TUnitActionResult = z.infer<typeof ZUnitActionResultSchema>;

/* ---------- totes ---------- */

export const TOTE_STATUSES = ["empty", "in_use", "in_transit"] as const;
export type TToteStatus = (typeof TOTE_STATUSES)[number];

export const ZToteSchema = z.object({
  id: z.number().int(),
  barcode: zText(),
  factoryId: z.number().int(),
  status: z.enum(TOTE_STATUSES),
  orderId: z.number().int().nullable(),
  orderNumber: zText().nullable(),
  clientName: zText().nullable(),
  stationId: z.number().int().nullable(),
  stationCode: zText().nullable(),
  transitStartedAt: zIso().nullable(),
  unitCount: z.number().int(),
  updatedAt: zIso(),
});
export type TTote = z.infer<typeof ZToteSchema>;

/** A tote with its units (active tote by barcode, find order by tote). */
export const ZToteDetailSchema = ZToteSchema.extend({ units: z.array(ZFloorUnitSchema) });
export type TToteDetail = z.infer<typeof ZToteDetailSchema>;

export const ZToteResultSchema = z.object({ message: zText(), replayed: z.boolean(), tote: ZToteDetailSchema });
export type TToteResult = z.infer<typeof ZToteResultSchema>;

export const ZToteListQuerySchema = ZPageQuerySchema.extend({
  status: z.enum(TOTE_STATUSES, { error: "Use empty, in_use or in_transit" }).optional(),
});
export type TToteListQuery = z.infer<typeof ZToteListQuerySchema>;
export const ZTotePageSchema = pageOf(ZToteSchema);
/** The columns of GET /floor/totes/export.csv. */
export const TOTE_CSV_HEADER = [
  "barcode",
  "status",
  "orderNumber",
  "clientName",
  "unitCount",
  "station",
  "updatedAt",
] as const;

/** POST /floor/totes: new totes with the next free barcodes. */
export const ZToteCreateRequestSchema = z.object({
  count: z.number().int().min(1, "At least 1").max(200, "At most 200 at once"),
  factoryId: zDbId().optional(),
});
export type TToteCreateRequest = z.infer<typeof ZToteCreateRequestSchema>;
export const ZToteCreateResultSchema = z.object({ totes: z.array(ZToteSchema) });

/** Scan a unit into a tote. */
export const ZToteAssignRequestSchema = z.object({
  scanId: ZScanIdSchema.optional(),
  unitBarcode: zText().trim().min(1, "Scan a unit").max(40),
  stationId: zDbId().optional(),
});
export type TToteAssignRequest = z.infer<typeof ZToteAssignRequestSchema>;

export const ZToteScanRequestSchema = z.object({
  scanId: ZScanIdSchema.optional(),
  /** Start transit: the station the tote goes to. */
  stationId: zDbId().optional(),
});
export type TToteScanRequest = z.infer<typeof ZToteScanRequestSchema>;

/* ---------- QC and recuts ---------- */

export const ZQcInspectRequestSchema = z
  .object({
    scanId: ZScanIdSchema.optional(),
    passed: z.boolean({ error: "Say pass or fail" }),
    reasonId: zDbId(FLOOR_MESSAGES.chooseReason).optional(),
    stationId: zDbId().optional(),
    note: zText().trim().max(500).nullish(),
    /**
     * The critical points of measure of a unit whose style was made from a tech pack (issue 19), in
     * the tech pack's unit. Every one must be measured to pass; one out of tolerance fails the unit
     * with the reason "Measurement".
     */
    measurements: z.array(ZQcMeasurementSchema).max(200, "At most 200 measurements").optional(),
  })
  .refine((b) => b.passed || b.reasonId !== undefined, {
    message: FLOOR_MESSAGES.chooseReason,
    path: ["reasonId"],
  });
export type TQcInspectRequest = z.infer<typeof ZQcInspectRequestSchema>;

export const ZRecutRequestSchema = z.object({
  scanId: ZScanIdSchema.optional(),
  reasonId: zDbId(FLOOR_MESSAGES.chooseReason),
  stationId: zDbId().optional(),
  note: zText().trim().max(500).nullish(),
});
export type TRecutRequest = z.infer<typeof ZRecutRequestSchema>;

export const ZRecutResultSchema = z.object({
  message: zText(),
  replayed: z.boolean(),
  original: ZFloorUnitSchema,
  recut: ZFloorUnitSchema,
});
export type TRecutResult = z.infer<typeof ZRecutResultSchema>;

/* ---------- release, and an order's units ---------- */

export const ZReleaseResultSchema = z.object({
  message: zText(),
  orderId: z.number().int(),
  orderNumber: zText(),
  unitsMade: z.number().int(),
  releasedAt: zIso(),
});
export type TReleaseResult = z.infer<typeof ZReleaseResultSchema>;

/** A unit as order details show it (clients read it too): barcode, state and its last event. */
export const ZOrderUnitSchema = z.object({
  id: z.number().int(),
  barcode: zText(),
  instance: z.number().int(),
  attempt: z.number().int(),
  recutOfId: z.number().int().nullable(),
  status: z.enum(UNIT_STATUSES),
  size: zText().nullable(),
  colour: zText().nullable(),
  dueDate: zText().nullable(),
  toteBarcode: zText().nullable(),
  lastEvent: ZUnitEventSchema.nullable(),
});
export type TOrderUnit = z.infer<typeof ZOrderUnitSchema>;

export const ZOrderUnitsSchema = z.object({
  orderId: z.number().int(),
  releasedAt: zIso().nullable(),
  releasedBy: zText().nullable(),
  /** Whether the caller may release it now (a facility user or admin, an unreleased open order). */
  canRelease: z.boolean(),
  lines: z.array(
    z.object({ itemId: z.number().int(), lineNumber: z.number().int(), units: z.array(ZOrderUnitSchema) }),
  ),
});
export type TOrderUnits = z.infer<typeof ZOrderUnitsSchema>;

export const ZOrderUnitParamsSchema = z.object({ id: ZIdSchema, unitId: ZIdSchema });
export const ZUnitEventListSchema = z.object({ items: z.array(ZUnitEventSchema) });

/** GET /floor/units/:id/printFiles: the print files of the unit's client, to choose from (newest first). */
export const ZUnitPrintFileListSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), fileName: zText(), createdAt: z.string() })),
});
export type TUnitPrintFileList = z.infer<typeof ZUnitPrintFileListSchema>;

/* ---------- labels ---------- */

/** GET /floor/units/labels.pdf and /floor/totes/labels.pdf: which ones, and how. */
export const ZFloorLabelsQuerySchema = z.object({
  orderId: ZIdSchema.optional(),
  /** Comma-separated ids. */
  ids: zText()
    .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, "ids must be comma-separated numbers")
    .optional(),
  format: z.enum(LABEL_FORMATS, { error: "Use sheet or single" }).default("sheet"),
  symbology: z.enum(LABEL_SYMBOLOGIES, { error: "Use code128 or qr" }).default("code128"),
  paper: z.enum(PAPER_SIZES, { error: "Use letter or a4" }).default("letter"),
});
export type TFloorLabelsQuery = z.infer<typeof ZFloorLabelsQuerySchema>;
