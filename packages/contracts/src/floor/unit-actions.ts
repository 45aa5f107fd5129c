import { z } from "zod";
import { zDbId } from "../common/ids";
import { zText } from "../common/text";
import { type TUnitStatus, UNIT_STATUSES } from "./units";

/**
 * The unit actions, one row each (docs/glossary.md, "Unit states"): from which states an action may
 * start, where it goes, its label, and, for the actions a scan runs on the Unit Actions screen, its
 * route (one operation by id and one by scanned barcode, with the body it takes) and how the screen
 * shows it. Everything else follows from this table: the state machine's rules, the labels,
 * `floorApi`'s unit action operations (contracts floor/api.ts), the server's routes (one loop in
 * modules/floor/routes.ts) and the screen's buttons. What an action does besides moving the unit
 * is the server's `UNIT_ACTION_EFFECTS` (modules/floor/unit-action-effects.ts).
 *
 * Adding an action: a name in UNIT_ACTIONS and its row here (the compiler asks for both), and its
 * effect on the server if it has one.
 */

/** A client scan id: one per scan (crypto.randomUUID in the browser), repeated only by a retry. */
export const ZScanIdSchema = zText().trim().min(1).max(100);

/** The body of every unit action. */
export const ZUnitActionRequestSchema = z.object({
  scanId: ZScanIdSchema.optional(),
  /** Where the work was scanned (a station of the facility). */
  stationId: zDbId().optional(),
  reason: zText().trim().max(500).nullish(),
});
export type TUnitActionRequest = z.infer<typeof ZUnitActionRequestSchema>;

/** Status update: the next step by default, or a chosen state. */
export const ZStatusUpdateRequestSchema = ZUnitActionRequestSchema.extend({
  to: z.enum(UNIT_STATUSES, { error: "Choose a unit state" }).optional(),
});
export type TStatusUpdateRequest = z.infer<typeof ZStatusUpdateRequestSchema>;

/** Redo steps: back to a chosen earlier state. */
export const ZRedoStepsRequestSchema = ZUnitActionRequestSchema.extend({
  to: z.enum(UNIT_STATUSES, { error: "Choose an earlier step" }),
});
export type TRedoStepsRequest = z.infer<typeof ZRedoStepsRequestSchema>;

/** Print file update: one of the client's print files, or null to clear it. */
export const ZPrintFileUpdateRequestSchema = ZUnitActionRequestSchema.extend({
  printFileId: zDbId("Choose a print file").nullable(),
});
export type TPrintFileUpdateRequest = z.infer<typeof ZPrintFileUpdateRequestSchema>;

/** The spec's cut-unit actions (section 4), plus the floor's own steps; the Unit Actions screen offers them in this order. */
export const UNIT_ACTIONS = [
  "status_update",
  "mark_printed",
  "mark_cut",
  "mark_sewn",
  "mark_inspected",
  "qc_fail",
  "pack",
  "ship",
  "cancel",
  "resubmit",
  "resubmit_failed",
  "return_to_qc",
  "redo_steps",
  "recut",
  "swatches_inspected",
  "print_file_update",
] as const;
export type TUnitAction = (typeof UNIT_ACTIONS)[number];

/** What any unit action's body holds once parsed (each action's schema takes a part of it). */
export type TUnitActionBody = TUnitActionRequest & {
  to?: TUnitStatus | undefined;
  printFileId?: number | null | undefined;
};

/** A unit action's route: `floorApi[name]` by id, `floorApi[name + "ByBarcode"]` by scanned barcode. */
export type UnitActionRoute = {
  name: string;
  byId: `/floor/units/:id/${string}`;
  byBarcode: `/floor/units/barcode/:barcode/${string}`;
  body: z.ZodType<TUnitActionBody>;
};

export type UnitActionRow = {
  /** The states the action may start from. */
  from: readonly TUnitStatus[];
  /** Where it goes; null: chosen when it runs (status update, redo steps) or no change. */
  to: TUnitStatus | null;
  label: string;
  /** Its routes; absent for the actions of other screens (QC, recut, pack-out, shipping). */
  route?: UnitActionRoute;
  /** On the Unit Actions screen: a red outlined button (it stops a unit's work). */
  danger?: boolean;
  /** On the Unit Actions screen: no button of its own (it has its own control, or none). */
  hidden?: boolean;
};

const BEFORE_SHIPPED = ["queued", "printed", "cut", "sewn", "inspected", "packed"] as const;
const STARTED = ["printed", "cut", "sewn", "inspected", "packed", "failed"] as const;

