import {
  BOM_TABS,
  EMPTY_TAB_DATA,
  gradePoint,
  type TBomData,
  type TColorwayCosting,
  type TDocumentTab,
  type TDocumentTabData,
  type TEstimatesData,
  type TGradedSpecData,
  type TLibraryChoice,
  type TProductFields,
  type TSizingData,
  type TTabStamp,
  type TUploadRef,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { readTabVersion, tabStamp } from "../../platform/tab-versions";
import { type CostingRow, costTechPack } from "./costing";
import { ensureProductGroups } from "./groups";
import { DETAILS_TAB, isFrozen, type PackContext } from "./scope";

/** Reading a tech pack's parts: documents, library lookups, uploads, the BOM with its costs, the size chart. */

export const TECH_PACK_KIND = "techPack";

const parts = schema.pdTechPackParts;
const li = schema.pdLibraryItems;
const lv = schema.pdLibraryVariants;
const files = schema.storedFiles;

/** A document tab's saved content, or its empty content. */
export const readPart = async <K extends TDocumentTab>(
  db: HubDb | HubTx,
  stpId: number,
  tab: K,
): Promise<TDocumentTabData<K>> => {
  const [row] = await db
    .select({ data: parts.data })
    .from(parts)
    .where(and(eq(parts.techPackId, stpId), eq(parts.tab, tab)));
  return (row?.data as TDocumentTabData<K> | undefined) ?? structuredClone(EMPTY_TAB_DATA[tab]);
};

/** Every document tab of a pack at once (PDF, summary, checklist). */
export const readAllParts = async (
  db: HubDb | HubTx,
  stpId: number,
): Promise<{ [K in TDocumentTab]: TDocumentTabData<K> }> => {
  const rows = await db.select({ tab: parts.tab, data: parts.data }).from(parts).where(eq(parts.techPackId, stpId));
  const out = structuredClone(EMPTY_TAB_DATA) as Record<string, unknown>;
  for (const r of rows) out[r.tab] = r.data;
  return out as { [K in TDocumentTab]: TDocumentTabData<K> };
};

/** The caller may change the version: a team member, on the latest version, not approved or sent. */
export const canEditPack = (ctx: PackContext) =>
  ctx.viewer === "team" && ctx.role !== null && ctx.latest && !isFrozen(ctx);

export const stampOf = async (
  db: HubDb | HubTx,
  ctx: PackContext,
  tab: string,
): Promise<TTabStamp & { stpId: number; readOnly: boolean }> => ({
  stpId: ctx.pack.id,
  readOnly: !canEditPack(ctx),
  ...tabStamp(await readTabVersion(db, TECH_PACK_KIND, ctx.pack.id, tab)),
});

// ---- library lookups ---------------------------------------------------------------------------

/** The team's design-library items of a kind, with their variants (the BOM's pickers). */
export const libraryChoices = async (
  db: HubDb | HubTx,
  teamId: number,
  kind: string,
  /** Only these items (a facility sees what the version uses, not the team's library). */
  onlyIds?: number[],
): Promise<TLibraryChoice[]> => {
  if (onlyIds?.length === 0) return [];
  const items = await db
    .select()
    .from(li)
    .where(
      and(
        eq(li.teamId, teamId),
        eq(li.kind, kind as "fabrics"),
        onlyIds ? inArray(li.id, onlyIds) : eq(li.archived, false),
      ),
    )
    .orderBy(asc(li.code))
    .limit(1000);
  if (items.length === 0) return [];
  const variants = await db
    .select()
    .from(lv)
    .where(
      inArray(
        lv.itemId,
        items.map((i) => i.id),
      ),
    )
    .orderBy(asc(lv.code));
  return items.map((i) => ({
    id: i.id,
    code: i.code,
    name: i.name,
    unit: i.unit,
    costCents: i.costCents,
    hex: typeof i.attrs.hex === "string" ? i.attrs.hex : null,
    variants: variants
      .filter((v) => v.itemId === i.id)
      .map((v) => ({ id: v.id, code: v.code, name: v.name, costCents: v.costCents })),
  }));
};

/** Items (and their variants) named by BOM rows, whichever tab: code, name and costs. */
export const itemsById = async (db: HubDb | HubTx, teamId: number, ids: number[]) => {
  if (ids.length === 0) return new Map<number, typeof li.$inferSelect>();
  const rows = await db
    .select()
    .from(li)
    .where(and(eq(li.teamId, teamId), inArray(li.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
};
export const variantsById = async (db: HubDb | HubTx, ids: number[]) => {
  if (ids.length === 0) return new Map<number, typeof lv.$inferSelect>();
  const rows = await db
    .select()
    .from(lv)
    .where(inArray(lv.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
};

export const teamClientOf = async (db: HubDb | HubTx, teamId: number): Promise<number | null> => {
  const [row] = await db
    .select({ clientId: schema.teams.clientId })
    .from(schema.teams)
    .where(eq(schema.teams.id, teamId));
  return row?.clientId ?? null;
};

/** Names of uploaded files of the team (pd_team_files: a client's other teams' files are not the team's). */
export const uploadsOf = async (db: HubDb | HubTx, teamId: number, ids: number[]): Promise<TUploadRef[]> => {
  if (ids.length === 0) return [];
  const owned = schema.pdTeamFiles;
  return db
    .select({ id: files.id, fileName: files.fileName, contentType: files.contentType, sizeBytes: files.sizeBytes })
    .from(files)
    .innerJoin(owned, and(eq(owned.fileId, files.id), eq(owned.teamId, teamId)))
    .where(inArray(files.id, [...new Set(ids)]));
};

export const fileIdsOf = (tab: TDocumentTab, data: unknown): number[] => {
  if (tab === "images") return (data as TDocumentTabData<"images">).images.map((i) => i.fileId);
  if (tab === "files") return (data as TDocumentTabData<"files">).files.map((f) => f.fileId);
  if (tab === "constructionDetails")
    return (data as TDocumentTabData<"constructionDetails">).steps.flatMap((s) =>
      s.imageFileId ? [s.imageFileId] : [],
    );
  return [];
};

// ---- reading tabs ------------------------------------------------------------------------------

export const colorwayRefs = (c: TDocumentTabData<"colorways">) =>
  c.colorways.map((x) => ({ key: x.key, name: x.name }));

/** Every BOM row of a pack with its item's code and name, for costing and the PDF. */
export const bomRowsOf = async (
  db: HubDb | HubTx,
  teamId: number,
  all: { [K in TDocumentTab]: TDocumentTabData<K> },
): Promise<{ rows: CostingRow[]; variantCosts: Map<number, number | null> }> => {
  const raw = BOM_TABS.flatMap((tab) => (all[tab] as TBomData).rows.map((r) => ({ ...r, tab })));
  const items = await itemsById(
    db,
    teamId,
    raw.map((r) => r.itemId),
  );
  const variants = await variantsById(
    db,
    raw.flatMap((r) => Object.values(r.cells).flatMap((c) => (c.variantId ? [c.variantId] : []))),
  );
  return {
    rows: raw.map((r) => ({
      ...r,
      itemCode: items.get(r.itemId)?.code ?? `#${r.itemId}`,
      itemName: items.get(r.itemId)?.name ?? "(removed from the library)",
    })),
    variantCosts: new Map([...variants].map(([id, v]) => [id, v.costCents])),
  };
};

export const costingOf = async (
  db: HubDb | HubTx,
  teamId: number,
  all: { [K in TDocumentTab]: TDocumentTabData<K> },
): Promise<TColorwayCosting[]> => {
  const { rows, variantCosts } = await bomRowsOf(db, teamId, all);
  return costTechPack(colorwayRefs(all.colorways), rows, all.estimates as TEstimatesData, variantCosts);
};

/** Every POM's value in every size of the sizing tab. */
export const chartOf = (sizing: TSizingData, spec: TGradedSpecData) =>
  spec.points.map((pt) => ({
    code: pt.code,
    values: gradePoint(pt.baseValue, pt.gradeRules, sizing.sizes, sizing.baseSize),
  }));

/** Writes a version's own copy of the product details. */
export const writeDetails = async (tx: HubTx, stpId: number, fields: TProductFields) => {
  await tx
    .insert(parts)
    .values({ techPackId: stpId, tab: DETAILS_TAB, data: fields })
    .onConflictDoUpdate({ target: [parts.techPackId, parts.tab], set: { data: fields, updatedAt: new Date() } });
  // A collection, batch or tag named for the first time becomes the team's (products/groups.ts).
  await ensureProductGroups(tx, stpId, fields);
};
