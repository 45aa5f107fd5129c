import { z } from "zod";
import { zText, zTrimmed } from "../common/text";

/**
 * S3 order import (issue 20): a client's bucket prefix is watched by a minute job; each CSV file
 * arriving there is imported once through the CSV order import (the same checks), then moved to
 * `<prefix>processed/` (every order placed or already placed) or `<prefix>failed/` (any row
 * refused, or the whole file), with `<name>.report.csv` beside it. Settings under Account
 * Integration; the access key pair is stored encrypted and never answered.
 */

/** A file larger than this goes to failed/ unread. */
export const S3_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The folders below the watched prefix that the job writes to and never reads. */
export const S3_IMPORT_FOLDERS = { processed: "processed/", failed: "failed/" } as const;
/** The report's columns, one row per CSV row (row 0: the whole file). */
export const S3_IMPORT_REPORT_COLUMNS = ["row", "poNumber", "outcome", "orderNumber", "message"] as const;
export const S3_IMPORT_OUTCOMES = {
  placed: "placed",
  alreadyPlaced: "already placed",
  refused: "refused",
  notImported: "not imported",
} as const;

export const S3_IMPORT_MESSAGES = {
  bucketRequired: "Enter the bucket name",
  bucketFormat: "A bucket name has 3 to 63 lower-case letters, digits, dots, hyphens or underscores",
  prefixFormat: "A prefix is a folder path like orders/incoming/ (no leading /, no ..)",
  regionRequired: "Enter the region, e.g. us-east-1",
  regionFormat: "A region has letters, digits and hyphens, e.g. eu-west-1",
  endpointFormat: "Enter a full address, like https://s3.example.com",
  accessKeyIdRequired: "Enter the access key id",
  secretAccessKeyRequired: "Enter the secret access key",
  tooLong: "At most 500 characters",
  notSetUp: "S3 order import is not set up for this client.",
  tooLarge: `The file is larger than ${S3_IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into several files.`,
  notCsv: "Only .csv files are imported; this file was not read.",
  unreadableSecret: "The saved access key cannot be read (the Hub's secret key changed). Save it again.",
} as const;

/** The prefix as stored: no leading slash, one trailing slash (empty: the bucket's top). */
const zPrefix = zText()
  .trim()
  .max(500, S3_IMPORT_MESSAGES.tooLong)
  .refine((p) => !/(^|\/)\.\.(\/|$)/.test(p) && !p.includes("//") && ![...p].some((ch) => ch.charCodeAt(0) < 32), {
    error: S3_IMPORT_MESSAGES.prefixFormat,
  })
  .transform((p) => {
    const bare = p.replace(/^\/+/, "");
    return bare === "" || bare.endsWith("/") ? bare : `${bare}/`;
  });

/** PUT /s3OrderImport/settings. A blank access key id or secret keeps the saved one (required the first time). */
export const ZS3ImportSettingsRequestSchema = z.object({
  enabled: z.boolean().default(true),
  bucket: zTrimmed(63, 1, S3_IMPORT_MESSAGES.bucketRequired).regex(
    /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/,
    S3_IMPORT_MESSAGES.bucketFormat,
  ),
  prefix: zPrefix,
  region: zTrimmed(50, 1, S3_IMPORT_MESSAGES.regionRequired).regex(/^[a-z0-9-]+$/i, S3_IMPORT_MESSAGES.regionFormat),
  /** An S3-compatible store's address (MinIO, R2…); empty for AWS itself. */
  endpoint: zTrimmed(500)
    .refine((v) => v === "" || /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(v), { error: S3_IMPORT_MESSAGES.endpointFormat })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null),
  /** Path-style addressing (`https://host/bucket/key`), which most S3-compatible stores need. */
  forcePathStyle: z.boolean().default(false),
  accessKeyId: zTrimmed(128).default(""),
  secretAccessKey: zTrimmed(500).default(""),
});
export type TS3ImportSettingsRequest = z.output<typeof ZS3ImportSettingsRequestSchema>;
export type TS3ImportSettingsRequestInput = z.input<typeof ZS3ImportSettingsRequestSchema>;

/** What the job needs, kept encrypted as one JSON (the integrations row's `secret`). */
export const ZS3ImportStoredSchema = z.object({
  enabled: z.boolean(),
  bucket: zText(),
  prefix: zText(),
  region: zText(),
  endpoint: zText().nullable(),
  forcePathStyle: z.boolean(),
  accessKeyId: zText(),
  secretAccessKey: zText(),
});
export type TS3ImportStored = z.infer<typeof ZS3ImportStoredSchema>;

/** The settings as people see them: never the secret, only whether one is saved. */
export const ZS3ImportSettingsSchema = z
  .object({
    enabled: z.boolean(),
    bucket: zText(),
    prefix: zText(),
    region: zText(),
    endpoint: zText().nullable(),
    forcePathStyle: z.boolean(),
    /** "••••ABCD": the access key id's last characters. */
    accessKeyIdHint: zText(),
    secretAccessKeySaved: z.boolean(),
    lastTestedAt: z.iso.datetime({ offset: true }).nullable(),
    lastTestResult: zText().nullable(),
    lastTestOk: z.boolean().nullable(),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "S3ImportSettings" });
export type TS3ImportSettings = z.infer<typeof ZS3ImportSettingsSchema>;

/** GET /s3OrderImport/settings: null when the client has not set it up. */
export const ZS3ImportSettingsAnswerSchema = z.object({ settings: ZS3ImportSettingsSchema.nullable() });
export type TS3ImportSettingsAnswer = z.infer<typeof ZS3ImportSettingsAnswerSchema>;

export const ZS3ImportEnabledSchema = z.object({ enabled: z.boolean() });

export const ZS3ImportTestResultSchema = z.object({
  ok: z.boolean(),
  message: zText(),
  testedAt: z.iso.datetime({ offset: true }),
});
export type TS3ImportTestResult = z.infer<typeof ZS3ImportTestResultSchema>;

export const S3_IMPORT_STATUSES = ["importing", "processed", "failed"] as const;

/** One file the job found: its outcome, for "Recent S3 imports". */
export const ZS3ImportRunSchema = z
  .object({
    id: z.number().int(),
    fileName: zText(),
    objectKey: zText(),
    sizeBytes: z.number().int(),
    status: z.enum(S3_IMPORT_STATUSES),
    ordersPlaced: z.number().int(),
    alreadyPlaced: z.number().int(),
    rowsRefused: z.number().int(),
    /** Why the whole file was refused (too large, not a CSV, unreadable), or what went wrong moving it. */
    message: zText().nullable(),
    movedTo: zText().nullable(),
    hasReport: z.boolean(),
    claimedAt: z.iso.datetime({ offset: true }),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "S3ImportRun" });
export type TS3ImportRun = z.infer<typeof ZS3ImportRunSchema>;
