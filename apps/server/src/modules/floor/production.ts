/**
 * Production, as the orders area sees it: the one door through which orders reach the floor
 * (ARCHITECTURE.md, "Orders and production"). Orders import the floor only from here; the floor
 * never imports the orders area. An order's status follows its units (follow.ts, over
 * order-status.ts, the order and line status machine), so placing, paying, cancelling and item
 * edits call in here, and unit moves call back nothing.
 */

export { streamFloorChanges } from "./live";
export { orderCanMove, transitionItems, transitionOrder } from "./order-status";
export { assertLineEditable, cancelOrderUnits, lineHasUnits, syncLineUnits } from "./orders.service";
export { releaseNewOrder, releaseOrder } from "./release";
