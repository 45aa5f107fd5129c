import { randomUUID } from "node:crypto";
import {
  BOM_TABS,
  PRODUCT_MESSAGES,
  type TBomRow,
  type TBomTab,
  type TColorway,
  TP_IMPORT_SECTION_LABELS,
  type TProductFields,
  type TTpImportApplyRequest,
  type TTpImportPreview,
  type TTpImportResult,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { recordAudit } from "../../../platform/audit";
import { isUniqueViolation } from "../../../platform/db-errors";
import { badRequest, conflict, notFound } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import { teamOwner } from "../../../platform/resource/owners";
import { recordEvent } from "../products.service";
import { pr, tp } from "../scope";
import { writeDetails } from "../tech-pack-parts";
import { type BuiltImport, buildImport, type ImportedBomRow, keyOf } from "./build";
import {
  type Block,
  findBlocks,
  mappingFor,
  normHeader,
  type ProposedColumn,
  type Remembered,
  rememberedKey,
} from "./sections";
import { readUpload } from "./workbook";

/**
 * Import Tech Pack (issue 19; docs/adr/0010-tech-pack.md "Import Tech Pack"): preview reads the file
 * once into `pd_tech_pack_imports` under a token, finds its sections and proposes their mapping (the
 * team's remembered mapping first, then synonyms); remap answers the preview again for an edited
 * mapping; apply makes the product and version 1, or the next version of the team's product with the
 * code, fills its tabs, adds the BOM's unknown items to the team's library and remembers the mapping,
 * in one transaction.
 */

const im = schema.pdTechPackImports;
const maps = schema.pdTechPackImportMappings;
const li = schema.pdLibraryItems;
const lv = schema.pdLibraryVariants;
const parts = schema.pdTechPackParts;

type ImportRow = typeof im.$inferSelect;

const importFor = async (db: HubDb | HubTx, p: Principal, token: string, lock = false): Promise<ImportRow> => {
  const q = db
    .select()
    .from(im)
    .where(and(eq(im.token, token), teamOwner.read(p, im.teamId)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("That import");
  return row;
};

const rememberedOf = async (db: HubDb | HubTx, teamId: number): Promise<Remembered> => {
  const rows = await db.select().from(maps).where(eq(maps.teamId, teamId));
  return new Map(rows.map((r) => [`${r.section}\u0000${r.header}`, r.field]));
};

type Evaluated = {
  blocks: Block[];
  mapping: ProposedColumn[][];
  unusedSheets: string[];
  built: BuiltImport;
};

const evaluate = async (
  db: HubDb | HubTx,
  row: ImportRow,
  given?: TTpImportApplyRequest["mapping"],
): Promise<Evaluated> => {
  const remembered = await rememberedOf(db, row.teamId);
  const { blocks, unusedSheets } = findBlocks(row.sheets);
  const mapping = mappingFor(blocks, remembered, given);
  const built = buildImport(blocks.map((block, i) => ({ block, columns: mapping[i] ?? [] })));
  return { blocks, mapping, unusedSheets, built };
};

export const existingProduct = async (db: HubDb | HubTx, teamId: number, code: string | undefined, lock = false) => {
  if (!code) return null;
  const q = db
    .select({ id: pr.id, latestVersion: pr.latestVersion })
    .from(pr)
    .where(and(eq(pr.teamId, teamId), sql`lower(${pr.code}) = lower(${code})`));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
};

// ---- the team's library: BOM items and colours ------------------------------------------------

type Resolved = {
  itemId: number | null;
  unit: string | null;
  costCents: number | null;
  variants: { id: number; code: string; name: string }[];
};
const itemKey = (r: ImportedBomRow) => `${r.kind}\u0000${(r.code || r.name).toLowerCase()}`;

/** Each BOM row's library item of the team (by code, else name); null where the import would add one. */
const resolveItems = async (
  db: HubDb | HubTx,
  teamId: number,
  rows: ImportedBomRow[],
): Promise<Map<string, Resolved>> => {
  const out = new Map<string, Resolved>();
  if (rows.length === 0) return out;
  const names = [...new Set(rows.map((r) => (r.code || r.name).toLowerCase()))];
  const items = await db
    .select({ id: li.id, kind: li.kind, code: li.code, name: li.name, unit: li.unit, costCents: li.costCents })
    .from(li)
    .where(
      and(
        eq(li.teamId, teamId),
        inArray(li.kind, [...new Set(rows.map((r) => r.kind))]),
        or(inArray(sql`lower(${li.code})`, names), inArray(sql`lower(${li.name})`, names)),
      ),
    );
  const variants = items.length
    ? await db
        .select({ id: lv.id, itemId: lv.itemId, code: lv.code, name: lv.name })
        .from(lv)
        .where(
          inArray(
            lv.itemId,
            items.map((i) => i.id),
          ),
        )
    : [];
  for (const r of rows) {
    const wanted = (r.code || r.name).toLowerCase();
    const item =
      items.find((i) => i.kind === r.kind && i.code.toLowerCase() === wanted) ??
      (r.code ? undefined : items.find((i) => i.kind === r.kind && i.name.toLowerCase() === wanted));
    out.set(itemKey(r), {
      itemId: item?.id ?? null,
      unit: item?.unit ?? null,
      costCents: item?.costCents ?? null,
      variants: variants.filter((v) => v.itemId === item?.id),
    });
  }
  return out;
};

/** Adds the items the BOM names that the team's library lacks (one statement), and answers every row's item. */
const ensureItems = async (tx: HubTx, teamId: number, rows: ImportedBomRow[]) => {
  const found = await resolveItems(tx, teamId, rows);
  const missing = new Map<string, ImportedBomRow>();
  for (const r of rows) if (!found.get(itemKey(r))?.itemId) missing.set(itemKey(r), r);
  if (missing.size > 0) {
    const made = await tx
      .insert(li)
      .values(
        [...missing.values()].map((r) => ({
          teamId,
          kind: r.kind as "fabrics",
          code: r.code || keyOf(r.name),
          name: r.name,
          unit: r.unit || null,
          costCents: r.costCents,
        })),
      )
      .returning({ id: li.id, kind: li.kind, code: li.code });
    for (const [key, r] of missing) {
      const row = made.find((m) => m.kind === r.kind && m.code === (r.code || keyOf(r.name)));
      found.set(key, { itemId: row?.id ?? null, unit: r.unit, costCents: r.costCents, variants: [] });
    }
  }
  return found;
};

const bomDocuments = (rows: ImportedBomRow[], items: Map<string, Resolved>): Record<TBomTab, { rows: TBomRow[] }> => {
  const docs = Object.fromEntries(BOM_TABS.map((t) => [t, { rows: [] as TBomRow[] }])) as Record<
    TBomTab,
    { rows: TBomRow[] }
  >;
  for (const r of rows) {
    const item = items.get(itemKey(r));
    if (!item?.itemId) continue;
    const cells: TBomRow["cells"] = {};
    for (const [cw, text] of Object.entries(r.cells)) {
      const t = text.toLowerCase();
      const variant = item.variants.find((v) => v.code.toLowerCase() === t || v.name.toLowerCase() === t);
      cells[cw] = { variantId: variant?.id ?? null, note: variant ? "" : text };
    }
    docs[r.kind].rows.push({
      itemId: item.itemId,
      placement: r.placement,
      quantity: r.quantity,
      unit: r.unit || item.unit || "pc",
      costCents: r.costCents ?? item.costCents ?? 0,
      cells,
    });
  }
  return docs;
};

/** Colourways named like a colour of the team's library (code or name) get that colour. */
const withColors = async (db: HubTx, teamId: number, colorways: TColorway[]): Promise<TColorway[]> => {
  if (colorways.length === 0) return colorways;
  const names = [...new Set(colorways.flatMap((c) => [c.key.toLowerCase(), c.name.toLowerCase()]))];
  const colors = await db
    .select({ id: li.id, code: li.code, name: li.name })
    .from(li)
    .where(
      and(
        eq(li.teamId, teamId),
        eq(li.kind, "colors"),
        or(inArray(sql`lower(${li.code})`, names), inArray(sql`lower(${li.name})`, names)),
      ),
    );
  return colorways.map((c) => {
    const hit = colors.find(
      (x) => x.name.toLowerCase() === c.name.toLowerCase() || x.code.toLowerCase() === c.key.toLowerCase(),
    );
    return hit ? { ...c, colorIds: [hit.id] } : c;
  });
};

// ---- preview --------------------------------------------------------------------------------------

const previewOf = async (db: HubDb | HubTx, row: ImportRow, e: Evaluated): Promise<TTpImportPreview> => {
  const { built } = e;
  const existing = await existingProduct(db, row.teamId, built.details?.code);
  const items = await resolveItems(db, row.teamId, built.bom ?? []);
  const newItems = new Set([...items].filter(([, v]) => !v.itemId).map(([k]) => k));
  return {
    token: row.token,
    fileName: row.fileName,
    teamId: row.teamId,
    sections: e.blocks.map((b, i) => ({
      section: b.section,
      label: TP_IMPORT_SECTION_LABELS[b.section],
      sheet: b.sheet,
      headerRow: b.header[0]?.r ?? 1,
      rowCount: b.rows.filter((r) => r.some((c) => c.v !== "")).length,
      columns: e.mapping[i] ?? [],
    })),
    unusedSheets: e.unusedSheets,
    product: built.details ? { code: built.details.code, name: built.details.name } : null,
    existing,
    counts: {
      colorways: built.colorways?.length ?? 0,
      bomRows: built.bom?.length ?? 0,
      points: built.spec?.points.length ?? 0,
      steps: built.steps?.length ?? 0,
      sizes: built.sizing?.sizes ?? [],
      baseSize: built.sizing?.baseSize ?? null,
      unit: built.unit,
      newLibraryItems: newItems.size,
    },
    problems: built.problems.slice(0, 500),
    canApply: built.details !== null && !built.problems.some((p) => p.severity === "error"),
  };
};

export const previewImport = async (
  db: HubDb,
  p: Principal,
  file: { buffer: Buffer; fileName: string },
  teamId: number | undefined,
): Promise<TTpImportPreview> => {
  const team = await teamOwner.resolve(db, p, teamId);
  const sheets = await readUpload(file.buffer, file.fileName);
  // Uploads older than a day were abandoned: dropped as a new one arrives.
  await db.delete(im).where(lt(im.createdAt, new Date(Date.now() - 24 * 3600_000)));
  const [row] = await db
    .insert(im)
    .values({ token: randomUUID(), teamId: team, fileName: file.fileName.slice(0, 200), sheets, createdBy: p.userName })
    .returning();
  if (!row) throw new Error("import insert failed");
  return previewOf(db, row, await evaluate(db, row));
};

export const remapImport = async (db: HubDb, p: Principal, req: TTpImportApplyRequest): Promise<TTpImportPreview> => {
  const row = await importFor(db, p, req.token);
  return previewOf(db, row, await evaluate(db, row, req.mapping));
};

// ---- apply ----------------------------------------------------------------------------------------

export const upsertPart = (tx: HubTx, stpId: number, tab: string, data: object) =>
  tx
    .insert(parts)
    .values({ techPackId: stpId, tab, data: data as Record<string, unknown> })
    .onConflictDoUpdate({
      target: [parts.techPackId, parts.tab],
      set: { data: data as Record<string, unknown>, updatedAt: new Date() },
    });

/**
 * The product (new, version 1) or its next version (the latest copied first, so tabs the file lacks
 * stay). A workbook brings the product's details, so they replace the product's; a PDF only names a
 * new product (`keepDetails`: an existing one keeps its own).
 */
export const packFor = async (
  tx: HubTx,
  p: Principal,
  teamId: number,
  details: TProductFields,
  { keepDetails = false, note = "Imported" } = {},
) => {
  const existing = await existingProduct(tx, teamId, details.code, true);
  if (!existing) {
    const [product] = await tx
      .insert(pr)
      .values({ ...details, teamId, createdBy: p.userName })
      .returning({ id: pr.id });
    if (!product) throw new Error("product insert failed");
    const [pack] = await tx
      .insert(tp)
      .values({ productId: product.id, version: 1, createdBy: p.userName })
      .returning({ id: tp.id });
    if (!pack) throw new Error("tech pack insert failed");
    return { productId: product.id, stpId: pack.id, version: 1, created: true };
  }
  const version = existing.latestVersion + 1;
  await tx
    .update(pr)
    .set({ ...(keepDetails ? {} : details), latestVersion: version, updatedAt: new Date() })
    .where(eq(pr.id, existing.id));
  const [pack] = await tx
    .insert(tp)
    .values({ productId: existing.id, version, note, createdBy: p.userName })
    .returning({ id: tp.id });
  if (!pack) throw new Error("tech pack insert failed");
  await tx.execute(
    sql`insert into ${parts} (tech_pack_id, tab, data) select ${pack.id}, p.tab, p.data from ${parts} p join ${tp} t on t.id = p.tech_pack_id where t.product_id = ${existing.id} and t.version = ${existing.latestVersion}`,
  );
  return { productId: existing.id, stpId: pack.id, version, created: false };
};

const resultOf = async (db: HubDb | HubTx, row: ImportRow): Promise<TTpImportResult | null> => {
  if (!row.appliedProductId || !row.appliedTechPackId) return null;
  const [pack] = await db
    .select({
      version: tp.version,
      code: pr.code,
    })
    .from(tp)
    .innerJoin(pr, eq(pr.id, tp.productId))
    .where(eq(tp.id, row.appliedTechPackId));
  if (!pack) return null;
  return {
    productId: row.appliedProductId,
    stpId: row.appliedTechPackId,
    version: pack.version,
    created: pack.version === 1,
    code: pack.code,
  };
};

export const applyImport = async (db: HubDb, p: Principal, req: TTpImportApplyRequest): Promise<TTpImportResult> => {
  try {
    return await db.transaction(async (tx) => {
      const row = await importFor(tx, p, req.token, true);
      // Applied already (a second click, a retry): the same product and version, never another.
      const done = await resultOf(tx, row);
      if (done) return done;
      const e = await evaluate(tx, row, req.mapping);
      const { built } = e;
      const errors = built.problems.filter((x) => x.severity === "error");
      if (!built.details || errors.length > 0) {
        const first = errors[0];
        throw badRequest(
          `The file has ${errors.length} problem${errors.length === 1 ? "" : "s"} to fix before it can be applied${first ? `; the first: ${first.sheet}${first.row ? ` row ${first.row}` : ""}${first.column ? ` column ${first.column}` : ""}: ${first.message}` : ""}.`,
          { file: "Problems to fix" },
        );
      }
      const { productId, stpId, version, created } = await packFor(tx, p, row.teamId, built.details);
      if (built.sizing) await upsertPart(tx, stpId, "sizing", built.sizing);
      if (built.spec) await upsertPart(tx, stpId, "gradedSpec", built.spec);
      if (built.colorways)
        await upsertPart(tx, stpId, "colorways", { colorways: await withColors(tx, row.teamId, built.colorways) });
      if (built.bom) {
        const docs = bomDocuments(built.bom, await ensureItems(tx, row.teamId, built.bom));
        for (const tab of BOM_TABS) await upsertPart(tx, stpId, tab, docs[tab]);
      }
      if (built.steps) await upsertPart(tx, stpId, "constructionDetails", { steps: built.steps });
      await writeDetails(tx, stpId, built.details);
      await recordEvent(tx, stpId, p.userName, "product", created ? "imported" : "version imported", `${row.fileName}`);
      await recordAudit(tx, {
        actor: p.userName,
        action: "products.import",
        subject: `products:${productId}`,
        detail: { version, file: row.fileName },
      });
      // The mapping, remembered for the team's next import.
      const remembered = e.blocks.flatMap((b, i) =>
        (e.mapping[i] ?? []).map((c) => ({
          teamId: row.teamId,
          section: b.section,
          header: normHeader(c.header).slice(0, 200),
          field: c.field,
          updatedBy: p.userName,
        })),
      );
      const unique = [...new Map(remembered.map((r) => [rememberedKey(r.section, r.header), r])).values()].filter(
        (r) => r.header,
      );
      if (unique.length > 0)
        await tx
          .insert(maps)
          .values(unique)
          .onConflictDoUpdate({
            target: [maps.teamId, maps.section, maps.header],
            set: { field: sql`excluded.field`, updatedBy: p.userName, updatedAt: new Date() },
          });
      await tx
        .update(im)
        .set({ appliedProductId: productId, appliedTechPackId: stpId, appliedAt: new Date() })
        .where(eq(im.id, row.id));
      return { productId, stpId, version, created, code: built.details.code };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PRODUCT_MESSAGES.codeTaken, { code: PRODUCT_MESSAGES.codeTaken });
    throw error;
  }
};
