import { randomUUID } from "node:crypto";
import {
  IMPORT_COLUMNS,
  IMPORT_RESOURCES,
  type TImportError,
  type TImportReport,
  type TImportResource,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { recordAudit } from "../../../platform/audit";
import { toCsv } from "../../../platform/csv";
import { alreadyApplied, claimImport, readCsv } from "../../../platform/csv-import";
import { isForeignKeyViolation, isUniqueViolation } from "../../../platform/db-errors";
import { conflict, notFound } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import type { LibraryTable } from "../resource";
import { resolveOwnerFactory } from "../scope";
import { IMPORT_DEFS } from "./definitions";
import { existingKeys, loadRefs } from "./existing";
import type { RowsDef } from "./types";

const im = schema.libraryImports;
const SHOWN_ERRORS = 1000;
const BATCH = 1000;
const KEEP_UNAPPLIED_MS = 24 * 60 * 60 * 1000;

/** The template of a resource: its header, and one example row. */
export const templateOf = (resource: TImportResource): string => {
  const columns = IMPORT_COLUMNS[resource];
  return toCsv(
    columns.map((c) => c.name),
    [columns.map((c) => c.example)],
  );
};

type Stored = { line: number; req: Record<string, unknown> };

const reportOf = (row: typeof im.$inferSelect, preview: Record<string, string>[] = []): TImportReport => {
  const errors = row.errors as TImportError[];
  return {
    importId: row.id,
    resource: row.resource as TImportResource,
    fileName: row.fileName,
    status: row.status as TImportReport["status"],
    rowCount: row.rowCount,
    validCount: row.rowCount - new Set(errors.map((e) => e.line)).size,
    willCreate: row.createCount,
    willUpdate: row.updateCount,
    errorCount: row.errorCount,
    errors: errors.slice(0, SHOWN_ERRORS),
    preview,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
};

/**
 * Reads and checks every row of a CSV file without writing any library row: each problem is
 * reported with its line (the header is line 1) and column. The parsed rows are kept for apply.
 */
export const validateImport = async (
  db: HubDb,
  p: Principal,
  resource: TImportResource,
  fileName: string,
  csv: string,
): Promise<TImportReport> => {
  const factoryId = await resolveOwnerFactory(db, p, undefined);
  const def = IMPORT_DEFS[resource];
  const columns = IMPORT_COLUMNS[resource];
  const { body, cellOf } = readCsv(csv, columns);
  const refs = await loadRefs(db, factoryId);
  const existing = await existingKeys(db, def, factoryId);

  const errors: TImportError[] = [];
  const rows: Stored[] = [];
  const seen = new Map<string, number>();
  let willCreate = 0;
  let willUpdate = 0;
  const preview: Record<string, string>[] = [];
  for (const { record, line } of body) {
    const cell = (column: string) => cellOf(record, column);
    if (preview.length < 10) preview.push(Object.fromEntries(columns.map((c) => [c.name, cell(c.name)])));
    let bad = false;
    const reported = new Set<string>();
    const problem = (column: string, message: string) => {
      errors.push({ line, column, message });
      reported.add(column);
      bad = true;
    };
    const input = def.toInput(cell, refs, problem);
    const parsed = def.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        const column = def.columnOf[field] ?? (field || null);
        // a value already reported by the text conversion is not reported twice
        if (!reported.has(column ?? "")) problem(column ?? "", issue.message);
      }
      continue;
    }
    if (bad) continue;
    const req = parsed.data as Record<string, unknown>;
    const key = def.keyOf(req);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const twice = def.twice(req, earlier);
      problem(twice.column, twice.message);
      continue;
    }
    seen.set(key, line);
    if (existing.has(key)) willUpdate++;
    else willCreate++;
    rows.push({ line, req });
  }

  // Files checked but never imported keep their rows for a day, then go (their reports with them).
  await db
    .delete(im)
    .where(and(eq(im.status, "validated"), lt(im.createdAt, new Date(Date.now() - KEEP_UNAPPLIED_MS))));
  const [row] = await db
    .insert(im)
    .values({
      id: randomUUID(),
      factoryId,
      resource,
      fileName: fileName.replace(/[^\w.\- ]/g, "_").slice(0, 200) || "import.csv",
      status: "validated",
      rowCount: body.length,
      createCount: willCreate,
      updateCount: willUpdate,
      errorCount: errors.length,
      errors: errors.slice(0, SHOWN_ERRORS),
      rows: errors.length === 0 ? rows : null,
      createdBy: p.userId || null,
    })
    .returning();
  if (!row) throw new Error("import row not written");
  return { ...reportOf(row, preview), errorCount: errors.length };
};

/**
 * One UPDATE … FROM (VALUES …) for a batch of rows by id (every row sets the same columns), so
 * 50,000 updates are 50 statements, not 50,000.
 */
const updateMany = async (
  tx: HubTx,
  table: LibraryTable,
  rows: { id: number; values: Record<string, unknown> }[],
): Promise<void> => {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first.values).filter((k) => columns[k] !== undefined);
  const cols = keys.map((k) => columns[k] as PgColumn);
  const typed = (value: unknown, column: PgColumn) =>
    sql`${value === null || value === undefined ? null : sql.param(value, column)}::${sql.raw(column.getSQLType())}`;
  const tuples = rows.map(
    (r) =>
      sql`(${sql.join(
        [sql`${r.id}::integer`, ...keys.map((k, n) => typed(r.values[k], cols[n] as PgColumn))],
        sql`, `,
      )})`,
  );
  const names = cols.map((c) => sql.identifier(c.name));
  const updated = columns.updatedAt ? sql`, ${sql.identifier(columns.updatedAt.name)} = now()` : sql``;
  await tx.execute(sql`
    update ${table} set ${sql.join(
      cols.map((c) => sql`${sql.identifier(c.name)} = v.${sql.identifier(c.name)}`),
      sql`, `,
    )}${updated}
    from (values ${sql.join(tuples, sql`, `)}) as v(${sql.join([sql.identifier("__id"), ...names], sql`, `)})
    where ${table}.${sql.identifier(table.id.name)} = v.${sql.identifier("__id")}`);
};

