/**
 * Returns (RMA, issue 10; docs/adr/0003-orders.md, "Returns"), one file per part: reading and the
 * list (read.service.ts), creating (create.service.ts), receiving, refunding, remaking and
 * cancelling (status.service.ts), with returns-rows.ts beneath them. This file is their one door.
 */

export * from "./create.service";
export * from "./read.service";
export * from "./status.service";
