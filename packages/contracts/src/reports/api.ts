import { type Access, declareApi } from "../common/operation";
import {
  ZReportCatalogueSchema,
  ZReportDownloadListSchema,
  ZReportDownloadParamsSchema,
  ZReportDownloadRequestSchema,
  ZReportDownloadSchema,
  ZReportScheduleListSchema,
  ZReportScheduleRequestSchema,
  ZReportScheduleSchema,
} from "./reports";

/**
 * Report Downloads: the card, and the Professional plan (level 2) for client users. Which reports a
 * caller may request is the catalogue's (the card and types of the list each mirrors); a person sees
 * only their own downloads (others' answer 404).
 */
const DOWNLOADS: Access = {
  signedIn: true,
  types: ["icreate", "manufacturer", "factory", "client"],
  card: "reportDownloads",
  minPlanLevel: 2,
};

const byId = { params: ZReportDownloadParamsSchema } as const;

/** Report Downloads (/reportDownloads, issue 18). */
export const reportsApi = declareApi("reports", {
  catalogue: {
    method: "GET",
    path: "/reports/catalogue",
    access: DOWNLOADS,
    summary: "The reports the caller may request, with their filters",
    responses: { 200: ZReportCatalogueSchema },
  },
  list: {
    method: "GET",
    path: "/reports/downloads",
    access: DOWNLOADS,
    summary: "The caller's downloads of the last 7 days, newest first",
    responses: { 200: ZReportDownloadListSchema },
  },
  request: {
    method: "POST",
    path: "/reports/downloads",
    access: DOWNLOADS,
    summary: "Requests a report file: queued, then written in the background",
    body: ZReportDownloadRequestSchema,
    responses: { 201: ZReportDownloadSchema },
  },
  get: {
    method: "GET",
    path: "/reports/downloads/:id",
    access: DOWNLOADS,
    ...byId,
    responses: { 200: ZReportDownloadSchema },
  },
  cancel: {
    method: "POST",
    path: "/reports/downloads/:id/cancel",
    access: DOWNLOADS,
    ...byId,
    responses: { 200: ZReportDownloadSchema },
    errors: [409],
  },
  file: {
    method: "GET",
    path: "/reports/downloads/:id/file",
    access: DOWNLOADS,
    ...byId,
    summary: "The finished file (CSV or XLSX)",
    file: "application/octet-stream",
    errors: [409],
  },
  listSchedules: {
    method: "GET",
    path: "/reports/schedules",
    access: DOWNLOADS,
    summary: "The caller's repeated downloads",
    responses: { 200: ZReportScheduleListSchema },
  },
  createSchedule: {
    method: "POST",
    path: "/reports/schedules",
    access: DOWNLOADS,
    summary: "Repeats a download daily or weekly (the first now); each is emailed as a link when ready",
    body: ZReportScheduleRequestSchema,
    responses: { 201: ZReportScheduleSchema },
  },
  deleteSchedule: {
    method: "DELETE",
    path: "/reports/schedules/:id",
    access: DOWNLOADS,
    ...byId,
    responses: { 200: ZReportScheduleSchema },
  },
});
