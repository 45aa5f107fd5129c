/**
 * Orders (issue 10), one file per part: placing (place.service.ts) and quoting (quote.service.ts), remakes for returns
 * (remake.service.ts), reading and the
 * list (read.service.ts), payment (payment.service.ts) and refunds (money.service.ts), status
 * changes (status.service.ts), line edits (item-edit.service.ts), comments, issues and history
 * (conversation.service.ts). This file is the area's one door for routes and the other areas.
 * The model: docs/adr/0003-orders.md.
 */

export * from "./conversation.service";
export * from "./item-edit.service";
export * from "./list.service";
export * from "./money.service";
export * from "./place.service";
export * from "./place-keyed.service";
export * from "./quote.service";
export * from "./read.service";
export * from "./remake.service";
export * from "./report.service";
export type { ItemRow, OrderDeps, OrderRow } from "./rows";
export * from "./status.service";
