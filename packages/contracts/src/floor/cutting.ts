import { z } from "zod";
import { ZDbIdSchema, ZIdSchema, zDbId } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";
import { ZScanIdSchema } from "./unit-actions";
import { UNIT_STATUSES } from "./units";

/**
 * Cutting (issue 11; docs/adr/0007-cut-planning.md): cutters, pulling units into a cutter's batch
 * (/pullOrder), the cut planner (/cutPlannerAuto) and its cut tickets, marking a ticket cut
 * (/allCutters, /cutters, /queuedToCut) and the cut unit sheet report.
 */

/** The state a unit short of fabric waits in (issue 22 part 2): every waiting text starts with it. */
const WAITING_FOR_FABRIC = "Waiting for fabric";

export const CUTTING_MESSAGES = {
  chooseCutter: "Choose a cutter",
  notCutter: "That station is not a cutter of this facility.",
  pullOne: "Choose units, or how many to pull",
  pulled: (n: number, cutter: string) => `${n} ${n === 1 ? "unit was" : "units were"} pulled to ${cutter}.`,
  nothingToPull: "No queued units match: nothing was pulled.",
  nothingToPlan: "No queued units to plan: pull some units first, or clear the filters.",
  planned: "The plan is ready: check the lays, then accept it.",
  accepted: (n: number) => `${n} cut ${n === 1 ? "ticket was" : "tickets were"} made.`,
  discarded: "The plan was discarded.",
  planClosed: (status: string) => `This plan is ${status}: plan again.`,
  notPlannable: (barcode: string, status: string) => `Unit ${barcode} is ${status}, so it cannot be planned.`,
  onTicket: (barcode: string, ticket: string) => `Unit ${barcode} is already on cut ticket ${ticket}.`,
  markedCut: (ticket: string, n: number) => `${ticket} is cut: ${n} ${n === 1 ? "unit" : "units"} marked cut.`,
  alreadyCut: (ticket: string) => `${ticket} was already cut: nothing changed.`,
  ticketCancelled: (ticket: string) => `${ticket} is cancelled, so it cannot be cut.`,
  unknownTicket: (code: string) => `No cut ticket ${code} in your facility.`,
  cancelledTicket: (ticket: string) => `${ticket} was cancelled: its units are back in the queue.`,
  noLength: "No marker or fabric consumption gives this style's garment length.",
  noFabric: "The unit has no fabric.",
  noSize: "The unit has no size.",
  tooLongForTable: "A garment of this style is longer than the cutting table.",
  mixedFacilities: "Plan one facility's units at a time.",
  cutterSaved: "The cutter was saved.",
  /** Fabric reservations (issue 22 part 2): the state a unit short of fabric waits in. */
  waitingForFabric: WAITING_FOR_FABRIC,
  inStock: "In stock",
  reserved: "Fabric reserved",
  waitingLabel: (po: { number: string; expectedDate: string | null } | null) =>
    po
      ? `${WAITING_FOR_FABRIC} · ${po.number} expected ${po.expectedDate ?? "(no date)"}`
      : `${WAITING_FOR_FABRIC} · no purchase order covers it`,
  overrideLabel: (reason: string) => `Pulled without fabric in stock: ${reason}`,
  refusedForFabric: (barcode: string, label: string) =>
    `Unit ${barcode}: ${label}. Pull it anyway with a reason, or wait for the fabric.`,
  pulledSomeWaiting: (n: number, cutter: string, waiting: number) =>
    `${n} ${n === 1 ? "unit was" : "units were"} pulled to ${cutter}; ${waiting} ${
      waiting === 1 ? "is" : "are"
    } waiting for fabric.`,
  codeTaken: "A station with this code exists in this facility.",
} as const;

/** Facility users and internal admins: the cutting cards are not given to clients or designers. */
export const CUTTING_TYPES = ["icreate", "manufacturer", "factory"] as const;

// ---- cutters ---------------------------------------------------------------------------------

