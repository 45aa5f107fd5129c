import {
  FROZEN_FIELD,
  frozenVersionMessage,
  HANDOFF_MESSAGES,
  PRODUCT_MESSAGES,
  TECH_PACK_MESSAGES,
  type TProductFields,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { conflict, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { teamOwner } from "../../platform/resource/owners";

/**
 * Who sees and changes products and tech packs: the product's team (teamOwner: active members
 * read and write, internal admins all). Anyone else's product answers 404. A team ADMIN (or an
 * internal admin) approves; every member edits and submits. A facility user reads, read-only, a
 * version sent to their facility (issue 23), and nothing else.
 */

export const pr = schema.pdProducts;
export const tp = schema.pdTechPacks;
const tu = schema.teamUsers;
const parts = schema.pdTechPackParts;
const sends = schema.pdTechPackSends;

/** The tab that keeps a version's product details (a part like the document tabs). */
export const DETAILS_TAB = "editProductDetails";

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
  /** The version's own product details (what its tabs and PDF show). */
  details: TProductFields;
  /** The pack is its product's latest version (older versions are read-only). */
  latest: boolean;
  role: string | null;
  /** team: a member of the product's team or an internal admin; facility: a facility the version was sent to. */
  viewer: "team" | "facility";
  /** Facility viewers: the send that lets them read it. */
  sendId: number | null;
};

/** A product row's details: a version without its own copy (none since issue 23's migration) shows these. */
export const productDetailsOf = (r: ProductRow): TProductFields => ({
  code: r.code,
  name: r.name,
  status: r.status,
  season: r.season,
  category: r.category,
  collection: r.collection,
  batch: r.batch,
  fit: r.fit,
  description: r.description,
  tags: r.tags,
  targetCostCents: r.targetCostCents,
  targetPriceCents: r.targetPriceCents,
});

const detailsOfRow = (product: ProductRow, data: Record<string, unknown> | null): TProductFields =>
  data ? { ...productDetailsOf(product), ...(data as Partial<TProductFields>) } : productDetailsOf(product);

/**
 * A tech pack through its product's team scope, or (facility users) through a send of that version
 * to one of their facilities. 404 outside both.
 */
export const packFor = async (db: HubDb | HubTx, p: Principal, stpId: number): Promise<PackContext> => {
  const detailsJoin = and(eq(parts.techPackId, tp.id), eq(parts.tab, DETAILS_TAB));
  const [row] = await db
    .select({ pack: tp, product: pr, details: parts.data })
    .from(tp)
    .innerJoin(pr, eq(pr.id, tp.productId))
    .leftJoin(parts, detailsJoin)
    .where(and(eq(tp.id, stpId), productScope(p)));
  if (row) {
    return {
      pack: row.pack,
      product: row.product,
      details: detailsOfRow(row.product, row.details),
      latest: row.pack.version === row.product.latestVersion,
      role: await teamRoleOf(db, p, row.product.teamId),
      viewer: "team",
      sendId: null,
    };
  }
  if (p.isFacility && p.factoryIds.length > 0) {
    const [sent] = await db
      .select({ pack: tp, product: pr, details: parts.data, sendId: sends.id })
      .from(sends)
      .innerJoin(tp, eq(tp.id, sends.techPackId))
      .innerJoin(pr, eq(pr.id, tp.productId))
      .leftJoin(parts, detailsJoin)
      .where(and(eq(sends.techPackId, stpId), inArray(sends.factoryId, p.factoryIds)))
      .limit(1);
    if (sent)
      return {
        pack: sent.pack,
        product: sent.product,
        details: detailsOfRow(sent.product, sent.details),
        latest: false,
        role: null,
        viewer: "facility",
        sendId: sent.sendId,
      };
  }
  throw notFound(TECH_PACK_MESSAGES.notFound);
};

/**
 * A version without the caller's scope, read-only (viewer `facility`, no role): only for a service
 * that has already checked the caller's right to something that names it (a style made from the
 * product reads the newer approved version that made it out of date). 404 when there is none.
 */
export const packById = async (db: HubDb | HubTx, stpId: number): Promise<PackContext> => {
  const [row] = await db
    .select({ pack: tp, product: pr, details: parts.data })
    .from(tp)
    .innerJoin(pr, eq(pr.id, tp.productId))
    .leftJoin(parts, and(eq(parts.techPackId, tp.id), eq(parts.tab, DETAILS_TAB)))
    .where(eq(tp.id, stpId));
  if (!row) throw notFound(TECH_PACK_MESSAGES.notFound);
  return {
    pack: row.pack,
    product: row.product,
    details: detailsOfRow(row.product, row.details),
    latest: row.pack.version === row.product.latestVersion,
    role: null,
    viewer: "facility",
    sendId: null,
  };
};

/** Refuses changes to an older version (it stays readable). */
export const assertWritable = (ctx: PackContext): void => {
  if (ctx.viewer === "facility") throw forbidden(HANDOFF_MESSAGES.facilityReadOnly);
  if (!ctx.latest) throw conflict(TECH_PACK_MESSAGES.readOnly, { stpId: "Older version" });
};

/** An approved or sent version never changes: its tabs, details, files and uploads are frozen. */
export const isFrozen = (ctx: PackContext): boolean =>
  ctx.pack.approvalState === "approved" || ctx.pack.sentToFactoryAt !== null;

/**
 * Every write to a version's content: a member of the team, on the latest version, not approved
 * or sent (409 naming the version and offering a new one).
 */
export const assertEditable = (ctx: PackContext): void => {
  if (ctx.viewer === "facility") throw forbidden(HANDOFF_MESSAGES.facilityReadOnly);
  if (ctx.role === null) throw forbidden("Only members of the product's team can change its tech pack.");
  if (isFrozen(ctx)) {
    const message = frozenVersionMessage(ctx.pack.version, ctx.pack.sentToFactoryAt !== null);
    throw conflict(message, { [FROZEN_FIELD]: message });
  }
  assertWritable(ctx);
};

/**
 * assertEditable inside a save's transaction, on the pack row read again and share-locked: an
 * approval (which locks the row for update) and a save queue up, so a save never lands on a
 * version approved meanwhile.
 */
export const lockEditable = async (tx: HubTx, ctx: PackContext): Promise<void> => {
  const [fresh] = await tx.select().from(tp).where(eq(tp.id, ctx.pack.id)).for("share");
  assertEditable(fresh ? { ...ctx, pack: fresh } : ctx);
};
