import type { TPage, TShipment, TShipmentListItem, TShipmentListQuery } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { and, asc, count, eq, gt, inArray } from "drizzle-orm";
import { notFound } from "../../platform/errors";
import { type KeysetPage, orderByFor, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { packUnitsOf } from "./pack.service";
import { shipmentScope } from "./scope";
import { iso, type ListRow, listColumns, listWhere, o, SORTABLE, s, su, toListItem, u } from "./shipments-rows";

/** Reading shipments: the list, its CSV, one shipment's detail. */

/** GET /shipments: search (shipment, order, PO, tracking, client), filters and date range. */
export const listShipments = async (
  db: HubDb,
  p: Principal,
  q: TShipmentListQuery,
): Promise<TPage<TShipmentListItem>> => {
  const where = listWhere(p, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(s)
      .innerJoin(o, eq(o.id, s.orderId))
      .where(where)
      .orderBy(...orderByFor(q.sort, SORTABLE, ["createdAt", "desc"], s.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(s).innerJoin(o, eq(o.id, s.orderId)).where(where),
  ]);
  return toPage(rows.map(toListItem), total?.n ?? 0, q);
};

/** GET /shipments/export.csv: the whole filtered list (at most 50,000 rows). */
export const exportShipments = async (db: HubDb, p: Principal, q: TShipmentListQuery): Promise<unknown[][]> => {
  const rows = await db
    .select(listColumns)
    .from(s)
    .innerJoin(o, eq(o.id, s.orderId))
    .where(listWhere(p, q))
    .orderBy(...orderByFor(q.sort, SORTABLE, ["createdAt", "desc"], s.id))
    .limit(50_000);
  return rows.map(shipmentCsvRow);
};

/** One shipment as a row of the CSV export and the Shipments report (SHIPMENT_CSV_HEADER's columns). */
const shipmentCsvRow = (r: ListRow): unknown[] => {
  const x = toListItem(r);
  return [
    x.shipmentNumber,
    x.orderNumber,
    x.poNumber,
    x.clientName,
    x.status,
    x.carrier,
    x.service,
    x.trackingNumber,
    x.trackingUrl,
    x.unitCount,
    x.weightOz,
    x.labelCostCents,
    x.shippedAt,
    x.storeNotify,
    x.createdAt,
  ];
};

/** The Shipments report (Report Downloads): the list's shipments for the caller and filter, by id after `after`. */
export const shipmentReportPage = async (
  db: HubDb,
  p: Principal,
  q: TShipmentListQuery,
  after: number,
  limit: number,
): Promise<KeysetPage> => {
  const rows = await db
    .select(listColumns)
    .from(s)
    .innerJoin(o, eq(o.id, s.orderId))
    .where(and(listWhere(p, q), gt(s.id, after)))
    .orderBy(asc(s.id))
    .limit(limit);
  return { rows: rows.map(shipmentCsvRow), last: rows.at(-1)?.row.id ?? null };
};

const listRowOf = async (q: HubDb | HubTx, p: Principal, id: number): Promise<ListRow> => {
  const [row] = await q
    .select(listColumns)
    .from(s)
    .innerJoin(o, eq(o.id, s.orderId))
    .where(and(eq(s.id, id), shipmentScope(p)));
  if (!row) throw notFound("That shipment");
  return row;
};

/** GET /shipments/:id */
export const shipmentDetail = async (q: HubDb | HubTx, p: Principal, id: number): Promise<TShipment> => {
  const r = await listRowOf(q, p, id);
  return {
    ...toListItem(r),
    factoryId: r.row.factoryId,
    orderStatus: r.orderStatus,
    lengthIn: r.row.lengthIn,
    widthIn: r.row.widthIn,
    heightIn: r.row.heightIn,
    trackingCheckedAt: iso(r.row.trackingCheckedAt),
    storeNotifiedAt: iso(r.row.storeNotifiedAt),
    storeNotifyError: r.row.storeNotifyError,
    voidedAt: iso(r.row.voidedAt),
    units: await packUnitsOf(q, inArray(u.id, q.select({ id: su.unitId }).from(su).where(eq(su.shipmentId, id)))),
  };
};
