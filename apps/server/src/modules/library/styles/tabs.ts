import {
  compositionToRequest,
  STYLE_TAB_LABELS,
  type TStyleComposition,
  type TStyleCompositionRequest,
  type TStyleDetailsRequest,
  type TStyleDetailsTab,
  type TStyleMaterialsRequest,
  type TStyleMaterialsTab,
  type TStyleOptionsRequest,
  type TStyleOptionsTab,
  type TStylePricingRequest,
  type TStylePricingTab,
  type TStyleStepsRequest,
  type TStyleStepsTab,
  type TStyleTab,
  type TTabStamp,
  ZStyleDetailSchema,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { recordAudit } from "../../../platform/audit";
import { notFound } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import { bumpTabVersion, readTabVersion, tabStamp } from "../../../platform/tab-versions";
import { STYLE_TAB_KIND, writeSection } from "./composition";
import { readComposition, styleFor, styles } from "./composition-read";
import type { StyleSection } from "./composition-validate";

/**
 * The style workspace's tabs (/styles/edit/{id}/{tab}): each tab read and saved on its own, with
 * its tab version (platform/tab-versions.ts). A save writes only its tab's rows, in one
 * transaction that first moves the version on from the one the screen loaded (409 when stale).
 */

const stampOf = async (db: HubDb, styleId: number, tab: TStyleTab): Promise<TTabStamp> =>
  tabStamp(await readTabVersion(db, STYLE_TAB_KIND, styleId, tab));

const isEditor = (p: Principal) => p.isInternal || p.isFacility;

/** Reads a composition tab: the style's composition cut to the tab, with the tab's stamp. */
const readTab = async <T>(
  db: HubDb,
  p: Principal,
  styleId: number,
  tab: StyleSection,
  pick: (c: TStyleComposition) => T,
): Promise<T & TTabStamp & { styleId: number }> => {
  const composition = await readComposition(db, p, styleId);
  return { styleId, ...pick(composition), ...(await stampOf(db, styleId, tab)) };
};

/**
 * Saves one composition tab: checks the version, then validates the style's composition with this
 * tab's rows in place of the saved ones (a fabric tied to an attribute must still be offered) and
 * replaces only this tab's rows.
 */
const saveTab = async (
  db: HubDb,
  p: Principal,
  styleId: number,
  tab: StyleSection,
  version: number,
  rows: Partial<TStyleCompositionRequest>,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const style = await styleFor(tx, p, styleId);
    if (!isEditor(p)) throw notFound("That style");
    await bumpTabVersion(tx, STYLE_TAB_KIND, styleId, tab, version, p.userName, STYLE_TAB_LABELS[tab]);
    const next = { ...compositionToRequest(await readComposition(tx, p, styleId)), ...rows };
    await writeSection(tx, styleId, style.factoryId, tab, next);
    await recordAudit(tx, {
      actor: p.userName,
      action: `library.styles.tab.${tab}`,
      subject: `styles:${styleId}`,
      detail: { version: version + 1 },
    });
  });
};

export const readPricingTab = (db: HubDb, p: Principal, styleId: number): Promise<TStylePricingTab> =>
  readTab(db, p, styleId, "pricing", (c) => ({ basePriceCents: c.basePriceCents, priceTiers: c.priceTiers }));

export const savePricingTab = async (db: HubDb, p: Principal, styleId: number, req: TStylePricingRequest) => {
  await saveTab(db, p, styleId, "pricing", req.version, { priceTiers: req.priceTiers });
  return readPricingTab(db, p, styleId);
};

export const readOptionsTab = (db: HubDb, p: Principal, styleId: number): Promise<TStyleOptionsTab> =>
  readTab(db, p, styleId, "options", (c) => ({ options: c.options }));

export const saveOptionsTab = async (db: HubDb, p: Principal, styleId: number, req: TStyleOptionsRequest) => {
  await saveTab(db, p, styleId, "options", req.version, { options: req.options });
  return readOptionsTab(db, p, styleId);
};

export const readMaterialsTab = (db: HubDb, p: Principal, styleId: number): Promise<TStyleMaterialsTab> =>
  readTab(db, p, styleId, "materials", (c) => ({
    fabrics: c.fabrics,
    parts: c.parts,
    offeredAttributes: c.options.flatMap((o) =>
      o.attributes.map((a) => ({ attributeId: a.attributeId, name: a.name })),
    ),
  }));

export const saveMaterialsTab = async (db: HubDb, p: Principal, styleId: number, req: TStyleMaterialsRequest) => {
  await saveTab(db, p, styleId, "materials", req.version, { fabrics: req.fabrics, parts: req.parts });
  return readMaterialsTab(db, p, styleId);
};

export const readStepsTab = (db: HubDb, p: Principal, styleId: number): Promise<TStyleStepsTab> =>
  readTab(db, p, styleId, "steps", (c) => ({ instructions: c.instructions }));

export const saveStepsTab = async (db: HubDb, p: Principal, styleId: number, req: TStyleStepsRequest) => {
  await saveTab(db, p, styleId, "steps", req.version, { instructions: req.instructions });
  return readStepsTab(db, p, styleId);
};

/** The details tab: the style's own fields (the library detail) with the tab's stamp. */
export const readDetailsTab = async (db: HubDb, p: Principal, styleId: number): Promise<TStyleDetailsTab> => ({
  ...ZStyleDetailSchema.parse(await styles.get(db, p, styleId)),
  ...(await stampOf(db, styleId, "details")),
});

/** Saves the style's fields through the library engine, moving the details tab's version in its transaction. */
export const saveDetailsTab = async (
  db: HubDb,
  p: Principal,
  styleId: number,
  { version, ...req }: TStyleDetailsRequest,
): Promise<TStyleDetailsTab> => {
  await styles.update(db, p, styleId, req, (tx) =>
    bumpTabVersion(tx, STYLE_TAB_KIND, styleId, "details", version, p.userName, STYLE_TAB_LABELS.details),
  );
  return readDetailsTab(db, p, styleId);
};
