import type { TCoupon, TCouponRequest, TPageQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, count, eq } from "drizzle-orm";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { orderByFor, searchAny } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { factoryScope, resolveOwnerFactory } from "../library/scope";

/** Coupons (issue 10): a facility's codes, kept by its users and internal admins. */

const k = schema.coupons;
type Row = typeof k.$inferSelect;

const toCoupon = (r: Row): TCoupon => ({
  id: r.id,
  factoryId: r.factoryId,
  code: r.code,
  description: r.description,
  percentOffBp: r.percentOffBp,
  amountOffCents: r.amountOffCents,
  validFrom: r.validFrom,
  validTo: r.validTo,
  usageLimit: r.usageLimit,
  usedCount: r.usedCount,
  clientId: r.clientId,
  active: r.active,
});

const rowFor = async (db: HubDb, p: Principal, id: number): Promise<Row> => {
  const [row] = await db
    .select()
    .from(k)
    .where(and(eq(k.id, id), factoryScope(p, k.factoryId)));
  if (!row) throw notFound("That coupon");
  return row;
};

export const listCoupons = async (db: HubDb, p: Principal, q: TPageQuery) => {
  const where = and(factoryScope(p, k.factoryId), searchAny(q.searchString, [k.code, k.description]));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(k)
      .where(where)
      .orderBy(
        ...orderByFor(
          q.sort,
          { code: k.code, validTo: k.validTo, usedCount: k.usedCount, id: k.id },
          ["code", "asc"],
          k.id,
        ),
      )
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(k).where(where),
  ]);
  return { items: rows.map(toCoupon), total: total?.n ?? 0, page: q.page, size: q.size };
};

export const getCoupon = async (db: HubDb, p: Principal, id: number) => toCoupon(await rowFor(db, p, id));

const valuesOf = async (db: HubDb, req: TCouponRequest, factoryId: number) => {
  if (req.clientId !== undefined) {
    const c = schema.clients;
    const [client] = await db
      .select({ id: c.clientId })
      .from(c)
      .where(and(eq(c.clientId, req.clientId), eq(c.factoryId, factoryId)));
    if (!client)
      throw badRequest("That client is not served by this facility.", { clientId: "Not a client of this facility" });
  }
  return {
    code: req.code,
    description: req.description ?? null,
    percentOffBp: req.percentOffBp ?? null,
    amountOffCents: req.amountOffCents ?? null,
    validFrom: req.validFrom ?? null,
    validTo: req.validTo ?? null,
    usageLimit: req.usageLimit ?? null,
    clientId: req.clientId ?? null,
    active: req.active,
  };
};

const taken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict("This code is already used.", { code: "This code is already used" });
  throw error;
};

export const createCoupon = async (db: HubDb, p: Principal, req: TCouponRequest) => {
  const factoryId = await resolveOwnerFactory(db, p, req.factoryId);
  const values = await valuesOf(db, req, factoryId);
  const [row] = await db
    .insert(k)
    .values({ ...values, factoryId })
    .returning()
    .catch(taken);
  if (!row) throw new Error("coupon insert failed");
  return toCoupon(row);
};

export const updateCoupon = async (db: HubDb, p: Principal, id: number, req: TCouponRequest) => {
  const current = await rowFor(db, p, id);
  const values = await valuesOf(db, req, current.factoryId);
  const [row] = await db
    .update(k)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(k.id, id))
    .returning()
    .catch(taken);
  if (!row) throw notFound("That coupon");
  return toCoupon(row);
};

/** Deletes a coupon; orders that used it keep its code (the order's coupon id becomes null). */
export const deleteCoupon = async (db: HubDb, p: Principal, id: number) => {
  const current = await rowFor(db, p, id);
  await db.delete(k).where(eq(k.id, current.id));
  return toCoupon(current);
};
