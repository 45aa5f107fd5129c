import {
  BOM_TABS,
  type TBomData,
  type TDocumentTab,
  type TDocumentTabData,
  TECH_PACK_MESSAGES,
  TECH_PACK_TAB_LABELS,
  type TGradedSpecData,
  type TPackagingData,
  type TProductDetailsTab,
  type TProductFields,
  type TSizingData,
  ZProductFieldsSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { bumpTabVersion } from "../../platform/tab-versions";
import { DETAILS_TAB, lockEditable, type PackContext, packFor, pr } from "./scope";
import { checkShippingProfile, shippingProfileChoices } from "./shipping-profiles";
import { writeHistory } from "./tech-pack-history";
import {
  chartOf,
  colorwayRefs,
  costingOf,
  fileIdsOf,
  itemsById,
  libraryChoices,
  readAllParts,
  readPart,
  stampOf,
  TECH_PACK_KIND,
  uploadsOf,
  variantsById,
  writeDetails,
} from "./tech-pack-parts";

/**
 * The smart tech pack's tabs (docs/adr/0010-tech-pack.md). A document tab is one row of
 * pd_tech_pack_parts, read with its tab version and saved whole: the save moves the tab version on
 * (409 when stale), checks the references against the team's library, writes the document, and
 * writes one history row per changed field, all in one transaction. The product details are kept
 * per version the same way (issue 23).
 */

const parts = schema.pdTechPackParts;
const li = schema.pdLibraryItems;

export const readDocumentTab = async (db: HubDb, p: Principal, stpId: number, tab: TDocumentTab) => {
  const ctx = await packFor(db, p, stpId);
  const stamp = await stampOf(db, ctx, tab);
  const teamId = ctx.product.teamId;
  const data = await readPart(db, stpId, tab);
  // A facility sees what the version uses, never the team's library.
  const facility = ctx.viewer === "facility";
  switch (tab) {
    case "images":
    case "files":
    case "constructionDetails":
      return { ...stamp, ...data, uploads: await uploadsOf(db, teamId, fileIdsOf(tab, data)) };
    case "packaging": {
      // Saved before issue 19, a packaging document has no profile yet.
      const shippingProfileId = (data as TPackagingData).shippingProfileId ?? null;
      return {
        ...stamp,
        ...data,
        shippingProfileId,
        shippingProfiles: await shippingProfileChoices(db, teamId, shippingProfileId, facility),
        choices: await libraryChoices(
          db,
          teamId,
          tab,
          facility ? (data as TBomData).rows.map((r) => r.itemId) : undefined,
        ),
        colorways: colorwayRefs(await readPart(db, stpId, "colorways")),
      };
    }
    case "fabrics":
    case "notions":
    case "labels":
    case "threads":
    case "graphics":
      return {
        ...stamp,
        ...data,
        choices: await libraryChoices(
          db,
          teamId,
          tab,
          facility ? (data as TBomData).rows.map((r) => r.itemId) : undefined,
        ),
        colorways: colorwayRefs(await readPart(db, stpId, "colorways")),
      };
    case "colorways":
      return {
        ...stamp,
        ...data,
        colors: await libraryChoices(
          db,
          teamId,
          "colors",
          facility ? (data as TDocumentTabData<"colorways">).colorways.flatMap((c) => c.colorIds) : undefined,
        ),
      };
    case "estimates": {
      const all = await readAllParts(db, stpId);
      return {
        ...stamp,
        ...data,
        costing: await costingOf(db, teamId, all),
        targetCostCents: ctx.details.targetCostCents,
        targetPriceCents: ctx.details.targetPriceCents,
      };
    }
    case "sizing": {
      const r = schema.pdSizeRanges;
      const ranges = facility
        ? []
        : await db
            .select({ id: r.id, name: r.name, sizes: r.sizes, baseSize: r.baseSize })
            .from(r)
            .where(and(eq(r.teamId, teamId), eq(r.archived, false)))
            .orderBy(asc(r.name));
      return { ...stamp, ...data, sizeRanges: ranges };
    }
    case "gradedSpec": {
      const sizing = await readPart(db, stpId, "sizing");
      const t = schema.pdPomTemplates;
      const templates = facility
        ? []
        : await db
            .select({ id: t.id, name: t.name, unit: t.unit })
            .from(t)
            .where(and(eq(t.teamId, teamId), eq(t.archived, false)))
            .orderBy(asc(t.name));
      const spec = data as TGradedSpecData;
      return {
        ...stamp,
        ...spec,
        sizes: sizing.sizes,
        baseSize: sizing.baseSize,
        chart: chartOf(sizing, spec),
        templates,
      };
    }
    case "cuttersMust": {
      const used = (data as TDocumentTabData<"cuttersMust">).pieces.flatMap((x) =>
        x.fabricItemId ? [x.fabricItemId] : [],
      );
      const fabrics = await db
        .select({ id: li.id, code: li.code, name: li.name })
        .from(li)
        .where(
          and(
            eq(li.teamId, teamId),
            eq(li.kind, "fabrics"),
            facility ? inArray(li.id, used.length > 0 ? used : [0]) : undefined,
          ),
        )
        .orderBy(asc(li.code))
        .limit(1000);
      return { ...stamp, ...data, fabrics };
    }
    case "productOptions":
      return { ...stamp, ...data };
  }
};

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

/** Checks a document's references: library items of the team and kind, variants of their items, colourways, sizes, files. */
const checkReferences = async (tx: HubTx, ctx: PackContext, tab: TDocumentTab, data: unknown): Promise<void> => {
  const teamId = ctx.product.teamId;
  const stpId = ctx.pack.id;
  if ((BOM_TABS as readonly string[]).includes(tab)) {
    const bom = data as TBomData;
    const items = await itemsById(
      tx,
      teamId,
      bom.rows.map((r) => r.itemId),
    );
    const variants = await variantsById(
      tx,
      bom.rows.flatMap((r) => Object.values(r.cells).flatMap((c) => (c.variantId ? [c.variantId] : []))),
    );
    const keys = new Set((await readPart(tx, stpId, "colorways")).colorways.map((c) => c.key));
    for (const [i, r] of bom.rows.entries()) {
      const item = items.get(r.itemId);
      if (!item || item.kind !== tab) throw fieldError(`rows.${i}.itemId`, TECH_PACK_MESSAGES.unknownItem);
      for (const [key, cell] of Object.entries(r.cells)) {
        if (!keys.has(key)) throw fieldError(`rows.${i}.cells.${key}`, TECH_PACK_MESSAGES.unknownColorway);
        if (cell.variantId && variants.get(cell.variantId)?.itemId !== r.itemId)
          throw fieldError(`rows.${i}.cells.${key}.variantId`, TECH_PACK_MESSAGES.unknownVariant);
      }
    }
    if (tab === "packaging") {
      const before = (await readPart(tx, stpId, "packaging")).shippingProfileId ?? null;
      await checkShippingProfile(tx, teamId, (data as TPackagingData).shippingProfileId ?? null, before);
    }
    return;
  }
  switch (tab) {
    case "colorways": {
      const c = data as TDocumentTabData<"colorways">;
      const seen = new Set<string>();
      for (const [i, cw] of c.colorways.entries()) {
        const key = cw.key.toLowerCase();
        if (seen.has(key)) throw fieldError(`colorways.${i}.key`, "Each colourway needs its own code.");
        seen.add(key);
      }
      const ids = c.colorways.flatMap((cw) => cw.colorIds);
      const colors = await itemsById(tx, teamId, ids);
      for (const [i, cw] of c.colorways.entries())
        for (const [j, id] of cw.colorIds.entries())
          if (colors.get(id)?.kind !== "colors")
            throw fieldError(`colorways.${i}.colorIds.${j}`, "That colour is not in your team's library.");
      return;
    }
    case "sizing": {
      const s = data as TSizingData;
      if (new Set(s.sizes.map((x) => x.toLowerCase())).size !== s.sizes.length)
        throw fieldError("sizes", "Each size can be listed once.");
      if (!s.sizes.includes(s.baseSize)) throw fieldError("baseSize", "The base size must be one of the sizes.");
      if (s.sizeRangeId !== null) {
        const r = schema.pdSizeRanges;
        const [row] = await tx
          .select({ id: r.id })
          .from(r)
          .where(and(eq(r.id, s.sizeRangeId), eq(r.teamId, teamId)));
        if (!row) throw fieldError("sizeRangeId", "That size range is not in your team's library.");
      }
      return;
    }
    case "gradedSpec": {
      const g = data as TGradedSpecData;
      const sizes = new Set((await readPart(tx, stpId, "sizing")).sizes);
      const codes = new Set<string>();
      for (const [i, pt] of g.points.entries()) {
        const code = pt.code.toLowerCase();
        if (codes.has(code)) throw fieldError(`points.${i}.code`, "Each point of measure needs its own code.");
        codes.add(code);
        for (const size of Object.keys(pt.gradeRules))
          if (!sizes.has(size))
            throw fieldError(`points.${i}.gradeRules`, `${TECH_PACK_MESSAGES.unknownSize} (${size})`);
      }
      return;
    }
    case "cuttersMust": {
      const c = data as TDocumentTabData<"cuttersMust">;
      const ids = c.pieces.flatMap((x) => (x.fabricItemId ? [x.fabricItemId] : []));
      const fabrics = await itemsById(tx, teamId, ids);
      for (const [i, piece] of c.pieces.entries())
        if (piece.fabricItemId && fabrics.get(piece.fabricItemId)?.kind !== "fabrics")
          throw fieldError(`pieces.${i}.fabricItemId`, "That fabric is not in your team's library.");
      return;
    }
    case "images":
    case "files":
    case "constructionDetails": {
      const ids = fileIdsOf(tab, data);
      const known = new Set((await uploadsOf(tx, teamId, ids)).map((f) => f.id));
      const missing = ids.findIndex((id) => !known.has(id));
      if (missing >= 0) {
        const field =
          tab === "images"
            ? `images.${missing}.fileId`
            : tab === "files"
              ? `files.${missing}.fileId`
              : "steps.imageFileId";
        throw fieldError(field, "That file was not uploaded to this team.");
      }
      return;
    }
    default:
      return;
  }
};

const touchProduct = (tx: HubTx, productId: number) =>
  tx.update(pr).set({ updatedAt: new Date() }).where(eq(pr.id, productId));

export const saveDocumentTab = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  tab: TDocumentTab,
  body: { version: number } & Record<string, unknown>,
) => {
  const { version, ...data } = body;
  await db.transaction(async (tx) => {
    const ctx = await packFor(tx, p, stpId);
    await lockEditable(tx, ctx);
    await bumpTabVersion(tx, TECH_PACK_KIND, stpId, tab, version, p.userName, TECH_PACK_TAB_LABELS[tab]);
    await checkReferences(tx, ctx, tab, data);
    const before = await readPart(tx, stpId, tab);
    await tx
      .insert(parts)
      .values({ techPackId: stpId, tab, data })
      .onConflictDoUpdate({ target: [parts.techPackId, parts.tab], set: { data, updatedAt: new Date() } });
    await writeHistory(tx, stpId, p.userName, tab, before, data);
    await touchProduct(tx, ctx.product.id);
  });
  return readDocumentTab(db, p, stpId, tab);
};

