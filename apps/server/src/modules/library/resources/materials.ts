import type {
  TFabricDetail,
  TFabricRequest,
  TPartDetail,
  TPartRequest,
  TThreadKind,
  TThreadRequest,
} from "@hub/contracts";
import { bmcThreadsApi, fabricsApi, partsApi, threadsApi } from "@hub/contracts/library/resources-api";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { alias } from "drizzle-orm/pg-core";
import { ensureOwnedRefs } from "../../../platform/resource/resource";
import type { LibraryResource } from "../resource";
import { firstReason, stockUsing, stylesUsing } from "./used-by";

const f = schema.fabrics;
const ft = schema.fabricTypes;
const p = schema.parts;
const pc = schema.partCategories;
const th = schema.threads;
const fabricSupplier = alias(schema.suppliers, "fabric_supplier");
const partSupplier = alias(schema.suppliers, "part_supplier");
const fabricChanger = alias(schema.users, "fabric_changer");
const partChanger = alias(schema.users, "part_changer");

/** Fabric types and part categories are named in the form; a new name adds the row. */
const namedRow = async (
  tx: HubTx,
  table: PgTable & { id: PgColumn; factoryId: PgColumn; name: PgColumn },
  name: string | null,
  factoryId: number,
): Promise<number | null> => {
  if (!name) return null;
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.factoryId, factoryId), sql`lower(${table.name}) = lower(${name})`));
  if (found) return Number(found.id);
  const [created] = (await tx.insert(table).values({ factoryId, name }).returning({ id: table.id })) as {
    id: number;
  }[];
  return created ? Number(created.id) : null;
};

/** A chosen inventory supplier must be one of the material's facility (else 400 naming supplierId). */
const supplierOf = async (tx: HubTx, supplierId: number | null | undefined, factoryId: number) => {
  if (supplierId == null) return null;
  await ensureOwnedRefs(
    tx,
    { table: schema.suppliers, ownerColumn: schema.suppliers.factoryId, ownerId: factoryId },
    [supplierId],
    "supplierId",
    "Supplier",
    "in this facility",
  );
  return supplierId;
};

/** The names already used, for the form's suggestions. */
export const namesOf = async (
  db: HubDb,
  table: PgTable & { name: PgColumn; factoryId: PgColumn },
  scope: ReturnType<typeof sql> | undefined,
) =>
  (await db.selectDistinct({ name: table.name }).from(table).where(scope).orderBy(asc(table.name)).limit(500)).map(
    (r) => String(r.name),
  );

const stockColumns = (t: typeof f | typeof p, changer: typeof fabricChanger | typeof partChanger) => ({
  outOfStock: t.outOfStock,
  stockChangedAt: t.stockChangedAt,
  stockChangedByName: sql<
    string | null
  >`case when ${changer.userId} is null then null else ${changer.firstName} || ' ' || ${changer.lastName} end`.as(
    `${t === f ? "fabric" : "part"}_changer_name`,
  ),
});

const usedByStyles = async (
  db: HubDb | HubTx,
  link: typeof schema.styleFabrics | typeof schema.styleParts,
  match: ReturnType<typeof eq>,
) =>
  db
    .selectDistinct({ id: schema.styles.id, code: schema.styles.code, name: schema.styles.name })
    .from(link)
    .innerJoin(schema.styles, eq(schema.styles.id, link.styleId))
    .where(match)
    .orderBy(asc(schema.styles.code))
    .limit(100);