export const ZCutterSchema = z.object({
  id: z.number().int(),
  factoryId: z.number().int(),
  code: zText(),
  name: zText(),
  isPress: z.boolean(),
  active: z.boolean(),
  /** Tickets queued to the cutter, and their units. */
  queuedTickets: z.number().int(),
  ticketUnits: z.number().int(),
  /** Units pulled to the cutter that no ticket holds yet. */
  pulledUnits: z.number().int(),
  /** Tickets cut today (UTC). */
  cutToday: z.number().int(),
});
export type TCutter = z.infer<typeof ZCutterSchema>;
export const ZCutterPageSchema = pageOf(ZCutterSchema);

export const ZCutterListQuerySchema = ZPageQuerySchema.extend({
  active: z.enum(["true", "false"]).optional(),
});
export type TCutterListQuery = z.infer<typeof ZCutterListQuerySchema>;

export const ZCutterRequestSchema = z.object({
  code: zText().trim().min(1, "Required").max(40, "Too long"),
  name: zText().trim().min(1, "Required").max(120, "Too long"),
  isPress: z.boolean().default(false),
  active: z.boolean().default(true),
  /** Internal admins name the facility; facility users get their own. */
  factoryId: ZDbIdSchema.optional(),
});
export type TCutterRequest = z.input<typeof ZCutterRequestSchema>;

// ---- queued units and pulling ----------------------------------------------------------------

export const FABRIC_STATUS_STATES = ["in_stock", "waiting", "reserved", "override"] as const;

/**
 * Whether a unit's (or a lay's) fabric is there (issue 22 part 2): an unpulled unit is `in_stock`
 * when its need fits what is available (on hand − reserved) or `waiting` with the open purchase
 * order that would cover it; a pulled unit holds a reservation (`reserved`, or `override` when it
 * was pulled past the stock with a reason). `label` is the text screens show.
 */
export const ZFabricStatusSchema = z.object({
  state: z.enum(FABRIC_STATUS_STATES),
  label: zText(),
  poNumber: zText().nullable(),
  expectedDate: zText().nullable(),
  overrideReason: zText().nullable(),
});
export type TFabricStatus = z.infer<typeof ZFabricStatusSchema>;

export const ZQueuedUnitSchema = z.object({
  id: z.number().int(),
  barcode: zText(),
  status: z.enum(UNIT_STATUSES),
  orderId: z.number().int(),
  orderNumber: zText(),
  clientId: z.number().int(),
  clientName: zText(),
  styleId: z.number().int().nullable(),
  styleCode: zText().nullable(),
  size: zText().nullable(),
  colour: zText().nullable(),
  fabricId: z.number().int().nullable(),
  fabricCode: zText().nullable(),
  dueDate: zText().nullable(),
  priority: z.number().int(),
  attempt: z.number().int(),
  /** The cutter it is pulled to, if any. */
  stationId: z.number().int().nullable(),
  stationName: zText().nullable(),
  cutTicketId: z.number().int().nullable(),
  ticketNumber: zText().nullable(),
  /** The pull queue's fabric column (other lists leave it out). */
  fabricStatus: ZFabricStatusSchema.optional(),
});
export type TQueuedUnit = z.infer<typeof ZQueuedUnitSchema>;
export const ZQueuedUnitPageSchema = pageOf(ZQueuedUnitSchema);

const zOptionalId = ZIdSchema.optional();

export const PULL_STATES = ["unpulled", "pulled", "all"] as const;

/** GET /floor/pull: the next units to cut, recuts and higher priority first, then by due date. */
export const ZPullQuerySchema = ZPageQuerySchema.extend({
  fabricId: zOptionalId,
  styleId: zOptionalId,
  clientId: zOptionalId,
  /** Only units pulled to this cutter. */
  cutterStationId: zOptionalId,
  pulled: z.enum(PULL_STATES).default("all"),
});
export type TPullQuery = z.infer<typeof ZPullQuerySchema>;

const zUnitIds = z.array(ZDbIdSchema).min(1, "Choose at least one unit").max(5_000, "At most 5,000 units at once");

