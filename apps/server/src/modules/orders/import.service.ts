import { randomUUID } from "node:crypto";
import {
  ORDER_IMPORT_COLUMNS,
  ORDER_IMPORT_HEADER_COLUMNS,
  type TImportError,
  type TOrderImportOrder,
  type TOrderImportReport,
  type TOrderLineInput,
  type TPlaceOrderRequest,
  ZOrderLineInputSchema,
  ZPlaceOrderRequestSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { toCsv } from "../../platform/csv";
import { alreadyApplied, claimImport, readCsv } from "../../platform/csv-import";
import { isUniqueViolation } from "../../platform/db-errors";
import { conflict, HttpError, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { checkOrder, type OrderDeps, payImportedOrders, placeImportedOrders } from "./orders.service";
import { type OrderClient, orderClientFor } from "./scope";

/**
 * CSV order import (issue 10): the library's validate-then-apply import (`lib_imports`, resource
 * "orders"; the same CSV reading) for orders. One order per client and PO number, one line per
 * row. Validate checks every row and every order as placing would, and keeps the orders to place;
 * apply places them all through the orders service in one transaction, or none.
 */

const im = schema.libraryImports;
const RESOURCE = "orders";
const SHOWN_ERRORS = 1000;

/** What validate keeps for apply: the clients it names (the import's scope) and the orders. */
type StoredOrder = TOrderImportOrder & { body: TPlaceOrderRequest; idempotencyKey: string };
type Stored = { clientIds: number[]; orders: StoredOrder[] };

/** A client's imported PO is placed once: its key on the order (unique per client). */
export const importKeyOf = (poNumber: string) => `import:${poNumber}`;

export const orderTemplate = (): string =>
  toCsv(
    ORDER_IMPORT_COLUMNS.map((c) => c.name),
    [ORDER_IMPORT_COLUMNS.map((c) => c.example)],
  );

const reportOf = (row: typeof im.$inferSelect): TOrderImportReport => {
  const errors = row.errors as TImportError[];
  const stored = (row.rows as Stored | null) ?? { clientIds: [], orders: [] };
  return {
    importId: row.id,
    fileName: row.fileName,
    status: row.status === "applied" ? "applied" : "validated",
    rowCount: row.rowCount,
    validCount: row.rowCount - new Set(errors.map((e) => e.line)).size,
    willCreate: row.createCount,
    alreadyImported: row.updateCount,
    errorCount: row.errorCount,
    errors: errors.slice(0, SHOWN_ERRORS),
    orders: stored.orders.map(({ body: _body, idempotencyKey: _key, ...order }) => order),
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
};

type Group = {
  client: OrderClient;
  poNumber: string;
  first: number;
  header: Record<string, string>;
  rows: { line: number; input: TOrderLineInput }[];
  bad: boolean;
};

const SHIP_TO_COLUMN: Record<string, string> = {
  name: "shipName",
  company: "shipCompany",
  line1: "shipLine1",
  line2: "shipLine2",
  city: "shipCity",
  region: "shipRegion",
  postalCode: "shipPostalCode",
  country: "shipCountry",
  phone: "shipPhone",
};

/**
 * Reads and checks every row and every order of an order CSV without placing anything: each
 * problem is reported with its line (the header is line 1), column and reason.
 */
export const validateOrderImport = async (
  db: HubDb,
  p: Principal,
  fileName: string,
  csv: string,
): Promise<TOrderImportReport> => {
  const { body, cellOf } = readCsv(csv, ORDER_IMPORT_COLUMNS);
  const errors: TImportError[] = [];
  const problem = (line: number, column: string | null, message: string) => errors.push({ line, column, message });

  // The client column, read once per distinct text: a site name or an id the caller may order for.
  const clients = new Map<string, OrderClient | string>();
  const clientOf = async (text: string): Promise<OrderClient | string> => {
    const known = clients.get(text);
    if (known !== undefined) return known;
    let found: OrderClient | string;
    try {
      let requested: number | undefined;
      if (text !== "") {
        const c = schema.clients;
        const [row] = await db
          .select({ id: c.clientId })
          .from(c)
          .where(/^\d{1,9}$/.test(text) ? eq(c.clientId, Number(text)) : sql`lower(${c.siteName}) = lower(${text})`);
        requested = row?.id ?? -1;
      }
      if (requested === -1) throw notFound("That client");
      // Client users import for their own client: naming it is fine, naming another is not.
      found = await orderClientFor(db, p, requested);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      found =
        error.status === 404
          ? `There is no client "${text}" you can import orders for.`
          : (Object.values(error.fields ?? {})[0] ?? error.message);
    }
    clients.set(text, found);
    return found;
  };

  const groups = new Map<string, Group>();
  for (const { record, line } of body) {
    const cell = (column: string) => cellOf(record, column).trim();
    const client = await clientOf(cell("client"));
    if (typeof client === "string") {
      problem(line, "client", client);
      continue;
    }
    const poNumber = cell("poNumber");
    if (poNumber === "") {
      problem(line, "poNumber", "Give the PO number: one order is made per PO number.");
      continue;
    }
    const header = Object.fromEntries(ORDER_IMPORT_HEADER_COLUMNS.map((c) => [c, cell(c)]));
    const key = JSON.stringify([client.clientId, poNumber]);
    let group = groups.get(key);
    if (!group) {
      group = { client, poNumber, first: line, header, rows: [], bad: false };
      groups.set(key, group);
    } else {
      const differs = ORDER_IMPORT_HEADER_COLUMNS.filter((c) => header[c] !== group?.header[c]);
      if (differs.length > 0) {
        for (const c of differs)
          problem(line, c, `Differs from line ${group.first}: every row of PO ${poNumber} must give the same ${c}.`);
        group.bad = true;
        continue;
      }
    }
    const quantityText = cell("quantity");
    const quantity = /^\d{1,9}$/.test(quantityText)
      ? Number(quantityText)
      : quantityText === ""
        ? undefined
        : Number.NaN;
    const sku = cell("sku");
    const styleCode = cell("styleCode");
    const codes = cell("attributeCodes")
      .split("|")
      .map((x) => x.trim())
      .filter((x) => x !== "");
    const input =
      sku !== "" ? { sku, quantity } : styleCode !== "" ? { styleCode, attributeCodes: codes, quantity } : { quantity };
    const parsed = ZOrderLineInputSchema.safeParse(input);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = issue.path[0] === undefined ? "sku" : String(issue.path[0]);
        if (seen.has(column)) continue;
        seen.add(column);
        problem(
          line,
          column,
          column === "sku" && issue.path[0] === undefined
            ? "Give a sku, or a styleCode with attributeCodes."
            : issue.message,
        );
      }
      group.bad = true;
      continue;
    }
    group.rows.push({ line, input: parsed.data });
  }

  // Every order as placing checks it: ship-to or the address book, ship date, every line priced.
  const orders: StoredOrder[] = [];
  const o = schema.orders;
  const a = schema.addresses;
  for (const g of groups.values()) {
    if (g.rows.length === 0) continue;
    const lineOf = (index: number) => g.rows[index]?.line ?? g.first;
    const h = g.header;
    let addressId: number | undefined;
    if (h.addressLabel) {
      const [address] = await db
        .select({ id: a.id })
        .from(a)
        .where(
          and(eq(a.clientId, g.client.clientId), eq(a.active, true), sql`lower(${a.label}) = lower(${h.addressLabel})`),
        );
      if (!address) {
        problem(g.first, "addressLabel", `${g.client.clientName}'s address book has no address "${h.addressLabel}".`);
        continue;
      }
      addressId = address.id;
    }
    const request = {
      clientId: g.client.clientId,
      poNumber: g.poNumber,
      ...(addressId !== undefined
        ? { addressId }
        : {
            shipTo: Object.fromEntries(
              Object.entries(SHIP_TO_COLUMN).map(([field, column]) => [field, h[column] ?? ""]),
            ),
          }),
      requestedShipDate: h.requestedShipDate || undefined,
      notes: h.notes || undefined,
      lines: g.rows.map((r) => r.input),
    };
    const parsed = ZPlaceOrderRequestSchema.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [top, sub, field] = issue.path.map(String);
        if (top === "lines" && sub !== undefined && field !== undefined)
          problem(lineOf(Number(sub)), field, issue.message);
        else if (top === "shipTo") problem(g.first, SHIP_TO_COLUMN[sub ?? "name"] ?? "shipName", issue.message);
        else problem(g.first, top === "lines" ? "poNumber" : (top ?? null), issue.message);
      }
      continue;
    }
    const idempotencyKey = importKeyOf(g.poNumber);
    const [earlier] = await db
      .select({ id: o.id, orderNumber: o.orderNumber })
      .from(o)
      .where(and(eq(o.clientId, g.client.clientId), eq(o.idempotencyKey, idempotencyKey)));
    const stored: StoredOrder = {
      poNumber: g.poNumber,
      clientId: g.client.clientId,
      clientName: g.client.clientName,
      lines: g.rows.map((r) => r.line),
      totalCents: null,
      orderId: earlier?.id ?? null,
      orderNumber: earlier?.orderNumber ?? null,
      alreadyImported: earlier !== undefined,
      body: parsed.data,
      idempotencyKey,
    };
    if (!earlier) {
      try {
        const checked = await checkOrder(db, g.client, { source: "import", body: parsed.data, idempotencyKey }, "");
        stored.totalCents = checked.priced.totalCents;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const fields = Object.entries(error.fields ?? {});
        if (fields.length === 0) problem(g.first, null, error.message);
        for (const [name, message] of fields) {
          const [top, sub, field] = name.split(".");
          if (top === "lines" && sub !== undefined) problem(lineOf(Number(sub)), field ?? null, message);
          else problem(g.first, name === "addressId" ? "addressLabel" : name, message);
        }
        continue;
      }
    }
    if (!g.bad) orders.push(stored);
  }
  errors.sort((x, y) => x.line - y.line);

  const clientIds = [...new Set([...groups.values()].map((g) => g.client.clientId))];
  const first = groups.values().next().value;
  const factoryId = first?.client.factoryId ?? (await fallbackFactory(db, p));
  const [row] = await db
    .insert(im)
    .values({
      id: randomUUID(),
      factoryId,
      resource: RESOURCE,
      fileName: fileName.replace(/[^\w.\- ]/g, "_").slice(0, 200) || "orders.csv",
      status: "validated",
      rowCount: body.length,
      createCount: orders.filter((x) => !x.alreadyImported).length,
      updateCount: orders.filter((x) => x.alreadyImported).length,
      errorCount: errors.length,
      errors: errors.slice(0, SHOWN_ERRORS),
      rows: { clientIds, orders: errors.length === 0 ? orders : [] } satisfies Stored,
      createdBy: p.userId || null,
    })
    .returning();
  if (!row) throw new Error("import row not written");
  return reportOf(row);
};