export const fabricsResource: LibraryResource<TFabricRequest, TFabricDetail> = {
  api: fabricsApi,
  noun: "fabric",
  table: f,
  columns: {
    id: f.id,
    factoryId: f.factoryId,
    archived: f.archived,
    updatedAt: f.updatedAt,
    fabricCode: f.fabricCode,
    fabricName: f.fabricName,
    fabricType: ft.name,
    supplier: f.supplier,
    supplierId: f.supplierId,
    supplierName: sql<string | null>`${fabricSupplier.code} || ' ' || ${fabricSupplier.name}`.as(
      "fabric_supplier_name",
    ),
    color: f.color,
    costCents: f.costCents,
    unit: f.unit,
    widthInches: f.widthInches,
    weightGsm: f.weightGsm,
    ...stockColumns(f, fabricChanger),
  },
  joins: (q) =>
    q
      .leftJoin(ft, eq(ft.id, f.fabricTypeId))
      .leftJoin(fabricSupplier, eq(fabricSupplier.id, f.supplierId))
      .leftJoin(fabricChanger, eq(fabricChanger.userId, f.stockChangedBy)),
  label: sql`${f.fabricCode} || ' · ' || ${f.fabricName}`,
  sortable: {
    fabricCode: f.fabricCode,
    fabricName: f.fabricName,
    fabricType: ft.name,
    supplier: sql`coalesce(${fabricSupplier.code} || ' ' || ${fabricSupplier.name}, ${f.supplier})`,
    color: f.color,
    costCents: f.costCents,
    widthInches: f.widthInches,
    weightGsm: f.weightGsm,
    outOfStock: f.outOfStock,
    updatedAt: f.updatedAt,
  },
  defaultSort: ["fabricCode", "asc"],
  search: [f.fabricCode, f.fabricName, ft.name, f.supplier, fabricSupplier.code, fabricSupplier.name, f.color],
  values: async (tx, req, factoryId) => ({
    fabricCode: req.fabricCode,
    fabricName: req.fabricName,
    fabricTypeId: await namedRow(tx, ft, req.fabricType, factoryId),
    supplier: req.supplier,
    ...(req.supplierId !== undefined ? { supplierId: await supplierOf(tx, req.supplierId, factoryId) } : {}),
    color: req.color,
    costCents: req.costCents,
    unit: req.unit,
    widthInches: req.widthInches,
    weightGsm: req.weightGsm,
  }),
  unique: [{ field: "fabricCode", column: f.fabricCode, message: "This fabric code is already used" }],
  detail: async (db, row) => ({
    usedBy: await usedByStyles(db, schema.styleFabrics, eq(schema.styleFabrics.fabricId, Number(row.id))),
  }),
  usedBy: async (db, id) =>
    firstReason(
      await stylesUsing(db, schema.styleFabrics, eq(schema.styleFabrics.fabricId, id), "fabric"),
      await stockUsing(db, "fabric", id),
    ),
  csv: [
    { header: "fabricCode", value: (r) => r.fabricCode },
    { header: "fabricName", value: (r) => r.fabricName },
    { header: "fabricType", value: (r) => r.fabricType },
    { header: "supplier", value: (r) => r.supplier },
    { header: "color", value: (r) => r.color },
    { header: "cost", value: (r) => (Number(r.costCents) / 100).toFixed(2) },
    { header: "unit", value: (r) => r.unit },
    { header: "widthInches", value: (r) => r.widthInches },
    { header: "weightGsm", value: (r) => r.weightGsm },
    { header: "outOfStock", value: (r) => r.outOfStock },
    { header: "archived", value: (r) => r.archived },
  ],
};