/**
 * POST /floor/pull: chosen units (`unitIds`), or the next `count` units not pulled yet that match
 * the filters, pulled to a cutter. Send an Idempotency-Key: a retry then pulls nothing more.
 */
export const ZPullRequestSchema = z
  .object({
    cutterStationId: zDbId(CUTTING_MESSAGES.chooseCutter),
    unitIds: zUnitIds.optional(),
    count: z.number().int().min(1, "At least 1").max(5_000, "At most 5,000").optional(),
    fabricId: ZDbIdSchema.optional(),
    styleId: ZDbIdSchema.optional(),
    clientId: ZDbIdSchema.optional(),
    /** Pull units whose fabric is short anyway; kept on their reservations with who and when. */
    overrideReason: zText().trim().min(1, "Say why").max(500, "At most 500 characters").optional(),
  })
  .refine((v) => (v.unitIds === undefined) !== (v.count === undefined), {
    message: CUTTING_MESSAGES.pullOne,
    path: ["count"],
  });
export type TPullRequest = z.input<typeof ZPullRequestSchema>;

export const ZPullWaitingSchema = z.object({
  unitId: z.number().int(),
  barcode: zText(),
  fabricStatus: ZFabricStatusSchema,
});

export const ZPullResponseSchema = z.object({
  cutterStationId: z.number().int(),
  unitIds: z.array(z.number().int()),
  message: zText(),
  /** Units left unpulled because their fabric is short (a pull of several pulls what fits, in order). */
  waiting: z.array(ZPullWaitingSchema),
});
export type TPullResponse = z.infer<typeof ZPullResponseSchema>;

/** POST /floor/pull/release: units back to the unpulled queue (not those on a ticket). */
export const ZUnpullRequestSchema = z.object({ unitIds: zUnitIds });
export const ZUnpullResponseSchema = z.object({ released: z.number().int() });

// ---- the planner -----------------------------------------------------------------------------

export const PLAN_DEFAULTS = { maxPlies: 60, tableLengthInches: 360, maxGarmentsPerPly: 6, endAllowanceInches: 2 };

/**
 * The planner's limits, each field's rule without a default: the Factory Config page keeps a
 * facility's own defaults with the same rules (factory-config/factory-config.ts).
 */
const planNumber = () => z.number({ error: "Enter a number" });
export const PLAN_LIMIT_FIELDS = {
  maxPlies: planNumber().int("Use a whole number").min(1, "At least 1").max(500, "At most 500"),
  tableLengthInches: planNumber().min(12, "At least 12 in").max(6_000, "At most 6,000 in"),
  maxGarmentsPerPly: planNumber().int("Use a whole number").min(1, "At least 1").max(20, "At most 20"),
  endAllowanceInches: planNumber().min(0, "Must not be negative").max(24, "At most 24 in"),
};

export const ZPlanLimitsSchema = z.object({
  maxPlies: PLAN_LIMIT_FIELDS.maxPlies.default(PLAN_DEFAULTS.maxPlies),
  tableLengthInches: PLAN_LIMIT_FIELDS.tableLengthInches.default(PLAN_DEFAULTS.tableLengthInches),
  maxGarmentsPerPly: PLAN_LIMIT_FIELDS.maxGarmentsPerPly.default(PLAN_DEFAULTS.maxGarmentsPerPly),
  endAllowanceInches: PLAN_LIMIT_FIELDS.endAllowanceInches.default(PLAN_DEFAULTS.endAllowanceInches),
});
export type TPlanLimits = z.infer<typeof ZPlanLimitsSchema>;

/**
 * POST /floor/cutPlans: plan `unitIds`, or the queued units not on a ticket (only those pulled to
 * `cutterStationId`, only of `fabricId`, when named). `fabricMaxPlies` lowers the ply limit of a
 * fabric (a thick fleece spreads fewer plies). A limit the request leaves out is the facility's
 * cut planner default (Factory Config), else PLAN_DEFAULTS.
 */
