import {
  ORDER_IMPORT_COLUMNS,
  S3_IMPORT_FOLDERS,
  S3_IMPORT_MAX_BYTES,
  S3_IMPORT_MESSAGES,
  S3_IMPORT_OUTCOMES,
  S3_IMPORT_REPORT_COLUMNS,
  type TOrderImportReport,
  type TS3ImportStored,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import { toCsv } from "../../platform/csv";
import { readCsv } from "../../platform/csv-import";
import type { ModuleDeps } from "../../platform/deps";
import { HttpError } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { importOrderFile } from "../orders/import.service";
import { clientView } from "../orders/scope";
import { checkAddress } from "../webhooks/address-guard";
import { type BucketClient, bucketClient, describeS3Error, type ListedObject } from "./s3-client";
import { enabledS3Imports } from "./settings.service";

/**
 * The S3 order import's watcher (issue 20; ARCHITECTURE.md "S3 order import"), a minute job. For
 * each client whose import is on it lists `<prefix>` one level deep (so never `processed/` or
 * `failed/` below it) and takes each file:
 *
 * 1. Claim: an `s3_order_imports` row per (client, key, ETag), `insert … on conflict do nothing`;
 *    only the worker whose insert wrote the row goes on, so two runs at once import a file once.
 *    A claim not finished within `staleAfterMs` (its worker died) is taken over by one later run
 *    (`update … where claimed_at < now() - …`).
 * 2. Import: `importOrderFile`, the upload's validate and apply with a principal acting as the
 *    client (as its API key would), the claim's id as the Idempotency-Key: a run that died after
 *    the apply committed answers the first apply when taken over; a PO the client already has
 *    answers its first order either way.
 * 3. Outcome: counts, the report and where the file goes are written to the row; then the report is
 *    put at `<prefix>{processed|failed}/<name>.report.csv` and the file moved (CopyObject +
 *    DeleteObject), and `moved_at` set. A run that died before that finishes the move from the row.
 */
export const S3_IMPORT_QUEUE = "orders-s3-import";

const r = schema.s3OrderImports;

/** What the watcher needs: the database, the configuration (secret key, address rule) and billing (imported orders are charged as placing charges them). */
export type S3ImportDeps = Pick<ModuleDeps, "db" | "config" | "billing">;
type Claim = typeof r.$inferSelect;

export type WatchOptions = {
  /** Only this client (tests). */
  clientId?: number;
  /** A claim older than this, not finished, is taken over (default 10 minutes). */
  staleAfterMs?: number;
  /** At most this many files per client and run (default 100). */
  maxFiles?: number;
};

export type WatchResult = { claimed: number; processed: number; failed: number; errors: string[] };

/** Who imports a client's S3 files: the client itself, as its API key would (no cards, no admin rights). */
const importerOf = (clientId: number): Principal => ({ ...clientView(clientId), userName: "s3-import" });

const nameOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);

const claimObject = async (
  deps: S3ImportDeps,
  clientId: number,
  o: ListedObject,
  staleAfterMs: number,
): Promise<Claim | null> => {
  const { db } = deps;
  const [fresh] = await db
    .insert(r)
    .values({
      clientId,
      objectKey: o.key,
      etag: o.etag,
      fileName: nameOf(o.key),
      sizeBytes: Math.min(o.size, 2 ** 31 - 1),
    })
    .onConflictDoNothing()
    .returning();
  if (fresh) return fresh;
  const [retaken] = await db
    .update(r)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        eq(r.clientId, clientId),
        eq(r.objectKey, o.key),
        eq(r.etag, o.etag),
        isNull(r.movedAt),
        sql`${r.claimedAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`,
      ),
    )
    .returning();
  return retaken ?? null;
};

type Outcome = {
  status: "processed" | "failed";
  ordersPlaced: number;
  alreadyPlaced: number;
  rowsRefused: number;
  message: string | null;
  report: string;
  importId: string | null;
};

