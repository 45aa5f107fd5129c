/**
 * Report Downloads (issue 18), one file per part: the catalogue and where each report reads its
 * rows (catalogue.ts), a person's requests (downloads.service.ts), the background worker and the
 * daily clean-up (worker.ts), repeated downloads emailed when ready (schedules.service.ts), the CSV and XLSX file writers (writers.ts). This file is the area's door.
 */

export { catalogueFor } from "./catalogue";
export * from "./downloads.service";
export * from "./schedules.service";
export { REPORT_CLEANUP_QUEUE, REPORT_RETRY_LIMIT, removeExpiredDownloads, runDownload } from "./worker";
export { CONTENT_TYPES } from "./writers";
