import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, NUL_MESSAGE, type TImportColumn } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";

/**
 * The CSV import plumbing both imports use (the library's, modules/library/import/, and the
 * orders', modules/orders/import.service.ts): a file is validated into a stored report (the
 * `library_imports` table, one row per file, its `resource` naming the import), then applied once
 * with an Idempotency-Key. The web side is apps/web/src/lib/csv-import.ts.
 */

export type CsvRecord = { record: string[]; line: number };

/**
 * Reads a CSV file sent as text: refuses a NUL character (naming the line), unreadable CSV, an
 * empty file, too many rows and a header without the required columns (400s with `fields.file`).
 * Answers the rows with the line each starts on (the header is line 1) and a cell reader by column.
 */
export const readCsv = (
  csv: string,
  columns: readonly TImportColumn[],
): { body: CsvRecord[]; cellOf: (record: string[], column: string) => string } => {
  // No text column can hold a NUL character: refuse the file, naming the line, before reading it.
  const nul = csv.indexOf("\0");
  if (nul !== -1) {
    const line = csv.slice(0, nul).split("\n").length;
    throw badRequest(`Line ${line}: ${NUL_MESSAGE}`, { file: NUL_MESSAGE });
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // Line breaks as \n first: csv-parse counts a CRLF inside a quoted field as two lines.
    records = parse(csv.replace(/\r\n?/g, "\n"), {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
    }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
  } catch (error) {
    throw badRequest(`The file is not readable CSV: ${error instanceof Error ? error.message : "parse error"}`, {
      file: "Not a CSV file",
    });
  }
  const [head, ...rest] = records;
  if (!head) throw badRequest("The file is empty: it needs the header row of the template.", { file: "Empty file" });
  if (rest.length > IMPORT_MAX_ROWS)
    throw badRequest(`The file has ${rest.length} rows; at most ${IMPORT_MAX_ROWS} can be imported at once.`, {
      file: "Too many rows",
    });
  const header = head.record.map((h) => h.trim());
  const missing = columns.filter((c) => c.required && !header.some((h) => h.toLowerCase() === c.name.toLowerCase()));
  if (missing.length > 0) {
    throw badRequest(
      `The header lacks ${missing.map((c) => c.name).join(", ")}. Download the template to see the columns.`,
      {
        file: "Missing columns",
      },
    );
  }
  const index = new Map(
    columns.map((c) => [c.name, header.findIndex((h) => h.toLowerCase() === c.name.toLowerCase())]),
  );
  const body = rest.map(({ record, info }) => {
    // info.lines is where the record ends; a quoted field may span lines, and a report names the first
    let breaks = 0;
    for (const field of record) for (let i = field.indexOf("\n"); i >= 0; i = field.indexOf("\n", i + 1)) breaks++;
    return { record, line: info.lines - breaks };
  });
  const cellOf = (record: string[], column: string) => {
    const i = index.get(column) ?? -1;
    return i >= 0 ? (record[i] ?? "") : "";
  };
  return { body, cellOf };
};

/**
 * Lets an import's routes take a CSV file as the request body (text/csv, text/plain or the type
 * Excel gives .csv), up to IMPORT_MAX_BYTES; a larger file is a 400 asking to split it (other
 * errors go to the app's handler). Call it inside the import's route plugin: it scopes to it.
 */
export const acceptCsvFiles = (app: FastifyInstance): void => {
  app.addContentTypeParser(
    ["text/csv", "text/plain", "application/vnd.ms-excel"],
    { parseAs: "string", bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // A file over the limit is the caller's to split: a 400 that says so (other errors go to the app's handler).
  app.setErrorHandler((error, _request, reply) => {
    if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(400).send({
        error: "BAD_REQUEST",
        message: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into several files.`,
        fields: { file: "File too large" },
      });
    }
    throw error;
  });
};

const im = schema.libraryImports;
type ImportRow = typeof im.$inferSelect;

/**
 * What a repeated apply answers instead of applying: the import already applied with this
 * Idempotency-Key (in the same facility; of the same `resource` when named), or this import if it
 * was applied; null when it is still to apply.
 */
export const alreadyApplied = async (
  db: HubDb,
  row: ImportRow,
  idempotencyKey: string | undefined,
  resource?: string,
): Promise<ImportRow | null> => {
  if (idempotencyKey) {
    const [done] = await db
      .select()
      .from(im)
      .where(
        and(
          eq(im.factoryId, row.factoryId),
          eq(im.idempotencyKey, idempotencyKey),
          resource ? eq(im.resource, resource) : undefined,
        ),
      );
    if (done && done.status === "applied") return done;
  }
  return row.status === "applied" ? row : null;
};

/** Claims a validated import for applying, in the applying transaction: false when another request has it. */
export const claimImport = async (tx: HubTx, id: string, idempotencyKey: string | undefined): Promise<boolean> => {
  const claimed = await tx
    .update(im)
    .set({ status: "applying", idempotencyKey: idempotencyKey ?? null })
    .where(and(eq(im.id, id), eq(im.status, "validated")))
    .returning({ id: im.id });
  return claimed.length > 0;
};
