import { type TUnitStatus, UNIT_STATUS_LABELS } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, inArray, isNull } from "drizzle-orm";

/**
 * Cutting's tables and the helpers its services share. Cutting (docs/adr/0007-cut-planning.md): cutters, the pull queue, cut plans and their tickets,
 * marking a ticket cut (units cut, fabric consumed from the stock ledger, orders follow) and the
 * cut unit sheet. Every query is scoped to the caller's facilities (`facilityScope`); another
 * facility's row answers 404.
 */

export const u = schema.floorUnits;
export const st = schema.floorStations;
export const tk = schema.floorCutTickets;
export const pl = schema.floorCutPlans;
export const o = schema.orders;
export const c = schema.clients;
export const sy = schema.styles;
export const fb = schema.fabrics;

/** What a unit is made as: its style, size, colour and fabric (joined: the style's code, the fabric's). */
export const garmentColumns = {
  styleId: u.styleId,
  styleCode: sy.code,
  size: u.size,
  colour: u.colour,
  fabricId: u.fabricId,
  fabricCode: fb.fabricCode,
};

/** Units that may still be cut: queued or printed, on no ticket. */
export const CUTTABLE: TUnitStatus[] = ["queued", "printed"];
export const cuttable = and(inArray(u.status, CUTTABLE), isNull(u.cutTicketId));

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const statusLabel = (s: string) => UNIT_STATUS_LABELS[s as TUnitStatus]?.toLowerCase() ?? s;

/** A unit's columns in the cutting CSVs (the pull order, the cut unit sheet). */
/** A unit as a CSV row, in UNIT_CSV_HEADER's columns. */
export const unitCsvRow = (x: {
  barcode: string;
  status: string;
  orderNumber: string;
  clientName: string;
  styleCode: string | null;
  size: string | null;
  colour: string | null;
  fabricCode: string | null;
  dueDate: string | null;
  stationName: string | null;
}) => [
  x.barcode,
  x.status,
  x.orderNumber,
  x.clientName,
  x.styleCode,
  x.size,
  x.colour,
  x.fabricCode,
  x.dueDate,
  x.stationName,
];