export const partsResource: LibraryResource<TPartRequest, TPartDetail> = {
  api: partsApi,
  noun: "part",
  table: p,
  columns: {
    id: p.id,
    factoryId: p.factoryId,
    archived: p.archived,
    updatedAt: p.updatedAt,
    partCode: p.partCode,
    name: p.name,
    category: pc.name,
    supplier: p.supplier,
    supplierId: p.supplierId,
    supplierName: sql<string | null>`${partSupplier.code} || ' ' || ${partSupplier.name}`.as("part_supplier_name"),
    costCents: p.costCents,
    unit: p.unit,
    ...stockColumns(p, partChanger),
  },
  joins: (q) =>
    q
      .leftJoin(pc, eq(pc.id, p.categoryId))
      .leftJoin(partSupplier, eq(partSupplier.id, p.supplierId))
      .leftJoin(partChanger, eq(partChanger.userId, p.stockChangedBy)),
  label: sql`${p.partCode} || ' · ' || ${p.name}`,
  sortable: {
    partCode: p.partCode,
    name: p.name,
    category: pc.name,
    supplier: sql`coalesce(${partSupplier.code} || ' ' || ${partSupplier.name}, ${p.supplier})`,
    costCents: p.costCents,
    outOfStock: p.outOfStock,
    updatedAt: p.updatedAt,
  },
  defaultSort: ["partCode", "asc"],
  search: [p.partCode, p.name, pc.name, p.supplier, partSupplier.code, partSupplier.name],
  values: async (tx, req, factoryId) => ({
    partCode: req.partCode,
    name: req.name,
    categoryId: await namedRow(tx, pc, req.category, factoryId),
    supplier: req.supplier,
    ...(req.supplierId !== undefined ? { supplierId: await supplierOf(tx, req.supplierId, factoryId) } : {}),
    costCents: req.costCents,
    unit: req.unit,
  }),
  unique: [{ field: "partCode", column: p.partCode, message: "This part code is already used" }],
  detail: async (db, row) => ({
    usedBy: await usedByStyles(db, schema.styleParts, eq(schema.styleParts.partId, Number(row.id))),
  }),
  usedBy: async (db, id) =>
    firstReason(
      await stylesUsing(db, schema.styleParts, eq(schema.styleParts.partId, id), "part"),
      (
        await db
          .select({ n: sql<number>`1` })
          .from(schema.partProfileParts)
          .where(eq(schema.partProfileParts.partId, id))
          .limit(1)
      ).length > 0
        ? "This part is in a part profile. Take it out of the profile first, or archive it instead."
        : null,
      await stockUsing(db, "part", id),
    ),
  csv: [
    { header: "partCode", value: (r) => r.partCode },
    { header: "name", value: (r) => r.name },
    { header: "category", value: (r) => r.category },
    { header: "supplier", value: (r) => r.supplier },
    { header: "cost", value: (r) => (Number(r.costCents) / 100).toFixed(2) },
    { header: "unit", value: (r) => r.unit },
    { header: "outOfStock", value: (r) => r.outOfStock },
    { header: "archived", value: (r) => r.archived },
  ],
};

/** Threads and BMC threads: one table, two lists (and two routes), told apart by kind. */
export const threadsResource = (kind: TThreadKind): LibraryResource<TThreadRequest> => ({
  api: kind === "bmc" ? bmcThreadsApi : threadsApi,
  noun: kind === "bmc" ? "BMC thread" : "thread",
  table: th,
  columns: {
    id: th.id,
    factoryId: th.factoryId,
    archived: th.archived,
    updatedAt: th.updatedAt,
    kind: th.kind,
    code: th.code,
    name: th.name,
    colorCode: th.colorCode,
    hexColor: th.hexColor,
    brand: th.brand,
    ticket: th.ticket,
  },
  filter: eq(th.kind, kind),
  label: sql`${th.code} || ' · ' || ${th.name}`,
  sortable: {
    code: th.code,
    name: th.name,
    colorCode: th.colorCode,
    brand: th.brand,
    ticket: th.ticket,
    updatedAt: th.updatedAt,
  },
  defaultSort: ["code", "asc"],
  search: [th.code, th.name, th.colorCode, th.brand],
  values: async (_tx, req) => ({
    kind,
    code: req.code,
    name: req.name,
    colorCode: req.colorCode,
    hexColor: req.hexColor,
    brand: req.brand,
    ticket: req.ticket,
  }),
  unique: [{ field: "code", column: th.code, message: "This code is already used by another thread" }],
  csv: [
    { header: "code", value: (r) => r.code },
    { header: "name", value: (r) => r.name },
    { header: "colorCode", value: (r) => r.colorCode },
    { header: "hexColor", value: (r) => r.hexColor },
    { header: "brand", value: (r) => r.brand },
    { header: "ticket", value: (r) => r.ticket },
    { header: "archived", value: (r) => r.archived },
  ],
});