export const ZPlanRequestSchema = z.object({
  unitIds: zUnitIds.optional(),
  cutterStationId: ZDbIdSchema.optional(),
  fabricId: ZDbIdSchema.optional(),
  factoryId: ZDbIdSchema.optional(),
  limits: z.object(PLAN_LIMIT_FIELDS).partial().default({}),
  fabricMaxPlies: z
    .array(z.object({ fabricId: ZDbIdSchema, maxPlies: z.number().int().min(1, "At least 1").max(500, "At most 500") }))
    .max(500)
    .default([]),
});
export type TPlanRequest = z.input<typeof ZPlanRequestSchema>;

export const ZPlanTotalsSchema = z.object({
  lays: z.number().int(),
  plies: z.number().int(),
  garments: z.number().int(),
  fabricInches: z.number(),
  utilisation: z.number(),
});
export type TPlanTotals = z.infer<typeof ZPlanTotalsSchema>;

export const ZPlanLaySchema = z.object({
  /** The lay's number in the plan, from 1. */
  lay: z.number().int(),
  ratio: z.record(zText(), z.number().int()),
  plies: z.number().int(),
  garmentsPerPly: z.number().int(),
  garments: z.number().int(),
  lengthInches: z.number(),
  fabricInches: z.number(),
  utilisation: z.number(),
  markerId: z.number().int().nullable(),
  markerName: zText().nullable(),
  unitIds: z.array(z.number().int()),
  /** After accepting: its ticket. */
  ticketId: z.number().int().nullable(),
  ticketNumber: zText().nullable(),
  cutterStationId: z.number().int().nullable(),
  /** Whether the lay's fabric is there, read when the plan is (not stored with it). */
  fabricStatus: ZFabricStatusSchema.optional(),
});
export type TPlanLay = z.infer<typeof ZPlanLaySchema>;

export const ZPlanGroupSchema = z.object({
  fabricId: z.number().int(),
  fabricCode: zText(),
  colour: zText().nullable(),
  styleId: z.number().int(),
  styleCode: zText(),
  maxPlies: z.number().int(),
  /** Garments per size. */
  demand: z.record(zText(), z.number().int()),
  lays: z.array(ZPlanLaySchema),
  totals: ZPlanTotalsSchema,
  naiveTotals: ZPlanTotalsSchema,
});
export type TPlanGroup = z.infer<typeof ZPlanGroupSchema>;

export const ZUnplannedUnitSchema = z.object({ unitId: z.number().int(), barcode: zText(), reason: zText() });

export const PLAN_STATUSES = ["draft", "accepted", "discarded"] as const;

export const ZCutPlanSchema = z.object({
  id: z.number().int(),
  factoryId: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  createdBy: zText(),
  createdAt: zText(),
  acceptedAt: zText().nullable(),
  limits: z.object({
    maxPlies: z.number().int(),
    tableLengthInches: z.number(),
    maxGarmentsPerPly: z.number().int(),
    endAllowanceInches: z.number(),
  }),
  groups: z.array(ZPlanGroupSchema),
  totals: ZPlanTotalsSchema,
  naiveTotals: ZPlanTotalsSchema,
  unplanned: z.array(ZUnplannedUnitSchema),
});
export type TCutPlan = z.infer<typeof ZCutPlanSchema>;

/** POST /floor/cutPlans/:id/accept: every lay to `cutterStationId`, except those `assignments` name. */
export const ZAcceptPlanRequestSchema = z.object({
  cutterStationId: zDbId(CUTTING_MESSAGES.chooseCutter),
  assignments: z
    .array(z.object({ lay: z.number().int().min(1).max(100_000), cutterStationId: ZDbIdSchema }))
    .max(10_000)
    .default([]),
});
export type TAcceptPlanRequest = z.input<typeof ZAcceptPlanRequestSchema>;

// ---- cut tickets -----------------------------------------------------------------------------

export const TICKET_STATUSES = ["queued", "cut", "cancelled"] as const;

