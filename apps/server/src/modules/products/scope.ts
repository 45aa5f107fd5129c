import { PRODUCT_MESSAGES, TECH_PACK_MESSAGES } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import { conflict, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { teamOwner } from "../../platform/resource/owners";

/**
 * Who sees and changes products and tech packs: the product's team (teamOwner: active members
 * read and write, internal admins all). Anyone else's product answers 404. A team ADMIN (or an
 * internal admin) approves; every member edits and submits.
 */

export const pr = schema.pdProducts;
export const tp = schema.pdTechPacks;
const tu = schema.teamUsers;

export const productScope = (p: Principal): SQL | undefined => teamOwner.read(p, pr.teamId);

export type ProductRow = typeof pr.$inferSelect;
export type PackRow = typeof tp.$inferSelect;

export const productFor = async (db: HubDb | HubTx, p: Principal, productId: number): Promise<ProductRow> => {
  const [row] = await db
    .select()
    .from(pr)
    .where(and(eq(pr.id, productId), productScope(p)));
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return row;
};

/** The caller's role in a team: ADMIN, MEMBER, or null (not a member; internal admins count as ADMIN). */
export const teamRoleOf = async (db: HubDb | HubTx, p: Principal, teamId: number): Promise<string | null> => {
  if (p.isInternal) return "ADMIN";
  const [row] = await db
    .select({ role: tu.roleName })
    .from(tu)
    .where(
      and(
        eq(tu.teamId, teamId),
        eq(tu.userId, p.userId),
        eq(tu.pending, false),
        or(isNull(tu.invitationStatus), eq(tu.invitationStatus, "ACCEPTED")),
      ),
    );
  return row?.role ?? null;
};

export type PackContext = {
  pack: PackRow;
  product: ProductRow;
  /** The pack is its product's latest version (older versions are read-only). */
  latest: boolean;
  role: string | null;
};

/** A tech pack through its product's team scope (404 outside it). */
export const packFor = async (db: HubDb | HubTx, p: Principal, stpId: number): Promise<PackContext> => {
  const [row] = await db
    .select({ pack: tp, product: pr })
    .from(tp)
    .innerJoin(pr, eq(pr.id, tp.productId))
    .where(and(eq(tp.id, stpId), productScope(p)));
  if (!row) throw notFound(TECH_PACK_MESSAGES.notFound);
  return {
    ...row,
    latest: row.pack.version === row.product.latestVersion,
    role: await teamRoleOf(db, p, row.product.teamId),
  };
};

/** Refuses changes to an older version (it stays readable). */
export const assertWritable = (ctx: PackContext): void => {
  if (!ctx.latest) throw conflict(TECH_PACK_MESSAGES.readOnly, { stpId: "Older version" });
};

export const isUniqueViolation = (error: unknown): boolean => {
  const code = (e: unknown) => (typeof e === "object" && e !== null && "code" in e ? e.code : undefined);
  return (
    code(error) === "23505" ||
    (typeof error === "object" && error !== null && "cause" in error && code(error.cause) === "23505")
  );
};