/** A file naming no client the caller may use still keeps its report: under the caller's facility, or any. */
const fallbackFactory = async (db: HubDb, p: Principal): Promise<number> => {
  if (p.factoryIds[0] !== undefined) return p.factoryIds[0];
  const f = schema.factories;
  const [row] = await db.select({ id: f.factoryId }).from(f).orderBy(f.factoryId).limit(1);
  if (!row) throw conflict("There is no facility to import orders for.");
  return row.id;
};

/** An order import the caller may see: internal admins all; others only when every client it names is theirs. */
const importFor = async (db: HubDb, p: Principal, id: string) => {
  const [row] = await db
    .select()
    .from(im)
    .where(and(eq(im.id, id), eq(im.resource, RESOURCE)));
  if (!row) throw notFound("That import");
  if (p.isInternal) return row;
  const { clientIds } = (row.rows as Stored | null) ?? { clientIds: [] };
  if (clientIds.length === 0 && row.createdBy !== p.userId) throw notFound("That import");
  for (const clientId of clientIds) {
    try {
      await orderClientFor(db, p, clientId);
    } catch {
      throw notFound("That import");
    }
  }
  return row;
};

export const orderImportReport = async (db: HubDb, p: Principal, id: string): Promise<TOrderImportReport> =>
  reportOf(await importFor(db, p, id));