/** Every unit action, by name. */
export const UNIT_ACTION_TABLE = {
  status_update: {
    from: BEFORE_SHIPPED,
    to: null,
    label: "Status update",
    hidden: true,
    route: {
      name: "statusUpdate",
      byId: "/floor/units/:id/statusUpdate",
      byBarcode: "/floor/units/barcode/:barcode/statusUpdate",
      body: ZStatusUpdateRequestSchema,
    },
  },
  mark_printed: {
    from: ["queued"],
    to: "printed",
    label: "Mark printed",
    route: {
      name: "markPrinted",
      byId: "/floor/units/:id/markPrinted",
      byBarcode: "/floor/units/barcode/:barcode/markPrinted",
      body: ZUnitActionRequestSchema,
    },
  },
  mark_cut: {
    from: ["queued", "printed"],
    to: "cut",
    label: "Mark cut",
    route: {
      name: "markCut",
      byId: "/floor/units/:id/markCut",
      byBarcode: "/floor/units/barcode/:barcode/markCut",
      body: ZUnitActionRequestSchema,
    },
  },
  mark_sewn: {
    from: ["cut"],
    to: "sewn",
    label: "Mark sewn",
    route: {
      name: "markSewn",
      byId: "/floor/units/:id/markSewn",
      byBarcode: "/floor/units/barcode/:barcode/markSewn",
      body: ZUnitActionRequestSchema,
    },
  },
  mark_inspected: {
    from: ["sewn"],
    to: "inspected",
    label: "Mark inspected",
    route: {
      name: "markInspected",
      byId: "/floor/units/:id/markInspected",
      byBarcode: "/floor/units/barcode/:barcode/markInspected",
      body: ZUnitActionRequestSchema,
    },
  },
  /** QC Inspection's fail (floorApi.inspect). */
  qc_fail: { from: ["sewn", "inspected"], to: "failed", label: "Fail QC" },
  /** Pack Out (shippingApi.packScan). */
  pack: { from: ["inspected"], to: "packed", label: "Pack" },
  /** A shipment leaves the factory (shippingApi.ship). */
  ship: { from: ["packed"], to: "shipped", label: "Ship" },
  cancel: {
    from: BEFORE_SHIPPED,
    to: "cancelled",
    label: "Cancel",
    danger: true,
    route: {
      name: "cancel",
      byId: "/floor/units/:id/cancel",
      byBarcode: "/floor/units/barcode/:barcode/cancel",
      body: ZUnitActionRequestSchema,
    },
  },
  resubmit: {
    from: ["cancelled"],
    to: "queued",
    label: "Resubmit",
    route: {
      name: "resubmit",
      byId: "/floor/units/:id/resubmit",
      byBarcode: "/floor/units/barcode/:barcode/resubmit",
      body: ZUnitActionRequestSchema,
    },
  },
  resubmit_failed: {
    from: ["failed"],
    to: "queued",
    label: "Resubmit failed",
    route: {
      name: "resubmitFailed",
      byId: "/floor/units/:id/resubmitFailed",
      byBarcode: "/floor/units/barcode/:barcode/resubmitFailed",
      body: ZUnitActionRequestSchema,
    },
  },
  return_to_qc: {
    from: ["inspected", "packed"],
    to: "sewn",
    label: "Return to QC",
    route: {
      name: "returnToQc",
      byId: "/floor/units/:id/returnToQc",
      byBarcode: "/floor/units/barcode/:barcode/returnToQc",
      body: ZUnitActionRequestSchema,
    },
  },
  /** The screen offers one "Back to …" button per earlier state instead. */
  redo_steps: {
    from: STARTED,
    to: null,
    label: "Redo steps",
    hidden: true,
    route: {
      name: "redoSteps",
      byId: "/floor/units/:id/redoSteps",
      byBarcode: "/floor/units/barcode/:barcode/redoSteps",
      body: ZRedoStepsRequestSchema,
    },
  },
  /** Recut Tote (floorApi.recut): the original is closed as failed (if it was not already); a new unit is made. */
  recut: { from: STARTED, to: "failed", label: "Recut" },
  swatches_inspected: {
    from: ["queued", "printed"],
    to: null,
    label: "Swatches inspected",
    route: {
      name: "swatchesInspected",
      byId: "/floor/units/:id/swatchesInspected",
      byBarcode: "/floor/units/barcode/:barcode/swatchesInspected",
      body: ZUnitActionRequestSchema,
    },
  },
  /** The screen offers a "Change print file" picker instead. */
  print_file_update: {
    from: ["queued"],
    to: null,
    label: "Print file update",
    hidden: true,
    route: {
      name: "printFile",
      byId: "/floor/units/:id/printFile",
      byBarcode: "/floor/units/barcode/:barcode/printFile",
      body: ZPrintFileUpdateRequestSchema,
    },
  },
} as const satisfies Record<TUnitAction, UnitActionRow>;

type Table = typeof UNIT_ACTION_TABLE;

/** The route of an action that has one. */
export type RouteOfUnitAction<A extends TUnitAction> = Table[A] extends { route: infer R extends UnitActionRoute }
  ? R
  : never;

/** The actions a scan runs by their own route (the Unit Actions screen's). */
export type TRoutedUnitAction = { [A in TUnitAction]: [RouteOfUnitAction<A>] extends [never] ? never : A }[TUnitAction];

const rowOf = (action: TUnitAction): UnitActionRow => UNIT_ACTION_TABLE[action];

export const ROUTED_UNIT_ACTIONS: readonly TRoutedUnitAction[] = UNIT_ACTIONS.filter(
  (a): a is TRoutedUnitAction => rowOf(a).route !== undefined,
);

/** From which states each action may start, and where it goes (null: chosen by the caller, or no change). */
export const UNIT_ACTION_RULES = Object.fromEntries(
  UNIT_ACTIONS.map((a) => [a, { from: rowOf(a).from, to: rowOf(a).to }]),
) as Record<TUnitAction, { from: readonly TUnitStatus[]; to: TUnitStatus | null }>;

export const UNIT_ACTION_LABELS = Object.fromEntries(UNIT_ACTIONS.map((a) => [a, rowOf(a).label])) as Record<
  TUnitAction,
  string
>;

/** Whether the Unit Actions screen shows the action as a button of its own, and whether as a dangerous one. */
export const unitActionButton = (action: TUnitAction): { shown: boolean; danger: boolean } => {
  const row = rowOf(action);
  return { shown: row.route !== undefined && !row.hidden, danger: row.danger === true };
};
