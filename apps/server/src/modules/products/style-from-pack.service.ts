import {
  STYLE_SOURCE_MESSAGES,
  type TMakeStyleRequest,
  type TPackStyle,
  type TStyleSource,
  type TStyleSourceAnswer,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, ne } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import { conflict, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { facilityScope } from "../../platform/resource/owners";
import { brandOf } from "./handoff.service";
import { type PackContext, packById, packFor, tp } from "./scope";
import { attributeNamed, codeFrom, fabricNamed, instructionNamed, optionNamed, partNamed } from "./style-library-match";
import { bomRowsOf, readAllParts, teamClientOf } from "./tech-pack-parts";
import { comparePacks } from "./version-compare.service";

/**
 * From an approved tech pack to the floor (issue 19). A facility user makes their facility's
 * library style from an approved version sent to it, in one transaction: the style (the product's
 * code, name and category; a base price; offered to the brand's client only), Size and Colour
 * options with an attribute per size and colourway (the facility's own by name where it has them),
 * fabrics from the Fabrics tab and parts from the other BOM tabs (matched by name or made), an
 * instruction per construction step, and the `lib_style_sources` row. A later approved version marks
 * the style out of date (`markStylesOutOfDate`, in the approval's transaction); the facility reviews
 * the changes and marks it up to date.
 */

const st = schema.styles;
const src = schema.libStyleSources;
const sends = schema.pdTechPackSends;

/** The facility of the send that lets the caller read the version. */
const sendFacility = async (db: HubDb | HubTx, ctx: PackContext): Promise<number | null> => {
  if (ctx.sendId === null) return null;
  const [row] = await db.select({ factoryId: sends.factoryId }).from(sends).where(eq(sends.id, ctx.sendId));
  return row?.factoryId ?? null;
};

/** The facility's style made from any version of the product, with the version it follows. */
const styleOfProduct = async (db: HubDb | HubTx, productId: number, factoryId: number) => {
  const [row] = await db
    .select({ id: st.id, code: st.code, name: st.name, version: tp.version, techPackId: src.techPackId })
    .from(src)
    .innerJoin(st, eq(st.id, src.styleId))
    .innerJoin(tp, eq(tp.id, src.techPackId))
    .where(and(eq(src.productId, productId), eq(st.factoryId, factoryId)))
    .limit(1);
  return row ?? null;
};

/** GET /productDev/stps/:stpId/style: the caller's facility's style of this product, or whether one can be made. */
export const readPackStyle = async (db: HubDb, p: Principal, stpId: number): Promise<TPackStyle> => {
  const ctx = await packFor(db, p, stpId);
  const code = codeFrom(ctx.details.code);
  const base = { stpId, code };
  const factoryId = ctx.viewer === "facility" ? await sendFacility(db, ctx) : null;
  if (factoryId === null) return { ...base, style: null, canMake: false, reason: STYLE_SOURCE_MESSAGES.onlyFacility };
  const made = await styleOfProduct(db, ctx.product.id, factoryId);
  if (made)
    return {
      ...base,
      style: { id: made.id, code: made.code, name: made.name },
      canMake: false,
      reason: STYLE_SOURCE_MESSAGES.alreadyMade(made.code, made.version),
    };
  if (ctx.pack.approvalState !== "approved")
    return { ...base, style: null, canMake: false, reason: STYLE_SOURCE_MESSAGES.notApproved };
  return { ...base, style: null, canMake: true, reason: null };
};

/** POST /productDev/stps/:stpId/style: makes the facility's style from this approved version. */
export const makeStyleFromPack = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  body: TMakeStyleRequest,
): Promise<TStyleSource> => {
  const styleId = await db
    .transaction(async (tx) => {
      const ctx = await packFor(tx, p, stpId);
      const factoryId = ctx.viewer === "facility" ? await sendFacility(tx, ctx) : null;
      if (factoryId === null) throw forbidden(STYLE_SOURCE_MESSAGES.onlyFacility);
      if (ctx.pack.approvalState !== "approved")
        throw conflict(STYLE_SOURCE_MESSAGES.notApproved, { stpId: STYLE_SOURCE_MESSAGES.notApproved });
      const made = await styleOfProduct(tx, ctx.product.id, factoryId);
      if (made) {
        const message = STYLE_SOURCE_MESSAGES.alreadyMade(made.code, made.version);
        throw conflict(message, { styleId: String(made.id) });
      }
      const code = codeFrom(ctx.details.code);
      const taken = STYLE_SOURCE_MESSAGES.codeTaken(code);
      const [inserted] = await tx
        .insert(st)
        .values({
          factoryId,
          code,
          name: ctx.details.name.slice(0, 120) || code,
          category: (ctx.details.category ?? "").slice(0, 60) || "Uncategorised",
          description: ctx.details.description ?? null,
          basePriceCents: body.basePriceCents ?? 0,
          offeredToAll: false,
        })
        .onConflictDoNothing()
        .returning({ id: st.id });
      if (!inserted) throw conflict(taken, { code: taken });
      const id = inserted.id;
      await compose(tx, ctx, factoryId, id);
      const clientId = await teamClientOf(tx, ctx.product.teamId);
      if (clientId !== null) await tx.insert(schema.styleClients).values({ styleId: id, clientId });
      await tx.insert(src).values({ styleId: id, productId: ctx.product.id, techPackId: stpId, createdBy: p.userName });
      await recordAudit(tx, {
        actor: p.userName,
        action: "library.styles.fromTechPack",
        subject: `styles:${id}`,
        detail: { product: ctx.product.id, techPack: stpId, version: ctx.pack.version, factoryId },
      });
      return id;
    })
    .catch((e: unknown) => {
      // Two facility users making the style at once: the second finds the first's code taken.
      if (isUniqueViolation(e)) throw conflict(STYLE_SOURCE_MESSAGES.madeMeanwhile);
      throw e;
    });
  const answer = await readStyleSource(db, p, styleId);
  if (!answer.source) throw notFound("The style");
  return answer.source;
};