// ---- product details tab -------------------------------------------------------------------------

export const readDetailsTab = async (db: HubDb, p: Principal, stpId: number): Promise<TProductDetailsTab> => {
  const ctx = await packFor(db, p, stpId);
  return { ...(await stampOf(db, ctx, DETAILS_TAB)), ...ctx.details };
};

export const saveDetailsTab = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  { version, ...input }: TProductFields & { version: number },
): Promise<TProductDetailsTab> => {
  const fields = ZProductFieldsSchema.parse(input);
  await db.transaction(async (tx) => {
    const ctx = await packFor(tx, p, stpId);
    await lockEditable(tx, ctx);
    await bumpTabVersion(
      tx,
      TECH_PACK_KIND,
      stpId,
      "editProductDetails",
      version,
      p.userName,
      TECH_PACK_TAB_LABELS.editProductDetails,
    );
    const before = ctx.details;
    await writeDetails(tx, stpId, fields);
    try {
      // The product row mirrors its latest version's details: the list filters, sorts and counts them.
      await tx
        .update(pr)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(pr.id, ctx.product.id));
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict("A product with this code already exists in the team.", { code: "Code taken" });
      throw error;
    }
    await writeHistory(tx, stpId, p.userName, "editProductDetails", before, fields);
  });
  return readDetailsTab(db, p, stpId);
};