export const ZCutTicketSchema = z.object({
  id: z.number().int(),
  ticketNumber: zText(),
  planId: z.number().int().nullable(),
  factoryId: z.number().int(),
  fabricId: z.number().int().nullable(),
  fabricCode: zText().nullable(),
  colour: zText().nullable(),
  styleCode: zText().nullable(),
  markerId: z.number().int().nullable(),
  markerName: zText().nullable(),
  ratio: z.record(zText(), z.number().int()),
  plies: z.number().int(),
  lengthInches: zText(),
  utilisationPct: zText().nullable(),
  cutterStationId: z.number().int().nullable(),
  cutterName: zText().nullable(),
  status: z.enum(TICKET_STATUSES),
  units: z.number().int(),
  cutAt: zText().nullable(),
  cutBy: zText().nullable(),
  createdAt: zText(),
});
export type TCutTicket = z.infer<typeof ZCutTicketSchema>;
export const ZCutTicketPageSchema = pageOf(ZCutTicketSchema);

export const ZCutTicketListQuerySchema = ZPageQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  cutterStationId: zOptionalId,
  planId: zOptionalId,
});
export type TCutTicketListQuery = z.infer<typeof ZCutTicketListQuerySchema>;

export const ZConsumptionSchema = z.object({
  fabricId: z.number().int(),
  fabricCode: zText(),
  unit: zText(),
  /** Consumed, positive ("13.8000"). */
  quantity: zText(),
});

export const ZCutTicketDetailSchema = ZCutTicketSchema.extend({
  unitList: z.array(ZQueuedUnitSchema),
  /** The ledger rows the cut wrote (empty until cut). */
  consumption: z.array(ZConsumptionSchema),
});
export type TCutTicketDetail = z.infer<typeof ZCutTicketDetailSchema>;

export const ZMarkCutResponseSchema = z.object({
  ticket: ZCutTicketDetailSchema,
  alreadyCut: z.boolean(),
  unitsCut: z.number().int(),
  message: zText(),
});
export type TMarkCutResponse = z.infer<typeof ZMarkCutResponseSchema>;

/** POST /floor/cutTickets/scan: a scanned ticket barcode (CT-000042) marks the ticket cut. */
export const ZTicketScanRequestSchema = z.object({
  code: zText().trim().min(1, "Scan a cut ticket").max(60, "Too long"),
  /** The client scan id (one per scan): the same id again answers as the first time and changes nothing. */
  scanId: ZScanIdSchema.optional(),
});

export const ZTicketPdfQuerySchema = z.object({ paper: z.enum(["letter", "a4"]).default("letter") });

// ---- the cut unit sheet (spec 7) ---------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const zDay = zText().regex(DATE, "Enter a date like 2026-01-31").optional();

export const ZCutUnitSheetQuerySchema = ZPageQuerySchema.extend({
  ticketId: zOptionalId,
  cutterStationId: zOptionalId,
  /** Cut between these days (UTC, both included). */
  from: zDay,
  to: zDay,
});
export type TCutUnitSheetQuery = z.infer<typeof ZCutUnitSheetQuerySchema>;

export const ZCutUnitSheetRowSchema = ZQueuedUnitSchema.extend({
  cutAt: zText().nullable(),
  cutBy: zText().nullable(),
  ticketStatus: zText().nullable(),
});
export type TCutUnitSheetRow = z.infer<typeof ZCutUnitSheetRowSchema>;
export const ZCutUnitSheetPageSchema = pageOf(ZCutUnitSheetRowSchema);

/** A unit's columns in the cutting room's CSVs (the server's `unitCsvRow`, in this order). */
export const UNIT_CSV_HEADER = [
  "Unit",
  "Status",
  "Order",
  "Client",
  "Style",
  "Size",
  "Colour",
  "Fabric",
  "Due date",
  "Cutter",
];

export const CUT_UNIT_SHEET_CSV_HEADER = ["Ticket", ...UNIT_CSV_HEADER, "Cut at", "Cut by"];

/** The pull queue's CSV: the unit, its priority and its fabric status as the queue shows it. */
export const PULL_QUEUE_CSV_HEADER = [...UNIT_CSV_HEADER, "Priority", "Fabric status"];
