/**
 * Shipments (docs/adr/0008-shipping.md), one file per part: reading (shipments-read.service.ts),
 * making a box (shipment-create.service.ts), shipping, voiding and tracking
 * (shipment-change.service.ts), with shipments-rows.ts beneath them. This file is their one door.
 */

export * from "./shipment-change.service";
export * from "./shipment-create.service";
export * from "./shipments-read.service";
export { isWebOrder } from "./shipments-rows";