/** Writes the rows of a library table: fabric types or part categories they name first, then inserts and updates in batches. */
const writeRows = async (
  tx: HubTx,
  def: RowsDef,
  factoryId: number,
  stored: Stored[],
): Promise<{ created: number; updated: number }> => {
  const names = new Map<string, number>();
  if (def.named) {
    const t = def.named.table;
    const wanted = [
      ...new Set(
        stored.map((s) => s.req[def.named?.field ?? ""]).filter((v): v is string => typeof v === "string" && v !== ""),
      ),
    ];
    const have = await tx
      .select({ id: sql<number>`${t.id}`, name: sql<string>`${t.name}` })
      .from(t)
      .where(eq(t.factoryId, factoryId));
    for (const h of have) names.set(h.name.toLowerCase(), Number(h.id));
    const fresh = [
      ...new Map(wanted.filter((w) => !names.has(w.toLowerCase())).map((w) => [w.toLowerCase(), w])).values(),
    ];
    if (fresh.length > 0) {
      const made = (await tx
        .insert(t)
        .values(fresh.map((name) => ({ factoryId: factoryId, name })))
        .returning({ id: t.id, name: t.name })) as { id: number; name: string }[];
      for (const m of made) names.set(m.name.toLowerCase(), m.id);
    }
  }
  const existing = await existingKeys(tx, def, factoryId);
  const inserts: Stored[] = [];
  const updates: { id: number; s: Stored }[] = [];
  for (const s of stored) {
    const found = existing.get(def.keyOf(s.req));
    if (found === undefined) inserts.push(s);
    else updates.push({ id: found, s });
  }
  const written: { id: number; req: Record<string, unknown> }[] = [];
  for (let i = 0; i < inserts.length; i += BATCH) {
    const batch = inserts.slice(i, i + BATCH);
    const ids = (await tx
      .insert(def.table)
      .values(batch.map((s) => ({ ...def.toRow(s.req, names), factoryId: factoryId })))
      .returning({ id: def.table.id })) as { id: number }[];
    ids.forEach((r, n) => {
      const s = batch[n];
      if (s) written.push({ id: r.id, req: s.req });
    });
  }
  for (let i = 0; i < updates.length; i += BATCH) {
    const batch = updates.slice(i, i + BATCH);
    await updateMany(
      tx,
      def.table,
      batch.map((u) => ({ id: u.id, values: def.toRow(u.s.req, names) })),
    );
    for (const u of batch) written.push({ id: u.id, req: u.s.req });
  }
  if (def.links) await def.links(tx, written);
  return { created: inserts.length, updated: updates.length };
};

const importFor = async (db: HubDb, p: Principal, id: string) => {
  const [row] = await db.select().from(im).where(eq(im.id, id));
  // Order imports share the table (modules/orders/import.service.ts) and are read only there.
  if (!row || !(IMPORT_RESOURCES as readonly string[]).includes(row.resource)) throw notFound("That import");
  if (!p.isInternal && !(p.isFacility && p.factoryIds.includes(row.factoryId))) throw notFound("That import");
  return row;
};

export const importReport = async (db: HubDb, p: Principal, id: string): Promise<TImportReport> =>
  reportOf(await importFor(db, p, id));

/**
 * Applies a validated import: every row in one transaction, or none. Rows whose code exists update
 * that row; the others are added in batches. Applying again, or with an idempotency key already
 * used, answers the first result and writes nothing.
 */
export const applyImport = async (
  db: HubDb,
  p: Principal,
  id: string,
  idempotencyKey: string | undefined,
): Promise<TImportReport> => {
  const row = await importFor(db, p, id);
  const done = await alreadyApplied(db, row, idempotencyKey);
  if (done) return reportOf(done);
  if (row.errorCount > 0)
    throw conflict(
      `This file has ${row.errorCount} ${row.errorCount === 1 ? "row" : "rows"} to fix; nothing was imported.`,
    );
  const def = IMPORT_DEFS[row.resource as TImportResource];
  const stored = (row.rows as Stored[] | null) ?? [];

  const applied = await db
    .transaction(async (tx) => {
      // Claim the import first, so two requests cannot both apply it.
      if (!(await claimImport(tx, id, idempotencyKey))) return null;
      const counts =
        "write" in def
          ? await def.write(
              tx,
              row.factoryId,
              stored.map((x) => x.req),
              p,
            )
          : await writeRows(tx, def, row.factoryId, stored);
      const [done] = await tx
        .update(im)
        .set({
          status: "applied",
          appliedAt: new Date(),
          createCount: counts.created,
          updateCount: counts.updated,
          rows: null,
        })
        .where(eq(im.id, id))
        .returning();
      await recordAudit(tx, {
        actor: p.userName,
        action: `library.${row.resource}.import`,
        subject: `import:${id}`,
        detail: { ...counts, fileName: row.fileName },
      });
      return done ?? null;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw conflict(
          "Another change added some of these codes meanwhile; nothing was imported. Upload the file again.",
        );
      if (isForeignKeyViolation(error))
        throw conflict("Something the file names was deleted meanwhile; nothing was imported. Upload the file again.");
      throw error;
    });
  return reportOf(applied ?? (await importFor(db, p, id)));
};
