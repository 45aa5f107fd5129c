import {
  BOM_TABS,
  type DOCUMENT_TAB_SCHEMAS,
  EMPTY_TAB_DATA,
  gradePoint,
  type PRODUCT_STATUSES,
  type TApproval,
  type TApprovalRequest,
  type TBomData,
  type TChecklistItem,
  type TColorwayCosting,
  type TConfirmSetup,
  type TDocumentTab,
  TECH_PACK_MESSAGES,
  TECH_PACK_TAB_LABELS,
  type TEstimatesData,
  type TGradedSpecData,
  type TLibraryChoice,
  type TProductDetailsTab,
  type TProductFields,
  type TSizingData,
  type TTabStamp,
  type TTaskList,
  type TTaskRequest,
  type TTechPackHeader,
  type TTechPackHistoryPage,
  type TTechPackSummary,
  type TTechPackTask,
  type TUploadRef,
  ZProductFieldsSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { recordAudit } from "../../platform/audit";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { containsPattern } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { bumpTabVersion, readTabVersion, tabStamp } from "../../platform/tab-versions";
import { type CostingRow, costTechPack } from "./costing";
import { getProduct, recordEvent, templatePoints } from "./products.service";
import { assertWritable, type PackContext, packFor, pr, tp } from "./scope";

/**
 * The smart tech pack's tabs (docs/adr/0010-tech-pack.md). A document tab is one row of
 * pd_tech_pack_parts, read with its tab version and saved whole: the save moves the tab version on
 * (409 when stale), checks the references against the team's library, writes the document, and
 * writes one history row per changed field, all in one transaction.
 */

export const TECH_PACK_KIND = "techPack";

const parts = schema.pdTechPackParts;
const li = schema.pdLibraryItems;
const lv = schema.pdLibraryVariants;
const files = schema.storedFiles;
const tasks = schema.pdTechPackTasks;
const approvals = schema.pdTechPackApprovals;
const history = schema.pdTechPackHistory;
const tu = schema.teamUsers;
const users = schema.users;

type Data<K extends TDocumentTab> = z.infer<(typeof DOCUMENT_TAB_SCHEMAS)[K]>;

/** A document tab's saved content, or its empty content. */
export const readPart = async <K extends TDocumentTab>(db: HubDb | HubTx, stpId: number, tab: K): Promise<Data<K>> => {
  const [row] = await db
    .select({ data: parts.data })
    .from(parts)
    .where(and(eq(parts.techPackId, stpId), eq(parts.tab, tab)));
  return (row?.data as Data<K> | undefined) ?? structuredClone(EMPTY_TAB_DATA[tab]);
};

/** Every document tab of a pack at once (PDF, summary, checklist). */
export const readAllParts = async (db: HubDb | HubTx, stpId: number): Promise<{ [K in TDocumentTab]: Data<K> }> => {
  const rows = await db.select({ tab: parts.tab, data: parts.data }).from(parts).where(eq(parts.techPackId, stpId));
  const out = structuredClone(EMPTY_TAB_DATA) as Record<string, unknown>;
  for (const r of rows) out[r.tab] = r.data;
  return out as { [K in TDocumentTab]: Data<K> };
};

const canEditPack = (ctx: PackContext) => ctx.role !== null && ctx.latest && ctx.pack.approvalState !== "approved";

const stampOf = async (
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
export const libraryChoices = async (db: HubDb | HubTx, teamId: number, kind: string): Promise<TLibraryChoice[]> => {
  const items = await db
    .select()
    .from(li)
    .where(and(eq(li.teamId, teamId), eq(li.kind, kind as "fabrics"), eq(li.archived, false)))
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
const itemsById = async (db: HubDb | HubTx, teamId: number, ids: number[]) => {
  if (ids.length === 0) return new Map<number, typeof li.$inferSelect>();
  const rows = await db
    .select()
    .from(li)
    .where(and(eq(li.teamId, teamId), inArray(li.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
};
const variantsById = async (db: HubDb | HubTx, ids: number[]) => {
  if (ids.length === 0) return new Map<number, typeof lv.$inferSelect>();
  const rows = await db
    .select()
    .from(lv)
    .where(inArray(lv.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
};

const teamClientOf = async (db: HubDb | HubTx, teamId: number): Promise<number | null> => {
  const [row] = await db
    .select({ clientId: schema.teams.clientId })
    .from(schema.teams)
    .where(eq(schema.teams.id, teamId));
  return row?.clientId ?? null;
};

/** Names of uploaded files of the team's client. */
export const uploadsOf = async (db: HubDb | HubTx, teamId: number, ids: number[]): Promise<TUploadRef[]> => {
  const clientId = await teamClientOf(db, teamId);
  if (ids.length === 0 || clientId === null) return [];
  return db
    .select({ id: files.id, fileName: files.fileName, contentType: files.contentType, sizeBytes: files.sizeBytes })
    .from(files)
    .where(and(eq(files.clientId, clientId), inArray(files.id, [...new Set(ids)])));
};

const fileIdsOf = (tab: TDocumentTab, data: unknown): number[] => {
  if (tab === "images") return (data as Data<"images">).images.map((i) => i.fileId);
  if (tab === "files") return (data as Data<"files">).files.map((f) => f.fileId);
  if (tab === "constructionDetails")
    return (data as Data<"constructionDetails">).steps.flatMap((s) => (s.imageFileId ? [s.imageFileId] : []));
  return [];
};

// ---- reading tabs ------------------------------------------------------------------------------

const colorwayRefs = (c: Data<"colorways">) => c.colorways.map((x) => ({ key: x.key, name: x.name }));

/** Every BOM row of a pack with its item's code and name, for costing and the PDF. */
export const bomRowsOf = async (
  db: HubDb | HubTx,
  teamId: number,
  all: { [K in TDocumentTab]: Data<K> },
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
  all: { [K in TDocumentTab]: Data<K> },
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

export const readDocumentTab = async (db: HubDb, p: Principal, stpId: number, tab: TDocumentTab) => {
  const ctx = await packFor(db, p, stpId);
  const stamp = await stampOf(db, ctx, tab);
  const teamId = ctx.product.teamId;
  const data = await readPart(db, stpId, tab);
  switch (tab) {
    case "images":
    case "files":
    case "constructionDetails":
      return { ...stamp, ...data, uploads: await uploadsOf(db, teamId, fileIdsOf(tab, data)) };
    case "fabrics":
    case "notions":
    case "labels":
    case "threads":
    case "graphics":
    case "packaging":
      return {
        ...stamp,
        ...data,
        choices: await libraryChoices(db, teamId, tab),
        colorways: colorwayRefs(await readPart(db, stpId, "colorways")),
      };
    case "colorways":
      return { ...stamp, ...data, colors: await libraryChoices(db, teamId, "colors") };
    case "estimates": {
      const all = await readAllParts(db, stpId);
      return {
        ...stamp,
        ...data,
        costing: await costingOf(db, teamId, all),
        targetCostCents: ctx.product.targetCostCents,
        targetPriceCents: ctx.product.targetPriceCents,
      };
    }
    case "sizing": {
      const r = schema.pdSizeRanges;
      const ranges = await db
        .select({ id: r.id, name: r.name, sizes: r.sizes, baseSize: r.baseSize })
        .from(r)
        .where(and(eq(r.teamId, teamId), eq(r.archived, false)))
        .orderBy(asc(r.name));
      return { ...stamp, ...data, sizeRanges: ranges };
    }
    case "gradedSpec": {
      const sizing = await readPart(db, stpId, "sizing");
      const t = schema.pdPomTemplates;
      const templates = await db
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
      const fabrics = await db
        .select({ id: li.id, code: li.code, name: li.name })
        .from(li)
        .where(and(eq(li.teamId, teamId), eq(li.kind, "fabrics")))
        .orderBy(asc(li.code))
        .limit(1000);
      return { ...stamp, ...data, fabrics };
    }
    case "productOptions":
      return { ...stamp, ...data };
  }
};

// ---- saving tabs -------------------------------------------------------------------------------

/** Flattens a document to `path → text` ("rows[2].quantity" → "1.25") for the history. */
export const flatten = (value: unknown, path = "", out: Map<string, string> = new Map()): Map<string, string> => {
  if (Array.isArray(value)) {
    if (value.length === 0 && path) out.set(path, "[]");
    value.forEach((v, i) => {
      flatten(v, `${path}[${i}]`, out);
    });
  } else if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && path) out.set(path, "{}");
    for (const [k, v] of entries) flatten(v, path ? `${path}.${k}` : k, out);
  } else if (path) {
    out.set(path, value === null || value === undefined ? "" : String(value));
  }
  return out;
};

const MAX_HISTORY_ROWS = 300;

/** One history row per field that changed between two documents (capped; the rest summed up in one row). */
export const writeHistory = async (
  tx: HubTx,
  stpId: number,
  actor: string,
  tab: string,
  before: unknown,
  after: unknown,
): Promise<number> => {
  const a = flatten(before);
  const b = flatten(after);
  const changes: { field: string; oldValue: string | null; newValue: string | null }[] = [];
  for (const [field, v] of b)
    if (a.get(field) !== v) changes.push({ field, oldValue: a.get(field) ?? null, newValue: v });
  for (const [field, v] of a) if (!b.has(field)) changes.push({ field, oldValue: v, newValue: null });
  if (changes.length === 0) return 0;
  const kept = changes.slice(0, MAX_HISTORY_ROWS);
  if (changes.length > kept.length)
    kept.push({ field: "(more)", oldValue: null, newValue: `${changes.length - kept.length} more changes` });
  await tx.insert(history).values(
    kept.map((c) => ({
      techPackId: stpId,
      userName: actor,
      tab,
      field: c.field.slice(0, 300),
      oldValue: c.oldValue?.slice(0, 2000) ?? null,
      newValue: c.newValue?.slice(0, 2000) ?? null,
    })),
  );
  return changes.length;
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
    return;
  }
  switch (tab) {
    case "colorways": {
      const c = data as Data<"colorways">;
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
      const c = data as Data<"cuttersMust">;
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

/** Writable for the caller: a member of the team, on the latest version, not yet approved. */
const assertEditable = (ctx: PackContext): void => {
  if (ctx.role === null) throw forbidden("Only members of the product's team can change its tech pack.");
  assertWritable(ctx);
  if (ctx.pack.approvalState === "approved")
    throw conflict(TECH_PACK_MESSAGES.alreadyApproved, { stpId: TECH_PACK_MESSAGES.alreadyApproved });
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
    assertEditable(ctx);
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

const detailsOf = (r: typeof pr.$inferSelect): TProductFields => ({
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

export const readDetailsTab = async (db: HubDb, p: Principal, stpId: number): Promise<TProductDetailsTab> => {
  const ctx = await packFor(db, p, stpId);
  return { ...(await stampOf(db, ctx, "editProductDetails")), ...detailsOf(ctx.product) };
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
    if (ctx.role === null) throw forbidden("Only members of the product's team can change it.");
    assertWritable(ctx);
    await bumpTabVersion(
      tx,
      TECH_PACK_KIND,
      stpId,
      "editProductDetails",
      version,
      p.userName,
      TECH_PACK_TAB_LABELS.editProductDetails,
    );
    const before = detailsOf(ctx.product);
    try {
      await tx
        .update(pr)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(pr.id, ctx.product.id));
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (code === "23505")
        throw conflict("A product with this code already exists in the team.", { code: "Code taken" });
      throw error;
    }
    await writeHistory(tx, stpId, p.userName, "editProductDetails", before, fields);
  });
  return readDetailsTab(db, p, stpId);
};

// ---- header, checklist, summary ------------------------------------------------------------------

export const headerOf = async (db: HubDb | HubTx, p: Principal, ctx: PackContext): Promise<TTechPackHeader> => ({
  stpId: ctx.pack.id,
  product: await getProduct(db, p, ctx.product.id),
  version: {
    version: ctx.pack.version,
    stpId: ctx.pack.id,
    approvalState: ctx.pack.approvalState,
    note: ctx.pack.note,
    readOnly: !ctx.latest,
    sentToFactoryAt: ctx.pack.sentToFactoryAt?.toISOString() ?? null,
    sentToFactoryBy: ctx.pack.sentToFactoryBy,
    createdBy: ctx.pack.createdBy,
    createdAt: ctx.pack.createdAt.toISOString(),
  },
  canEdit: canEditPack(ctx),
  canApprove: ctx.role === "ADMIN" && ctx.pack.approvalState === "submitted",
});

export const readHeader = async (db: HubDb, p: Principal, stpId: number) =>
  headerOf(db, p, await packFor(db, p, stpId));

/** What is missing before submission; `required` items block the submit. */
export const checklistOf = (
  product: typeof pr.$inferSelect,
  all: { [K in TDocumentTab]: Data<K> },
): TConfirmSetup & { missingRequired: string[] } => {
  const bomRows = BOM_TABS.flatMap((t) => (all[t] as TBomData).rows);
  const keys = all.colorways.colorways.map((c) => c.key);
  const items: (TChecklistItem & { required: boolean })[] = [
    {
      key: "details",
      label: "Season and category are set",
      tab: "editProductDetails",
      done: !!product.season && !!product.category,
      required: false,
    },
    {
      key: "frontImage",
      label: "A front image is uploaded",
      tab: "images",
      done: all.images.images.some((i) => i.category === "front"),
      required: false,
    },
    {
      key: "colorways",
      label: "At least one colourway",
      tab: "colorways",
      done: keys.length > 0,
      required: true,
    },
    {
      key: "fabrics",
      label: "At least one fabric in the bill of materials",
      tab: "fabrics",
      done: all.fabrics.rows.length > 0,
      required: true,
    },
    {
      key: "bomColorways",
      label: "Every BOM row is filled for every colourway",
      tab: "fabrics",
      done: bomRows.length > 0 && bomRows.every((r) => keys.every((k) => r.cells[k] !== undefined)),
      required: true,
    },
    {
      key: "sizing",
      label: "Sizes and a base size",
      tab: "sizing",
      done: all.sizing.sizes.includes(all.sizing.baseSize),
      required: true,
    },
    {
      key: "gradedSpec",
      label: "Points of measure in the graded spec",
      tab: "gradedSpec",
      done: all.gradedSpec.points.length > 0,
      required: true,
    },
    {
      key: "costing",
      label: "Labour cost in the estimates",
      tab: "estimates",
      done: all.estimates.labourCents > 0,
      required: false,
    },
    {
      key: "construction",
      label: "Construction steps",
      tab: "constructionDetails",
      done: all.constructionDetails.steps.length > 0,
      required: false,
    },
  ];
  const missingRequired = items.filter((i) => i.required && !i.done).map((i) => i.label);
  return {
    items: items.map(({ required: _r, ...i }) => i),
    complete: items.every((i) => i.done),
    missingRequired,
  };
};

export const readConfirmSetup = async (db: HubDb, p: Principal, stpId: number): Promise<TConfirmSetup> => {
  const ctx = await packFor(db, p, stpId);
  const { missingRequired: _m, ...checklist } = checklistOf(ctx.product, await readAllParts(db, stpId));
  return checklist;
};

const TASK_COLUMNS = {
  task: tasks,
  assigneeName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
};
const toTask = (r: { task: typeof tasks.$inferSelect; assigneeName: string | null }): TTechPackTask => ({
  id: r.task.id,
  title: r.task.title,
  assigneeUserId: r.task.assigneeUserId,
  assigneeName: r.assigneeName,
  dueDate: r.task.dueDate,
  status: r.task.status,
  createdBy: r.task.createdBy,
  createdAt: r.task.createdAt.toISOString(),
});

const tasksOf = async (db: HubDb | HubTx, productId: number, openOnly = false) =>
  (
    await db
      .select(TASK_COLUMNS)
      .from(tasks)
      .leftJoin(users, eq(users.userId, tasks.assigneeUserId))
      .where(and(eq(tasks.productId, productId), openOnly ? sql`${tasks.status} <> 'done'` : undefined))
      .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.id))
  ).map(toTask);

export const readSummary = async (db: HubDb, p: Principal, stpId: number): Promise<TTechPackSummary> => {
  const ctx = await packFor(db, p, stpId);
  const all = await readAllParts(db, stpId);
  const costing = await costingOf(db, ctx.product.teamId, all);
  const { missingRequired: _m, ...checklist } = checklistOf(ctx.product, all);
  return {
    header: await headerOf(db, p, ctx),
    images: all.images.images,
    colorways: colorwayRefs(all.colorways),
    sizes: all.sizing.sizes,
    baseSize: all.sizing.baseSize,
    bomRows: BOM_TABS.reduce((s, t) => s + (all[t] as TBomData).rows.length, 0),
    pomCount: all.gradedSpec.points.length,
    criticalPoms: all.gradedSpec.points.filter((x) => x.critical).length,
    landedCents: costing[0]?.landedCents ?? null,
    priceCents: costing[0]?.priceCents ?? null,
    openTasks: await tasksOf(db, ctx.product.id, true),
    checklist,
  };
};

// ---- approval -----------------------------------------------------------------------------------

export const readApproval = async (db: HubDb, p: Principal, stpId: number): Promise<TApproval> => {
  const ctx = await packFor(db, p, stpId);
  const log = await db
    .select()
    .from(approvals)
    .where(eq(approvals.techPackId, stpId))
    .orderBy(desc(approvals.at), desc(approvals.id));
  const { missingRequired: _m, ...checklist } = checklistOf(ctx.product, await readAllParts(db, stpId));
  const state = ctx.pack.approvalState;
  return {
    state,
    canSubmit: ctx.role !== null && ctx.latest && (state === "draft" || state === "rejected"),
    canApprove: ctx.role === "ADMIN" && state === "submitted",
    canSend: ctx.role === "ADMIN" && state === "approved" && ctx.pack.sentToFactoryAt === null,
    sentToFactoryAt: ctx.pack.sentToFactoryAt?.toISOString() ?? null,
    log: log.map((r) => ({
      id: r.id,
      action: r.action,
      comment: r.comment,
      userName: r.userName,
      at: r.at.toISOString(),
    })),
    checklist,
  };
};

const setProductStatus = async (tx: HubTx, ctx: PackContext, p: Principal, to: (typeof PRODUCT_STATUSES)[number]) => {
  if (ctx.product.status === to) return;
  await tx.update(pr).set({ status: to, updatedAt: new Date() }).where(eq(pr.id, ctx.product.id));
  await tx.insert(history).values({
    techPackId: ctx.pack.id,
    userName: p.userName,
    tab: "editProductDetails",
    field: "status",
    oldValue: ctx.product.status,
    newValue: to,
  });
};

export type ApprovalAction = "submit" | "approve" | "reject" | "send";

export const approvalAction = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  action: ApprovalAction,
  req: TApprovalRequest,
): Promise<TApproval> => {
  const comment = req.comment?.trim() || null;
  await db.transaction(async (tx) => {
    const ctx = await packFor(tx, p, stpId);
    if (ctx.role === null) throw forbidden("Only members of the product's team can do this.");
    assertWritable(ctx);
    // Lock the pack row so two decisions on it queue up and the second sees the first's state.
    await tx.execute(sql`select 1 from ${tp} where ${tp.id} = ${stpId} for update`);
    const [fresh] = await tx.select().from(tp).where(eq(tp.id, stpId));
    const state = fresh?.approvalState ?? ctx.pack.approvalState;
    let next = state;
    if (action === "submit") {
      if (state === "submitted") throw conflict(TECH_PACK_MESSAGES.alreadySubmitted);
      if (state === "approved") throw conflict(TECH_PACK_MESSAGES.alreadyApproved);
      const { missingRequired } = checklistOf(ctx.product, await readAllParts(tx, stpId));
      if (missingRequired.length > 0)
        throw badRequest(`${TECH_PACK_MESSAGES.missingSetup} Missing: ${missingRequired.join("; ")}.`, {
          checklist: missingRequired.join("; "),
        });
      next = "submitted";
    } else if (action === "approve" || action === "reject") {
      if (ctx.role !== "ADMIN") throw forbidden(TECH_PACK_MESSAGES.approveRole);
      if (state !== "submitted") throw conflict(TECH_PACK_MESSAGES.notSubmitted);
      if (action === "reject" && !comment)
        throw badRequest(TECH_PACK_MESSAGES.rejectComment, { comment: TECH_PACK_MESSAGES.rejectComment });
      next = action === "approve" ? "approved" : "rejected";
    } else {
      if (ctx.role !== "ADMIN") throw forbidden(TECH_PACK_MESSAGES.approveRole);
      if (state !== "approved") throw conflict(TECH_PACK_MESSAGES.notApproved);
      if (fresh?.sentToFactoryAt) throw conflict(TECH_PACK_MESSAGES.alreadySent);
    }
    await tx
      .update(tp)
      .set(
        action === "send"
          ? { sentToFactoryAt: new Date(), sentToFactoryBy: p.userName }
          : { approvalState: next as typeof state },
      )
      .where(eq(tp.id, stpId));
    await tx.insert(approvals).values({ techPackId: stpId, action, comment, userName: p.userName });
    await recordEvent(
      tx,
      stpId,
      p.userName,
      "approval",
      action === "send" ? "sent to factory" : "approval",
      action === "send" ? `v${ctx.pack.version}` : `${state} → ${next}${comment ? `: ${comment}` : ""}`,
    );
    if (action === "submit" && (ctx.product.status === "concept" || ctx.product.status === "in_development"))
      await setProductStatus(tx, ctx, p, "sampling");
    if (action === "approve" && ctx.product.status !== "in_production") await setProductStatus(tx, ctx, p, "approved");
    if (action === "send") await setProductStatus(tx, ctx, p, "in_production");
    await recordAudit(tx, {
      actor: p.userName,
      action: `products.techPack.${action}`,
      subject: `techPacks:${stpId}`,
      detail: { product: ctx.product.id, version: ctx.pack.version },
    });
  });
  return readApproval(db, p, stpId);
};

// ---- tasks ------------------------------------------------------------------------------------

const membersOf = async (db: HubDb | HubTx, teamId: number) =>
  (
    await db
      .select({
        userId: users.userId,
        name: sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.userName})`,
      })
      .from(tu)
      .innerJoin(users, eq(users.userId, tu.userId))
      .where(
        and(
          eq(tu.teamId, teamId),
          eq(tu.pending, false),
          or(isNull(tu.invitationStatus), eq(tu.invitationStatus, "ACCEPTED")),
        ),
      )
      .orderBy(asc(users.firstName))
  ).map((m) => ({ userId: m.userId, name: m.name }));

export const readTasks = async (db: HubDb, p: Principal, stpId: number): Promise<TTaskList> => {
  const ctx = await packFor(db, p, stpId);
  return {
    tasks: await tasksOf(db, ctx.product.id),
    members: await membersOf(db, ctx.product.teamId),
    canEdit: ctx.role !== null,
  };
};

const checkAssignee = async (tx: HubTx, teamId: number, userId: number | null) => {
  if (userId === null) return;
  const members = await membersOf(tx, teamId);
  if (!members.some((m) => m.userId === userId))
    throw badRequest("Assign the task to a member of the team.", { assigneeUserId: "Not a team member" });
};

export const saveTask = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  taskId: number | null,
  req: TTaskRequest,
): Promise<TTaskList> => {
  await db.transaction(async (tx) => {
    const ctx = await packFor(tx, p, stpId);
    if (ctx.role === null) throw forbidden("Only members of the product's team can change its tasks.");
    await checkAssignee(tx, ctx.product.teamId, req.assigneeUserId);
    if (taskId === null) {
      const [row] = await tx
        .insert(tasks)
        .values({ productId: ctx.product.id, ...req, createdBy: p.userName })
        .returning({ id: tasks.id });
      await writeHistory(tx, stpId, p.userName, "taskList", {}, { [`task ${row?.id}`]: req });
    } else {
      const [before] = await tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.id, taskId), eq(tasks.productId, ctx.product.id)));
      if (!before) throw notFound("That task");
      await tx
        .update(tasks)
        .set({ ...req, updatedAt: new Date() })
        .where(eq(tasks.id, taskId));
      const old = {
        title: before.title,
        assigneeUserId: before.assigneeUserId,
        dueDate: before.dueDate,
        status: before.status,
      };
      await writeHistory(tx, stpId, p.userName, "taskList", { [`task ${taskId}`]: old }, { [`task ${taskId}`]: req });
    }
  });
  return readTasks(db, p, stpId);
};

export const deleteTask = async (db: HubDb, p: Principal, stpId: number, taskId: number): Promise<TTaskList> => {
  await db.transaction(async (tx) => {
    const ctx = await packFor(tx, p, stpId);
    if (ctx.role === null) throw forbidden("Only members of the product's team can change its tasks.");
    const [gone] = await tx
      .delete(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.productId, ctx.product.id)))
      .returning();
    if (!gone) throw notFound("That task");
    await recordEvent(tx, stpId, p.userName, "taskList", `task ${taskId}`, `deleted: ${gone.title}`);
  });
  return readTasks(db, p, stpId);
};

// ---- history ----------------------------------------------------------------------------------

export const readHistory = async (
  db: HubDb,
  p: Principal,
  stpId: number,
  q: { page: number; size: number; tab?: string | undefined; searchString?: string | undefined },
): Promise<TTechPackHistoryPage> => {
  await packFor(db, p, stpId);
  const search = q.searchString?.trim();
  const where = and(
    eq(history.techPackId, stpId),
    q.tab ? eq(history.tab, q.tab) : undefined,
    search
      ? or(
          sql`${history.field} ilike ${containsPattern(search)}`,
          sql`${history.newValue} ilike ${containsPattern(search)}`,
          sql`${history.oldValue} ilike ${containsPattern(search)}`,
          sql`${history.userName} ilike ${containsPattern(search)}`,
        )
      : undefined,
  );
  const rows = await db
    .select()
    .from(history)
    .where(where)
    .orderBy(desc(history.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(history).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      at: r.at.toISOString(),
      tab: r.tab,
      field: r.field,
      oldValue: r.oldValue,
      newValue: r.newValue,
    })),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
};

/** A POM template's points for the graded spec's "Load from template" (the team's templates only). */
export const readTemplatePoints = async (db: HubDb, p: Principal, stpId: number, templateId: number) => {
  const ctx = await packFor(db, p, stpId);
  const t = schema.pdPomTemplates;
  const [template] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, templateId), eq(t.teamId, ctx.product.teamId)));
  if (!template) throw notFound("That POM template");
  return { unit: template.unit, points: await templatePoints(db, template.id) };
};

/** The team's client, which owns the tech pack's uploads (stored files). */
export const uploadClientOf = async (db: HubDb, p: Principal, stpId: number): Promise<number> => {
  const ctx = await packFor(db, p, stpId);
  if (ctx.role === null) throw forbidden("Only members of the product's team can upload to it.");
  const clientId = await teamClientOf(db, ctx.product.teamId);
  if (clientId === null) throw badRequest("This team belongs to no client, so it cannot store files.");
  return clientId;
};

/** A stored file of the pack's team's client (to show an image or download a file). */
export const uploadOf = async (db: HubDb, p: Principal, stpId: number, fileId: number) => {
  const ctx = await packFor(db, p, stpId);
  const clientId = await teamClientOf(db, ctx.product.teamId);
  if (clientId === null) throw notFound("That file");
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.clientId, clientId), eq(files.area, "techPack")));
  if (!row) throw notFound("That file");
  return row;
};
