import type { TPage, TSupplier, TSupplierDetail, ZSupplierRequestSchema } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { facilityScope as factoryScope, resolveFacility as resolveOwnerFactory } from "../../platform/resource/owners";
import { col, nameList } from "../../platform/resource/resource";
import { getMaterials, materialOf, materialValues } from "./materials";

/**
 * Suppliers and the fabrics and parts they sell (plain routes; the materials are read and replaced
 * whole with their supplier, in one transaction). Scoped by facility like the library.
 */

type Body = z.output<typeof ZSupplierRequestSchema>;
type Query = { page: number; size: number; sort?: string; searchString?: string; active?: boolean };

const t = schema.suppliers;
const sm = schema.supplierMaterials;

const listColumns = {
  id: t.id,
  factoryId: t.factoryId,
  code: t.code,
  name: t.name,
  contactName: t.contactName,
  email: t.email,
  phone: t.phone,
  leadTimeDays: t.leadTimeDays,
  currency: t.currency,
  active: t.active,
  materialCount: sql<number>`(select count(*)::int from ${sm} where ${sm.supplierId} = ${col(t.id)})`,
};

export const listSuppliers = async (db: HubDb, p: Principal, q: Query): Promise<TPage<TSupplier>> => {
  const where = and(
    factoryScope(p, t.factoryId),
    q.active === undefined ? undefined : eq(t.active, q.active),
    searchAny(q.searchString, [t.code, t.name, t.contactName, t.email]),
  );
  const order = orderByFor(
    q.sort,
    { code: t.code, name: t.name, leadTimeDays: t.leadTimeDays, currency: t.currency, active: t.active },
    ["name", "asc"],
    t.id,
  );
  const rows = await db
    .select(listColumns)
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
  return toPage(
    rows.map((r) => ({ ...r, materialCount: Number(r.materialCount) })),
    Number(total?.n ?? 0),
    q,
  );
};

/** The supplier row if the caller may see it (another facility's answers 404). */
const getRow = async (db: HubDb | HubTx, p: Principal, id: number, lock = false) => {
  const q = db
    .select()
    .from(t)
    .where(and(eq(t.id, id), factoryScope(p, t.factoryId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("That supplier");
  return row;
};

export const getSupplier = async (db: HubDb | HubTx, p: Principal, id: number): Promise<TSupplierDetail> => {
  const row = await getRow(db, p, id);
  const mats = await db
    .select({
      id: sm.id,
      fabricId: sm.fabricId,
      partId: sm.partId,
      supplierCode: sm.supplierCode,
      priceCents: sm.priceCents,
      unit: sm.unit,
      minOrderQty: sql<string>`${sm.minOrderQty}::text`,
      materialCode: sql<string>`coalesce(${schema.fabrics.fabricCode}, ${schema.parts.partCode})`,
      materialName: sql<string>`coalesce(${schema.fabrics.fabricName}, ${schema.parts.name})`,
    })
    .from(sm)
    .leftJoin(schema.fabrics, eq(schema.fabrics.id, sm.fabricId))
    .leftJoin(schema.parts, eq(schema.parts.id, sm.partId))
    .where(eq(sm.supplierId, id))
    .orderBy(asc(sm.id));
  const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(sm).where(eq(sm.supplierId, id));
  return {
    id: row.id,
    factoryId: row.factoryId,
    code: row.code,
    name: row.name,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    leadTimeDays: row.leadTimeDays,
    currency: row.currency,
    active: row.active,
    notes: row.notes,
    materialCount: Number(n?.n ?? 0),
    materials: mats.map(({ fabricId, partId, ...m }) => {
      const ref = materialOf({ fabricId, partId });
      return { ...m, materialKind: ref.kind, materialId: ref.id };
    }),
  };
};

const assertCodeFree = async (tx: HubTx, factoryId: number, code: string, exceptId?: number) => {
  const [taken] = await tx
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.factoryId, factoryId),
        sql`lower(${t.code}) = lower(${code})`,
        exceptId ? ne(t.id, exceptId) : undefined,
      ),
    );
  if (taken) throw conflict("A supplier with this code already exists.", { code: "This code is already used" });
};