/**
 * Applies a checked order file: every order placed in one transaction (priced again now: prices are
 * frozen at placing), or none; then new orders are charged as placing charges them. Applying again,
 * or with an Idempotency-Key already used, answers the first result; a PO the client already has
 * answers its order instead of making another.
 */
export const applyOrderImport = async (
  deps: OrderDeps,
  p: Principal,
  id: string,
  idempotencyKey: string | undefined,
): Promise<TOrderImportReport> => {
  const { db } = deps;
  const row = await importFor(db, p, id);
  const done = await alreadyApplied(db, row, idempotencyKey, RESOURCE);
  if (done) return reportOf(done.id === row.id ? row : await importFor(db, p, done.id));
  if (row.errorCount > 0)
    throw conflict(
      `This file has ${row.errorCount} ${row.errorCount === 1 ? "problem" : "problems"} to fix; nothing was imported.`,
    );
  const stored = (row.rows as Stored | null) ?? { clientIds: [], orders: [] };

  let created: number[] = [];
  const applied = await db
    .transaction(async (tx) => {
      // Claim the import first, so two requests cannot both apply it.
      if (!(await claimImport(tx, id, idempotencyKey))) return null;
      const placed = await placeImportedOrders(
        tx,
        p,
        stored.orders.map((x) => ({ clientId: x.clientId, body: x.body, idempotencyKey: x.idempotencyKey })),
        (index, error) => {
          const order = stored.orders[index];
          throw conflict(
            `PO ${order?.poNumber ?? ""} (line ${order?.lines[0] ?? "?"}): ${error.message} Nothing was imported; upload the file again.`,
          );
        },
      );
      created = placed.filter((x) => x.created).map((x) => x.orderId);
      const orders = stored.orders.map((x, n) => {
        const r = placed[n];
        return r ? { ...x, orderId: r.orderId, orderNumber: r.orderNumber, alreadyImported: !r.created } : x;
      });
      const [done] = await tx
        .update(im)
        .set({
          status: "applied",
          appliedAt: new Date(),
          createCount: created.length,
          updateCount: orders.length - created.length,
          rows: { clientIds: stored.clientIds, orders } satisfies Stored,
        })
        .where(eq(im.id, id))
        .returning();
      await recordAudit(tx, {
        actor: p.userName,
        action: "orders.import",
        subject: `import:${id}`,
        detail: { created: created.length, alreadyImported: orders.length - created.length, fileName: row.fileName },
      });
      return done ?? null;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw conflict("Some of these orders were placed meanwhile; nothing was imported. Upload the file again.");
      throw error;
    });
  await payImportedOrders(deps, p, created);
  return reportOf(applied ?? (await importFor(db, p, id)));
};

/**
 * One file through the whole import, as the upload takes it in two steps: `validateOrderImport`
 * (every check, the stored report), then, when no row was refused, `applyOrderImport` (every order
 * placed in one transaction, or none; a PO the client already has answers its first order). The S3
 * order import calls it for each file it finds; `idempotencyKey` makes a repeat of the same file
 * answer the first apply.
 */
export const importOrderFile = async (
  deps: OrderDeps,
  p: Principal,
  fileName: string,
  csv: string,
  idempotencyKey: string,
): Promise<TOrderImportReport> => {
  const checked = await validateOrderImport(deps.db, p, fileName, csv);
  if (checked.errorCount > 0 || checked.orders.length === 0) return checked;
  return applyOrderImport(deps, p, checked.importId, idempotencyKey);
};
