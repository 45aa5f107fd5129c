/**
 * The unit: one garment of an order line, and the state machine it moves through on a
 * made-to-order cut-and-sew floor (docs/glossary.md, "Unit states"; docs/adr/0005-floor.md).
 *
 *   queued ─▶ printed ─▶ cut ─▶ sewn ─▶ inspected ─▶ packed ─▶ shipped
 *     │  └──────────────▲  (unprinted styles go straight from queued to cut)
 *     └─ any state before shipped ─▶ cancelled ─(resubmit)─▶ queued
 *        sewn / inspected ─(QC fail)─▶ failed ─(resubmit failed)─▶ queued, or a recut: a new unit
 *        (attempt + 1) at the front of the queue while the original stays failed (closed)
 *        redo steps: back to a chosen earlier state; return to QC: inspected / packed ─▶ sewn
 *
 * Every change goes through one server function (modules/floor/state.ts) that checks the action
 * and the transition and writes a floor_unit_events row; an impossible one is a 409 naming the
 * unit's current state.
 */

export const UNIT_STATUSES = [
  "queued",
  "printed",
  "cut",
  "sewn",
  "inspected",
  "packed",
  "shipped",
  "failed",
  "cancelled",
] as const;
export type TUnitStatus = (typeof UNIT_STATUSES)[number];

/** The forward path, in order; "redo steps" goes back along it. */
export const UNIT_PROGRESS: readonly TUnitStatus[] = [
  "queued",
  "printed",
  "cut",
  "sewn",
  "inspected",
  "packed",
  "shipped",
];

/** Units that are still being made (what /openOrders counts as open work). */
export const UNIT_OPEN_STATUSES: readonly TUnitStatus[] = ["queued", "printed", "cut", "sewn", "inspected", "packed"];

/** Every status change a unit can make, whatever the action: the union of the unit actions' rules (unit-actions.ts). */
export const UNIT_TRANSITIONS: Record<TUnitStatus, readonly TUnitStatus[]> = {
  queued: ["printed", "cut", "cancelled"],
  printed: ["cut", "queued", "cancelled", "failed"],
  cut: ["sewn", "queued", "printed", "cancelled", "failed"],
  sewn: ["inspected", "failed", "queued", "printed", "cut", "cancelled"],
  inspected: ["packed", "sewn", "failed", "queued", "printed", "cut", "cancelled"],
  packed: ["shipped", "sewn", "queued", "printed", "cut", "inspected", "cancelled", "failed"],
  shipped: [],
  failed: ["queued", "printed", "cut", "sewn"],
  cancelled: ["queued"],
};

/** Whether `to` lies before `from` on the forward path (what "redo steps" may choose). */
export const isEarlierState = (from: TUnitStatus, to: TUnitStatus): boolean => {
  if (from === "failed") return ["queued", "printed", "cut", "sewn"].includes(to);
  const a = UNIT_PROGRESS.indexOf(from);
  const b = UNIT_PROGRESS.indexOf(to);
  return a >= 0 && b >= 0 && b < a;
};

/** The next state on the forward path for the generic "status update" (printed is skipped for unprinted styles). */
export const nextUnitState = (from: TUnitStatus, printed: boolean): TUnitStatus | null => {
  if (from === "queued") return printed ? "printed" : "cut";
  const i = UNIT_PROGRESS.indexOf(from);
  return i >= 0 && i < UNIT_PROGRESS.length - 1 ? (UNIT_PROGRESS[i + 1] ?? null) : null;
};

export const UNIT_STATUS_LABELS: Record<TUnitStatus, string> = {
  queued: "Queued",
  printed: "Printed",
  cut: "Cut",
  sewn: "Sewn",
  inspected: "Inspected",
  packed: "Packed",
  shipped: "Shipped",
  failed: "Failed",
  cancelled: "Cancelled",
};