/** The style's options and attributes, fabrics, parts and instructions, from the version's tabs. */
const compose = async (tx: HubTx, ctx: PackContext, factoryId: number, styleId: number): Promise<void> => {
  const all = await readAllParts(tx, ctx.pack.id);
  const optionRows: { optionId: number; values: string[] }[] = [];
  const sizes = [...new Set(all.sizing.sizes)];
  const colours = [...new Set(all.colorways.colorways.map((c) => c.name))];
  if (sizes.length > 0) optionRows.push({ optionId: await optionNamed(tx, factoryId, "Size", 1), values: sizes });
  if (colours.length > 0) optionRows.push({ optionId: await optionNamed(tx, factoryId, "Colour", 2), values: colours });
  for (const [i, opt] of optionRows.entries()) {
    await tx.insert(schema.styleOptions).values({ styleId, optionId: opt.optionId, sortOrder: i });
    const attrs: number[] = [];
    for (const [j, name] of opt.values.entries()) {
      const attributeId = await attributeNamed(tx, factoryId, opt.optionId, name, j);
      if (!attrs.includes(attributeId)) attrs.push(attributeId);
    }
    if (attrs.length > 0)
      await tx
        .insert(schema.styleOptionAttributes)
        .values(attrs.map((attributeId, j) => ({ styleId, optionId: opt.optionId, attributeId, sortOrder: j })));
  }
  const { rows } = await bomRowsOf(tx, ctx.product.teamId, all);
  for (const r of rows) {
    const material = { code: r.itemCode, name: r.itemName, unit: r.unit, costCents: r.costCents };
    const quantity = Number(r.quantity);
    if (r.tab === "fabrics") {
      const fabricId = await fabricNamed(tx, factoryId, material);
      await tx
        .insert(schema.styleFabrics)
        .values({ styleId, fabricId, placement: r.placement || null, consumption: quantity });
    } else {
      const partId = await partNamed(tx, factoryId, material);
      await tx.insert(schema.styleParts).values({ styleId, partId, quantity });
    }
  }
  for (const [i, step] of all.constructionDetails.steps.entries()) {
    const instructionId = await instructionNamed(tx, factoryId, step.title, step.description);
    await tx
      .insert(schema.styleInstructions)
      .values({ styleId, step: i + 1, instructionId, note: step.description || null });
  }
};

/** GET /library/styles/:id/source: where the caller's style came from, and what a newer approved version changed. */
export const readStyleSource = async (db: HubDb, p: Principal, styleId: number): Promise<TStyleSourceAnswer> => {
  const [style] = await db
    .select({ id: st.id, code: st.code, name: st.name })
    .from(st)
    .where(and(eq(st.id, styleId), facilityScope(p, st.factoryId)));
  if (!style) throw notFound("That style");
  const [row] = await db.select().from(src).where(eq(src.styleId, styleId));
  if (!row) return { source: null };
  const from = await packById(db, row.techPackId);
  const newer = row.outOfDateTechPackId === null ? null : await packById(db, row.outOfDateTechPackId);
  const compared = newer ? await comparePacks(db, from, newer) : null;
  return {
    source: {
      styleId,
      style,
      productId: row.productId,
      productCode: from.details.code,
      productName: from.details.name,
      brand: await brandOf(db, from.product.teamId),
      from: { stpId: from.pack.id, version: from.pack.version },
      outOfDate: newer ? { stpId: newer.pack.id, version: newer.pack.version } : null,
      changes: compared?.tabs ?? [],
    },
  };
};

/** POST /library/styles/:id/source/upToDate: the facility reviewed the newer version; the style follows it. */
export const markStyleUpToDate = async (db: HubDb, p: Principal, styleId: number): Promise<TStyleSource> => {
  await db.transaction(async (tx) => {
    const [style] = await tx
      .select({ id: st.id })
      .from(st)
      .where(and(eq(st.id, styleId), facilityScope(p, st.factoryId)));
    if (!style) throw notFound("That style");
    const [row] = await tx.select().from(src).where(eq(src.styleId, styleId)).for("update");
    if (!row) throw conflict(STYLE_SOURCE_MESSAGES.notSource);
    if (row.outOfDateTechPackId === null) throw conflict(STYLE_SOURCE_MESSAGES.upToDate);
    await tx
      .update(src)
      .set({ techPackId: row.outOfDateTechPackId, outOfDateTechPackId: null, updatedAt: new Date() })
      .where(eq(src.styleId, styleId));
    await recordAudit(tx, {
      actor: p.userName,
      action: "library.styles.upToDate",
      subject: `styles:${styleId}`,
      detail: { from: row.techPackId, to: row.outOfDateTechPackId },
    });
  });
  const answer = await readStyleSource(db, p, styleId);
  if (!answer.source) throw notFound("The style");
  return answer.source;
};

/**
 * In a version's approval transaction: every style made from an older version of the product is
 * out of date until its facility reviews this one.
 */
export const markStylesOutOfDate = async (tx: HubTx, productId: number, stpId: number): Promise<void> => {
  const older = tx
    .select({ id: tp.id })
    .from(tp)
    .where(and(eq(tp.productId, productId), ne(tp.id, stpId)));
  await tx
    .update(src)
    .set({ outOfDateTechPackId: stpId, updatedAt: new Date() })
    .where(and(eq(src.productId, productId), inArray(src.techPackId, older)));
};