const fileRefused = (message: string): Outcome => ({
  status: "failed",
  ordersPlaced: 0,
  alreadyPlaced: 0,
  rowsRefused: 0,
  message,
  report: toCsv([...S3_IMPORT_REPORT_COLUMNS], [["", "", S3_IMPORT_OUTCOMES.refused, "", message]]),
  importId: null,
});

/** One report row per CSV row: placed or already placed with the order number, refused with the reasons, or not imported. */
const outcomeOf = (csv: string, report: TOrderImportReport): Outcome => {
  const { body, cellOf } = readCsv(csv, ORDER_IMPORT_COLUMNS);
  const reasons = new Map<number, string[]>();
  for (const e of report.errors) {
    const list = reasons.get(e.line) ?? [];
    list.push(e.column ? `${e.column}: ${e.message}` : e.message);
    reasons.set(e.line, list);
  }
  const applied = report.status === "applied";
  const orderOf = new Map<number, TOrderImportReport["orders"][number]>();
  if (applied) for (const o of report.orders) for (const line of o.lines) orderOf.set(line, o);
  const notImported =
    report.errorCount > 0
      ? "Not imported: other rows of this file were refused, and a file is imported whole or not at all."
      : "Not imported.";
  const rows = body.map(({ record, line }) => {
    const po = cellOf(record, "poNumber").trim();
    const why = reasons.get(line);
    if (why) return [line, po, S3_IMPORT_OUTCOMES.refused, "", why.join(" ")];
    const order = orderOf.get(line);
    if (order)
      return [
        line,
        po,
        order.alreadyImported ? S3_IMPORT_OUTCOMES.alreadyPlaced : S3_IMPORT_OUTCOMES.placed,
        order.orderNumber ?? "",
        "",
      ];
    return [line, po, S3_IMPORT_OUTCOMES.notImported, "", notImported];
  });
  const placed = applied ? report.orders.filter((o) => !o.alreadyImported).length : 0;
  const already = applied ? report.orders.length - placed : 0;
  const empty = report.rowCount === 0;
  return {
    status: applied && report.errorCount === 0 ? "processed" : "failed",
    ordersPlaced: placed,
    alreadyPlaced: already,
    rowsRefused: reasons.size,
    message: empty ? "The file has only its header row: there was nothing to import." : null,
    report: toCsv(
      [...S3_IMPORT_REPORT_COLUMNS],
      empty ? [["", "", S3_IMPORT_OUTCOMES.refused, "", "The file has no rows."]] : rows,
    ),
    importId: report.importId,
  };
};

/** Reads and imports one claimed file; a problem with the file itself is a failed outcome, not an error. */
const importClaimed = async (
  deps: S3ImportDeps,
  bucket: BucketClient,
  claim: Claim,
  o: ListedObject,
): Promise<Outcome> => {
  if (!o.key.toLowerCase().endsWith(".csv")) return fileRefused(S3_IMPORT_MESSAGES.notCsv);
  if (o.size > S3_IMPORT_MAX_BYTES) return fileRefused(S3_IMPORT_MESSAGES.tooLarge);
  const bytes = await bucket.get(o.key);
  if (bytes.length > S3_IMPORT_MAX_BYTES) return fileRefused(S3_IMPORT_MESSAGES.tooLarge);
  let csv: string;
  try {
    csv = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return fileRefused("The file is not UTF-8 text: save it as CSV (UTF-8) and upload it again.");
  }
  try {
    const report = await importOrderFile(
      { db: deps.db, billing: deps.billing },
      importerOf(claim.clientId),
      claim.fileName,
      csv,
      `s3:${claim.id}`,
    );
    return outcomeOf(csv, report);
  } catch (error) {
    // The import's own refusals (unreadable CSV, missing columns, a placing problem at apply): the file failed.
    if (error instanceof HttpError) return fileRefused(error.message);
    throw error;
  }
};

const destinationOf = (prefix: string, status: "processed" | "failed", fileName: string) =>
  `${prefix}${status === "processed" ? S3_IMPORT_FOLDERS.processed : S3_IMPORT_FOLDERS.failed}${fileName}`;

