import { z } from "zod";
import type { TUserTypeName } from "../access/user-types";
import { ZIdSchema } from "../common/ids";
import { ZPageQuerySchema } from "../common/paging";
import { zText } from "../common/text";
import { CUTTING_TYPES, ZCutUnitSheetQuerySchema } from "../floor/cutting";
import { UNIT_OPEN_STATUSES, UNIT_STATUSES } from "../floor/units";
import { INVENTORY_TYPES, ZInvPageQuerySchema, ZMaterialKindSchema } from "../inventory/common";
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

/** Recuts: units made again after a QC fail, recut between `from` and `to` (UTC days). */
export const ZRecutReportQuerySchema = ZPageQuerySchema.extend({
  clientId: ZIdSchema.optional(),
  from: ZDateSchema.optional(),
  to: ZDateSchema.optional(),
});
export type TRecutReportQuery = z.infer<typeof ZRecutReportQuerySchema>;

/** Work in progress: units on the floor (not shipped or cancelled), optionally in one state. */
export const ZWipReportQuerySchema = ZPageQuerySchema.extend({
  state: z.enum(UNIT_STATUSES).optional(),
  clientId: ZIdSchema.optional(),
});
export type TWipReportQuery = z.infer<typeof ZWipReportQuerySchema>;

/** Fabric in WIP: the work in progress's fabric per fabric and colour (search: fabric code or name). */
export const ZFabricInWipReportQuerySchema = ZPageQuerySchema.extend({ clientId: ZIdSchema.optional() });
export type TFabricInWipReportQuery = z.infer<typeof ZFabricInWipReportQuerySchema>;

/**
 * Inventory Snapshot's filter for a file: the screen's, with the day optional (absent: today, UTC,
 * when the file is written, so a repeated report is each day's snapshot).
 */
export const ZSnapshotReportQuerySchema = ZInvPageQuerySchema.extend({
  date: ZDateSchema.optional(),
  compareTo: ZDateSchema.optional(),
  materialKind: ZMaterialKindSchema.optional(),
}).refine((q) => !q.compareTo || !q.date || q.compareTo <= q.date, {
  message: "Compare with a day on or before the snapshot's",
  path: ["compareTo"],
});
export type TSnapshotReportQuery = z.infer<typeof ZSnapshotReportQuerySchema>;

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
  recuts: {
    title: "Recuts",
    description:
      "Every unit made again after a QC fail: order, units, style, reason, when and by whom (Recut Garment).",
    card: "recutTote",
    types: FACILITY,
    fields: [
      SEARCH,
      CLIENT,
      { name: "from", label: "Recut from", kind: "date" },
      { name: "to", label: "Recut to", kind: "date" },
    ],
  },
  wips: {
    title: "Work in progress",
    description: "Every unit on the floor (not shipped or cancelled): order, style, SKU, state, since when, tote.",
    card: "openOrders",
    types: FACILITY,
    fields: [SEARCH, select("state", "State", UNIT_OPEN_STATUSES), CLIENT],
  },
  fabricInWip: {
    title: "Fabric in WIP",
    description: "The fabric the work in progress uses (the styles' consumption per garment), per fabric and colour.",
    card: "inventory",
    types: INVENTORY_TYPES,
    fields: [SEARCH, CLIENT],
  },
  inventorySnapshot: {
    title: "Inventory snapshot",
    description:
      "Every material's stock, average cost and value at the end of a day (empty: today), as Inventory Snapshot.",
    card: "inventorySnapshot",
    types: INVENTORY_TYPES,
    fields: [
      SEARCH,
      select("materialKind", "Material", ["fabric", "part"]),
      { name: "date", label: "Day", kind: "date" },
      { name: "compareTo", label: "Compare with", kind: "date" },
    ],
  },
  cutUnitSheet: {
    title: "Cut unit sheet",
    description: "The units of the cut tickets, with their ticket and when it was cut (All Cutters).",
    card: "allCutters",
    types: CUTTING_TYPES,
    fields: [SEARCH, { name: "from", label: "Cut from", kind: "date" }, { name: "to", label: "Cut to", kind: "date" }],
  },
  summaries: {
    title: "Order summary",
    description: "Per client and style, the orders of the filter: how many orders, units and revenue.",
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
  recuts: ZRecutReportQuerySchema,
  wips: ZWipReportQuerySchema,
  fabricInWip: ZFabricInWipReportQuerySchema,
  inventorySnapshot: ZSnapshotReportQuerySchema,
  cutUnitSheet: ZCutUnitSheetQuerySchema,
  summaries: ZOrderListQuerySchema,
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
    request("recuts", ZRecutReportQuerySchema),
    request("wips", ZWipReportQuerySchema),
    request("fabricInWip", ZFabricInWipReportQuerySchema),
    request("inventorySnapshot", ZSnapshotReportQuerySchema),
    request("cutUnitSheet", ZCutUnitSheetQuerySchema),
    request("summaries", ZOrderListQuerySchema),
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
