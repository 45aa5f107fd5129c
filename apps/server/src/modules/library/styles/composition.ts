import type { TStyleComposition, TStyleCompositionRequest } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq } from "drizzle-orm";
import { recordAudit } from "../../../platform/audit";
import { notFound } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import { touchTabVersion } from "../../../platform/tab-versions";
import { isEditor, readComposition, styleFor } from "./composition-read";
import { SECTIONS, type StyleSection, validateOrThrow } from "./composition-validate";

/**
 * Writing a style's composition (issue 4): replaced whole in one transaction, or one workspace tab's
 * rows. Reading is in composition-read.ts, validation in composition-validate.ts, applying a profile
 * in composition-profiles.ts.
 */

const s = schema.styles;
const tiersT = schema.stylePriceTiers;
const so = schema.styleOptions;
const soa = schema.styleOptionAttributes;
const sf = schema.styleFabrics;
const sp = schema.styleParts;
const si = schema.styleInstructions;

/** The record kind of a style's tab versions (record_tab_versions.kind). */
export const STYLE_TAB_KIND = "style";

/** Replaces the rows of one section of the style inside `tx` (already validated). */
const replaceRows = async (
  tx: HubTx,
  styleId: number,
  section: StyleSection,
  req: TStyleCompositionRequest,
): Promise<void> => {
  if (section === "pricing") {
    await tx.delete(tiersT).where(eq(tiersT.styleId, styleId));
    if (req.priceTiers.length > 0) await tx.insert(tiersT).values(req.priceTiers.map((t) => ({ styleId, ...t })));
  } else if (section === "options") {
    await tx.delete(soa).where(eq(soa.styleId, styleId));
    await tx.delete(so).where(eq(so.styleId, styleId));
    if (req.options.length > 0) {
      await tx.insert(so).values(req.options.map((x, i) => ({ styleId, optionId: x.optionId, sortOrder: i })));
      const rows = req.options.flatMap((x) =>
        x.attributes.map((y, j) => ({
          styleId,
          optionId: x.optionId,
          attributeId: y.attributeId,
          upchargeCents: y.upchargeCents,
          sortOrder: j,
        })),
      );
      if (rows.length > 0) await tx.insert(soa).values(rows);
    }
  } else if (section === "materials") {
    await tx.delete(sf).where(eq(sf.styleId, styleId));
    await tx.delete(sp).where(eq(sp.styleId, styleId));
    if (req.fabrics.length > 0) await tx.insert(sf).values(req.fabrics.map((x) => ({ styleId, ...x })));
    if (req.parts.length > 0) await tx.insert(sp).values(req.parts.map((x) => ({ styleId, ...x })));
  } else {
    await tx.delete(si).where(eq(si.styleId, styleId));
    if (req.instructions.length > 0) {
      await tx.insert(si).values(
        req.instructions.map((x, i) => ({
          styleId,
          step: i + 1,
          instructionId: x.instructionId,
          machineId: x.machineId,
        })),
      );
    }
  }
};

/**
 * Replaces every composition row of the style inside `tx` (validated first; nothing written when
 * invalid) and moves every composition tab's version on, so tabs open on the old rows cannot save
 * over them.
 */
export const writeComposition = async (
  tx: HubTx,
  p: Principal,
  styleId: number,
  factoryId: number,
  req: TStyleCompositionRequest,
  sections: readonly StyleSection[] = SECTIONS,
): Promise<void> => {
  await validateOrThrow(tx, req, factoryId);
  for (const section of sections) {
    await replaceRows(tx, styleId, section, req);
    await touchTabVersion(tx, STYLE_TAB_KIND, styleId, section, p.userName);
  }
  await tx.update(s).set({ updatedAt: new Date() }).where(eq(s.id, styleId));
};

/**
 * Saves one workspace tab's rows inside `tx`: `req` is the whole composition with this tab's rows
 * in place of the saved ones, validated whole; only this tab's rows are replaced. The caller has
 * already moved the tab's version on (bumpTabVersion).
 */
export const writeSection = async (
  tx: HubTx,
  styleId: number,
  factoryId: number,
  section: StyleSection,
  req: TStyleCompositionRequest,
): Promise<void> => {
  await validateOrThrow(tx, req, factoryId, section);
  await replaceRows(tx, styleId, section, req);
  await tx.update(s).set({ updatedAt: new Date() }).where(eq(s.id, styleId));
};

export const editableStyle = async (tx: HubTx, p: Principal, styleId: number) => {
  const style = await styleFor(tx, p, styleId);
  if (!isEditor(p)) throw notFound("That style");
  return style;
};

export const replaceComposition = async (
  db: HubDb,
  p: Principal,
  styleId: number,
  req: TStyleCompositionRequest,
): Promise<TStyleComposition> => {
  await db.transaction(async (tx) => {
    const style = await editableStyle(tx, p, styleId);
    await writeComposition(tx, p, styleId, style.factoryId, req);
    await recordAudit(tx, {
      actor: p.userName,
      action: "library.styles.composition",
      subject: `styles:${styleId}`,
      detail: {
        tiers: req.priceTiers.length,
        options: req.options.length,
        fabrics: req.fabrics.length,
        parts: req.parts.length,
        steps: req.instructions.length,
      },
    });
  });
  return readComposition(db, p, styleId);
};
