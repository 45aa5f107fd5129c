import {
  CHARGE_CSV_HEADER,
  CUT_UNIT_SHEET_CSV_HEADER,
  REPORT_FILTER_SCHEMAS,
  REPORTS,
  SHIPMENT_CSV_HEADER,
  type TReportCatalogue,
  type TReportFilterField,
  type TReportKey,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import type { KeysetPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { cutUnitSheetReportPage } from "../floor/cutting.service";
import { RECUT_CSV_HEADER, recutReportPage, WIP_CSV_HEADER, wipReportPage } from "../floor/reports.service";
import { FABRIC_IN_WIP_CSV_HEADER, fabricInWipReportPage } from "../inventory/fabric-use";
import { SNAPSHOT_REPORT_HEADER, snapshotReportPage } from "../inventory/snapshot.service";
import { STOCK_LEDGER_CSV_HEADER, stockLedgerReportPage } from "../inventory/stock-report.service";
import { OPEN_ORDER_CSV_HEADER, openOrderReportPage } from "../orders/open-orders.service";
import {
  chargeReportPage,
  ORDER_CSV_HEADER,
  ORDER_LINE_CSV_HEADER,
  ORDER_SUMMARY_CSV_HEADER,
  orderLineReportPage,
  orderReportPage,
  orderSummaryReportPage,
} from "../orders/orders.service";
import { RETURN_CSV_HEADER, returnReportPage } from "../returns/returns.service";
import { shipmentReportPage } from "../shipping/shipments.service";

/**
 * Where each report of the catalogue (contracts `REPORTS`) reads its rows: the owning area's keyset
 * page over the very filter and tenant scope of the list it mirrors, and the columns of that list's
 * CSV export. The areas own their queries; this module only writes them to files.
 */
export type ReportSource = {
  header: readonly string[];
  page: (db: HubDb, p: Principal, filters: never, after: number, limit: number) => Promise<KeysetPage>;
};

export const REPORT_SOURCES: Record<TReportKey, ReportSource> = {
  orders: { header: ORDER_CSV_HEADER, page: orderReportPage },
  orderLines: { header: ORDER_LINE_CSV_HEADER, page: orderLineReportPage },
  openOrders: { header: OPEN_ORDER_CSV_HEADER, page: openOrderReportPage },
  charges: { header: CHARGE_CSV_HEADER, page: chargeReportPage },
  shipments: { header: SHIPMENT_CSV_HEADER, page: shipmentReportPage },
  returns: { header: RETURN_CSV_HEADER, page: returnReportPage },
  stockLedger: { header: STOCK_LEDGER_CSV_HEADER, page: stockLedgerReportPage },
  recuts: { header: RECUT_CSV_HEADER, page: recutReportPage },
  wips: { header: WIP_CSV_HEADER, page: wipReportPage },
  fabricInWip: { header: FABRIC_IN_WIP_CSV_HEADER, page: fabricInWipReportPage },
  inventorySnapshot: { header: SNAPSHOT_REPORT_HEADER, page: snapshotReportPage },
  cutUnitSheet: { header: CUT_UNIT_SHEET_CSV_HEADER, page: cutUnitSheetReportPage },
  summaries: { header: ORDER_SUMMARY_CSV_HEADER, page: orderSummaryReportPage },
};

/** Whether a caller may request a report: it may open the list the report mirrors (its card and user types). */
export const canRequest = (p: Principal, key: TReportKey): boolean => {
  const def = REPORTS[key];
  return (def.types as readonly string[]).includes(p.userType) && p.cards.has(def.card);
};

/** The reports a caller may request, with their filter fields. */
export const catalogueFor = (p: Principal): TReportCatalogue => ({
  reports: (Object.keys(REPORTS) as TReportKey[])
    .filter((key) => canRequest(p, key))
    .map((key) => {
      const def = REPORTS[key];
      return {
        key,
        title: def.title,
        description: def.description,
        fields: (def.fields as readonly TReportFilterField[]).map((f) =>
          f.kind === "select" ? { ...f, options: [...f.options] } : { ...f },
        ),
      };
    }),
});

/** A report's filters as its list reads them (defaults filled), from what was stored at the request. */
export const filtersOf = (key: TReportKey, stored: unknown): unknown => REPORT_FILTER_SCHEMAS[key].parse(stored ?? {});

/** What is kept of a request's filters: the list's own, without paging and sorting (a file has every row). */
export const storedFilters = (key: TReportKey, given: unknown): Record<string, unknown> => {
  const {
    page: _p,
    size: _s,
    sort: _o,
    ...rest
  } = REPORT_FILTER_SCHEMAS[key].parse(given ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== false));
};
