import type { TCutUnitSheetQuery, TCutUnitSheetRow, TPage } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { and, asc, eq, gt, isNotNull, ne } from "drizzle-orm";
import { dateRange, type KeysetPage, orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope } from "../../platform/resource/owners";
import { c, iso, o, sy, tk, u, unitCsvRow } from "./cutting-rows";
import { unitsFrom, unitsPage } from "./pull.service";

/** The cut unit sheet: units cut, by ticket, with its CSV and its report (Report Downloads). */

const sheetWhere = (p: Principal, q: TCutUnitSheetQuery) =>
  and(
    facilityScope(p, u.factoryId),
    isNotNull(u.cutTicketId),
    q.ticketId === undefined ? undefined : eq(u.cutTicketId, q.ticketId),
    q.cutterStationId === undefined ? undefined : eq(tk.cutterStationId, q.cutterStationId),
    q.from || q.to ? and(eq(tk.status, "cut"), dateRange(tk.cutAt, q.from, q.to)) : ne(tk.status, "cancelled"),
    searchAny(q.searchString, [u.barcode, o.orderNumber, tk.ticketNumber, sy.code, c.clientName]),
  );

const SHEET_SORT = {
  ticketNumber: tk.id,
  barcode: u.barcode,
  cutAt: tk.cutAt,
  orderNumber: o.orderNumber,
  styleCode: sy.code,
  size: u.size,
  status: u.status,
};

type SheetRow = Awaited<ReturnType<ReturnType<typeof unitsFrom>["where"]>>[number];
const toSheetRow = (r: SheetRow): TCutUnitSheetRow => ({ ...r, cutAt: iso(r.cutAt) });

/** GET /floor/cutUnitSheet: the units of a ticket, or of the tickets cut in a date range. */
export const cutUnitSheet = async (
  db: HubDb,
  p: Principal,
  q: TCutUnitSheetQuery,
): Promise<TPage<TCutUnitSheetRow>> => {
  const where = sheetWhere(p, q);
  const order = orderByFor(q.sort, SHEET_SORT, ["ticketNumber", "asc"], u.id);
  const { rows, total } = await unitsPage(db, where, order, q);
  return toPage(rows.map(toSheetRow), total, q);
};

export const exportCutUnitSheet = async (db: HubDb, p: Principal, q: TCutUnitSheetQuery) =>
  (await unitsFrom(db).where(sheetWhere(p, q)).orderBy(asc(tk.id), asc(u.id)).limit(50_000)).map(toSheetRow);

/** A row of the sheet's CSV and report (CUT_UNIT_SHEET_CSV_HEADER's columns). */
export const cutSheetCsvRow = (x: TCutUnitSheetRow): unknown[] => [x.ticketNumber, ...unitCsvRow(x), x.cutAt, x.cutBy];

/** The Cut unit sheet report (Report Downloads): the sheet's units for the caller and filter, by unit id after `after`. */
export const cutUnitSheetReportPage = async (
  db: HubDb,
  p: Principal,
  q: TCutUnitSheetQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await unitsFrom(db)
    .where(and(sheetWhere(p, q), gt(u.id, after)))
    .orderBy(asc(u.id))
    .limit(limit);
  return { rows: rows.map(toSheetRow).map(cutSheetCsvRow), last: rows.at(-1)?.id ?? null };
};