/** Puts the report beside the file's destination, moves the file, and marks the row moved. */
const finishMove = async (deps: S3ImportDeps, bucket: BucketClient, target: TS3ImportStored, claim: Claim) => {
  const status = claim.status === "processed" ? "processed" : "failed";
  const to = claim.movedTo ?? destinationOf(target.prefix, status, claim.fileName);
  try {
    await bucket.put(`${to}.report.csv`, claim.report ?? "", "text/csv; charset=utf-8");
    await bucket.move(claim.objectKey, to);
  } catch (error) {
    const why = `The file could not be moved to ${to}: ${describeS3Error(error, target)} The Hub tries again later.`;
    await deps.db.update(r).set({ message: why }).where(eq(r.id, claim.id));
    return false;
  }
  await deps.db
    .update(r)
    .set({
      movedAt: sql`now()`,
      movedTo: to,
      ...(claim.message?.startsWith("The file could not be moved") ? { message: null } : {}),
    })
    .where(eq(r.id, claim.id));
  return true;
};

const watchClient = async (
  deps: S3ImportDeps,
  clientId: number,
  target: TS3ImportStored,
  options: WatchOptions,
  result: WatchResult,
) => {
  // The bucket is reached at the addresses checked here (DNS rebinding: no second resolution).
  const check = target.endpoint ? await checkAddress(target.endpoint, deps.config.webhooksAllowPrivate) : null;
  if (check?.refusal) throw new Error(check.refusal);
  const bucket = bucketClient(target, check?.pin ?? null);
  const { objects } = await bucket.list(target.prefix, options.maxFiles ?? 100);
  for (const o of objects) {
    // The prefix's own folder marker, and nothing that looks like a folder.
    if (o.key === target.prefix || o.key.endsWith("/")) continue;
    let claim = await claimObject(deps, clientId, o, options.staleAfterMs ?? 10 * 60_000);
    if (!claim) continue;
    result.claimed++;
    if (claim.status === "importing") {
      let outcome: Outcome;
      try {
        outcome = await importClaimed(deps, bucket, claim, o);
      } catch (error) {
        // Nothing was imported if the file could not even be read: let the next run claim it afresh.
        if (isS3Error(error)) {
          await deps.db.delete(r).where(and(eq(r.id, claim.id), eq(r.status, "importing")));
          result.errors.push(`client ${clientId}, ${o.key}: ${describeS3Error(error, target)}`);
          continue;
        }
        throw error;
      }
      const movedTo = destinationOf(target.prefix, outcome.status, claim.fileName);
      const [recorded] = await deps.db
        .update(r)
        .set({ ...outcome, movedTo, finishedAt: sql`now()` })
        .where(eq(r.id, claim.id))
        .returning();
      if (!recorded) continue;
      claim = recorded;
    }
    if (await finishMove(deps, bucket, target, claim)) {
      if (claim.status === "processed") result.processed++;
      else result.failed++;
    }
  }
};

const NETWORK_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "EHOSTUNREACH", "ETIMEDOUT"]);
/** An answer (or no answer) of the bucket, not of the database. */
const isS3Error = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  ("$metadata" in error || NETWORK_CODES.has(String((error as { code?: unknown }).code)));

/**
 * One run of the watcher over every client whose S3 order import is on (or one client). A client
 * whose bucket cannot be listed does not stop the others; their problems are answered (and thrown
 * by the job, so pg-boss keeps them).
 */
export const runS3OrderImports = async (deps: S3ImportDeps, options: WatchOptions = {}): Promise<WatchResult> => {
  const result: WatchResult = { claimed: 0, processed: 0, failed: 0, errors: [] };
  const targets = (await enabledS3Imports(deps.db, deps.config)).filter(
    (x) => options.clientId === undefined || x.clientId === options.clientId,
  );
  for (const { clientId, stored } of targets) {
    try {
      await watchClient(deps, clientId, stored, options, result);
    } catch (error) {
      result.errors.push(
        `client ${clientId}: ${isS3Error(error) ? describeS3Error(error, stored) : error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return result;
};
