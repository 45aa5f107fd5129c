import { z } from "zod";
import type { TUserTypeName } from "../access/user-types";
import { ZIdSchema } from "../common/ids";
import { ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";
import { UNIT_STATUSES } from "../floor/units";
import { LEDGER_KINDS } from "../inventory/stock";
import { CHARGE_KINDS, CHARGE_STATUSES, ZChargeReportQuerySchema } from "../orders/documents";
import { OPEN_ORDER_FLAGS, ZOpenOrderListQuerySchema } from "../orders/open-orders";
import { ORDER_SOURCES, ORDER_STATUSES, ZDateSchema, ZOrderListQuerySchema } from "../orders/orders";
import { RETURN_STATUSES, ZReturnListQuerySchema } from "../returns/returns";
import { SHIPMENT_STATUSES, ZShipmentListQuerySchema } from "../shipping/shipping";

/**
 * Report Downloads (/reportDownloads, issue 18): a catalogue of reports, each the rows of a list the
 * Hub shows (same filters, same tenant scope), written in the background to a CSV or XLSX file that
 * its requester downloads for 7 days.
 */

export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_DOWNLOAD_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type TReportDownloadStatus = (typeof REPORT_DOWNLOAD_STATUSES)[number];
/** How long a download (its row and its file) is kept. */
export const REPORT_KEEP_DAYS = 7;

/** The stock ledger's rows across materials (the stock item page shows one material's). */
export const ZStockLedgerReportQuerySchema = ZPageQuerySchema.extend({
  materialKind: z.enum(["fabric", "part"]).optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
});
export type TStockLedgerReportQuery = z.infer<typeof ZStockLedgerReportQuerySchema>;

/** A filter field the request form shows (the list's own filter, by its query name). */
export type TReportFilterField =
  | { name: string; label: string; kind: "search" | "date" | "client" }
  | { name: string; label: string; kind: "select"; options: readonly string[] };

type ReportDef = {
  title: string;
  description: string;
  /** The list it mirrors: its card and user types (the same people may request it). */
  card: string;
  types: readonly TUserTypeName[];
  fields: readonly TReportFilterField[];
};

const SEARCH = { name: "searchString", label: "Search", kind: "search" } as const;
const FROM = { name: "from", label: "From", kind: "date" } as const;
const TO = { name: "to", label: "To", kind: "date" } as const;
const CLIENT = { name: "clientId", label: "Client", kind: "client" } as const;
const select = (name: string, label: string, options: readonly string[]) =>
  ({ name, label, kind: "select", options }) as const;
const SELLERS = ["icreate", "manufacturer", "factory", "client"] as const;
const FACILITY = ["icreate", "manufacturer", "factory"] as const;

/** The catalogue: key → what it is, whom it is for and its filters. */
export const REPORTS = {
  orders: {
    title: "Orders",
    description: "Every order of the filter, one row each (the Orders list).",
    card: "orders",
    types: SELLERS,
    fields: [
      SEARCH,
      select("status", "Status", ORDER_STATUSES),
      select("source", "Source", ORDER_SOURCES),
      CLIENT,
      FROM,
      TO,
    ],
  },
  orderLines: {
    title: "Order lines",
    description: "Every line of the filter's orders: style, SKU, options, quantity and price.",
    card: "orders",
    types: SELLERS,
    fields: [
      SEARCH,
      select("status", "Order status", ORDER_STATUSES),
      select("source", "Source", ORDER_SOURCES),
      CLIENT,
      FROM,
      TO,
    ],
  },
  openOrders: {
    title: "Open orders",
    description: "Orders on the floor with their units by state (Manufacturing Status).",
    card: "openOrders",
    types: FACILITY,
    fields: [
      SEARCH,
      select("state", "Has units in", UNIT_STATUSES),
      select("flag", "Flag", OPEN_ORDER_FLAGS),
      CLIENT,
      { name: "dueFrom", label: "Due from", kind: "date" },
      { name: "dueTo", label: "Due to", kind: "date" },
    ],
  },
  charges: {
    title: "Charge detail",
    description: "Charges and refunds of orders (the Order Charge Report).",
    card: "orderChargeReport",
    types: SELLERS,
    fields: [
      SEARCH,
      select("kind", "Kind", CHARGE_KINDS),
      select("status", "Status", CHARGE_STATUSES),
      CLIENT,
      FROM,
      TO,
    ],
  },
  shipments: {
    title: "Shipments",
    description: "Boxes packed and shipped, with carrier and tracking (Shipped Orders).",
    card: "shipments",
    types: SELLERS,
    fields: [SEARCH, select("status", "Status", SHIPMENT_STATUSES), CLIENT, FROM, TO],
  },
  returns: {
    title: "Returns",
    description: "Return requests (RMAs) with their state and refunds.",
    card: "returns",
    types: SELLERS,
    fields: [SEARCH, select("status", "Status", RETURN_STATUSES), CLIENT, FROM, TO],
  },
  stockLedger: {
    title: "Stock ledger",
    description: "Every receipt, consumption, adjustment and return of fabrics and parts.",
    card: "inventory",
    types: FACILITY,
    fields: [select("materialKind", "Material", ["fabric", "part"]), select("kind", "Kind", LEDGER_KINDS), FROM, TO],
  },
} as const satisfies Record<string, ReportDef>;

export const REPORT_KEYS = Object.keys(REPORTS) as (keyof typeof REPORTS)[];
export type TReportKey = keyof typeof REPORTS;

/** Each report's filters are its list's query (paging and sorting are ignored: a file has every row). */
export const REPORT_FILTER_SCHEMAS = {
  orders: ZOrderListQuerySchema,
  orderLines: ZOrderListQuerySchema,
  openOrders: ZOpenOrderListQuerySchema,
  charges: ZChargeReportQuerySchema,
  shipments: ZShipmentListQuerySchema,
  returns: ZReturnListQuerySchema,
  stockLedger: ZStockLedgerReportQuerySchema,
} as const satisfies Record<TReportKey, z.ZodType>;

const FORMAT = z.enum(REPORT_FORMATS, { error: "Use csv or xlsx" });
/** A report's request: its key, the format, and its list's filters (absent: none). */
const request = <K extends TReportKey, S extends z.ZodType>(report: K, filters: S) =>
  z.object({ report: z.literal(report), format: FORMAT, filters: filters.optional() });

/** POST /reports/downloads: which report, in which format, with which filters. */
export const ZReportDownloadRequestSchema = z.discriminatedUnion(
  "report",
  [
    request("orders", ZOrderListQuerySchema),
    request("orderLines", ZOrderListQuerySchema),
    request("openOrders", ZOpenOrderListQuerySchema),
    request("charges", ZChargeReportQuerySchema),
    request("shipments", ZShipmentListQuerySchema),
    request("returns", ZReturnListQuerySchema),
    request("stockLedger", ZStockLedgerReportQuerySchema),
  ],
  { error: `Choose one of the reports: ${REPORT_KEYS.join(", ")}` },
);
export type TReportDownloadRequest = z.input<typeof ZReportDownloadRequestSchema>;

export const ZReportDownloadSchema = z.object({
  id: z.number().int(),
  report: z.enum(REPORT_KEYS as [TReportKey, ...TReportKey[]]),
  title: zText(),
  format: z.enum(REPORT_FORMATS),
  filters: z.record(z.string(), z.unknown()),
  status: z.enum(REPORT_DOWNLOAD_STATUSES),
  rowsWritten: z.number().int(),
  errorMessage: zText().nullable(),
  fileName: zText().nullable(),
  sizeBytes: z.number().int().nullable(),
  createdAt: zText(),
  startedAt: zText().nullable(),
  finishedAt: zText().nullable(),
  expiresAt: zText(),
});
export type TReportDownload = z.infer<typeof ZReportDownloadSchema>;

export const ZReportDownloadListSchema = z.object({ items: z.array(ZReportDownloadSchema) });
export type TReportDownloadList = z.infer<typeof ZReportDownloadListSchema>;

export const ZReportCatalogueSchema = z.object({
  reports: z.array(
    z.object({
      key: z.enum(REPORT_KEYS as [TReportKey, ...TReportKey[]]),
      title: zText(),
      description: zText(),
      fields: z.array(
        z.object({
          name: zText(),
          label: zText(),
          kind: z.enum(["search", "date", "client", "select"]),
          options: z.array(zText()).optional(),
        }),
      ),
    }),
  ),
});
export type TReportCatalogue = z.infer<typeof ZReportCatalogueSchema>;

export const ZReportDownloadParamsSchema = z.object({ id: ZIdSchema });

export const REPORT_MESSAGES = {
  notAllowed: "You cannot request this report.",
  lostAccess: "You no longer have access to this report's list.",
  notCancellable: "Only a queued or running download can be cancelled.",
  notReady: "This file is not ready.",
  writeFailed: "The file could not be written. Request it again, or ask an administrator if it keeps failing.",
} as const;

export const REPORT_FREQUENCIES = ["daily", "weekly"] as const;
export type TReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** POST /reports/schedules: a download made now and then daily or weekly, emailed as a link when ready. */
export const ZReportScheduleRequestSchema = z.object({
  frequency: z.enum(REPORT_FREQUENCIES, { error: "Use daily or weekly" }),
  download: ZReportDownloadRequestSchema,
});
export type TReportScheduleRequest = z.input<typeof ZReportScheduleRequestSchema>;

export const ZReportScheduleSchema = z.object({
  id: z.number().int(),
  report: z.enum(REPORT_KEYS as [TReportKey, ...TReportKey[]]),
  title: zText(),
  format: z.enum(REPORT_FORMATS),
  filters: z.record(z.string(), z.unknown()),
  frequency: z.enum(REPORT_FREQUENCIES),
  nextRunAt: zText(),
  createdAt: zText(),
});
export type TReportSchedule = z.infer<typeof ZReportScheduleSchema>;
export const ZReportScheduleListSchema = z.object({ items: z.array(ZReportScheduleSchema) });