/** Writes the supplier's materials anew (same facility as the supplier, each material once). */
const writeMaterials = async (tx: HubTx, supplierId: number, factoryId: number, body: Body) => {
  const seen = new Set<string>();
  body.materials.forEach((m, n) => {
    const key = `${m.materialKind}:${m.materialId}`;
    if (seen.has(key))
      throw badRequest("Name each material once.", { [`materials.${n}.materialId`]: "Already in the list" });
    seen.add(key);
  });
  const found = await getMaterials(
    tx,
    factoryId,
    body.materials.map((m, n) => ({ kind: m.materialKind, id: m.materialId, field: `materials.${n}.materialId` })),
  );
  await tx.delete(sm).where(eq(sm.supplierId, supplierId));
  if (body.materials.length === 0) return;
  await tx.insert(sm).values(
    body.materials.map((m) => {
      const mat = found.get(`${m.materialKind}:${m.materialId}`);
      return {
        supplierId,
        ...materialValues({ kind: m.materialKind, id: m.materialId }),
        supplierCode: m.supplierCode,
        priceCents: m.priceCents,
        unit: m.unit ?? mat?.unit ?? "each",
        minOrderQty: m.minOrderQty,
      };
    }),
  );
};

const columnsOf = (body: Body) => ({
  code: body.code,
  name: body.name,
  contactName: body.contactName,
  email: body.email,
  phone: body.phone,
  leadTimeDays: body.leadTimeDays,
  currency: body.currency,
  notes: body.notes,
  active: body.active,
});

const uniqueRace = (error: unknown): never => {
  if (isUniqueViolation(error))
    throw conflict("A supplier with this code already exists.", { code: "This code is already used" });
  throw error;
};

export const createSupplier = async (db: HubDb, p: Principal, body: Body): Promise<TSupplierDetail> =>
  db
    .transaction(async (tx) => {
      const factoryId = await resolveOwnerFactory(tx, p, body.factoryId);
      await assertCodeFree(tx, factoryId, body.code);
      const [row] = await tx
        .insert(t)
        .values({ factoryId, ...columnsOf(body) })
        .returning({ id: t.id });
      if (!row) throw new Error("supplier insert returned nothing");
      await writeMaterials(tx, row.id, factoryId, body);
      await recordAudit(tx, { actor: p.userName, action: "inventory.supplier.create", subject: `supplier:${row.id}` });
      return getSupplier(tx, p, row.id);
    })
    .catch(uniqueRace);

export const updateSupplier = async (db: HubDb, p: Principal, id: number, body: Body): Promise<TSupplierDetail> =>
  db
    .transaction(async (tx) => {
      const row = await getRow(tx, p, id, true);
      if (body.factoryId !== undefined && body.factoryId !== row.factoryId)
        throw badRequest("A supplier stays with its facility.", { factoryId: "Cannot change" });
      await assertCodeFree(tx, row.factoryId, body.code, id);
      await tx
        .update(t)
        .set({ ...columnsOf(body), updatedAt: new Date() })
        .where(eq(t.id, id));
      await writeMaterials(tx, id, row.factoryId, body);
      await recordAudit(tx, { actor: p.userName, action: "inventory.supplier.update", subject: `supplier:${id}` });
      return getSupplier(tx, p, id);
    })
    .catch(uniqueRace);

/** Refused (409, naming the orders) while a purchase order names the supplier: deactivate it instead. */
export const deleteSupplier = async (db: HubDb, p: Principal, id: number): Promise<void> =>
  db.transaction(async (tx) => {
    const row = await getRow(tx, p, id, true);
    const po = schema.purchaseOrders;
    const used = await tx
      .select({ number: po.number })
      .from(po)
      .where(eq(po.supplierId, id))
      .orderBy(asc(po.number))
      .limit(5);
    if (used.length > 0) {
      const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(po).where(eq(po.supplierId, id));
      const total = Number(n?.n ?? used.length);
      throw conflict(
        `Supplier ${row.code} is used by purchase ${total === 1 ? "order" : "orders"} ${nameList(
          used.map((u) => u.number),
          total,
        )}. Deactivate it instead.`,
      );
    }
    await tx.delete(t).where(eq(t.id, id));
    await recordAudit(tx, { actor: p.userName, action: "inventory.supplier.delete", subject: `supplier:${id}` });
  });

/**
 * `{ id, label, archived }` of the caller's suppliers, for the purchase order form's and the
 * library fabric and part forms' pickers; `ids` answers those rows (a chosen supplier's name).
 */
export const lookupSuppliers = async (
  db: HubDb,
  p: Principal,
  q: { searchString?: string | undefined; ids?: string | undefined; size: number },
) => {
  const ids = q.ids ? [...new Set(q.ids.split(",").map(Number))].filter((n) => n > 0 && n <= 2147483647) : null;
  return db
    .select({ id: t.id, label: sql<string>`${t.code} || ' ' || ${t.name}`, archived: sql<boolean>`not ${t.active}` })
    .from(t)
    .where(
      and(
        factoryScope(p, t.factoryId),
        ids ? inArray(t.id, ids.length > 0 ? ids : [0]) : searchAny(q.searchString, [t.code, t.name]),
      ),
    )
    .orderBy(asc(t.name))
    .limit(ids ? 100 : q.size);
};
