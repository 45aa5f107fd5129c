import {
  TP_IMPORT_SECTION_LABELS as LABELS,
  type MeasureUnit,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type TBomTab,
  type TColorway,
  type TConstructionStep,
  type TGradedSpecData,
  type TPom,
  type TProductFields,
  type TSizingData,
  type TTpImportProblem,
  ZProductFieldsSchema,
} from "@hub/contracts";
import { columnLetter, measureIn, parseCents, parseMeasure, parseQuantity } from "./measures";
import { type Block, type Cell, normHeader, type ProposedColumn } from "./sections";

/**
 * A workbook's sections, under their mapping, turned into the tech pack's documents, with every
 * problem named by sheet, row and column. Pure: the library lookups are the service's.
 */

export type ImportedBomRow = {
  kind: TBomTab;
  code: string;
  name: string;
  placement: string;
  quantity: string;
  unit: string;
  costCents: number | null;
  /** By colourway key: what the cell says (a variant's code or name, or a note). */
  cells: Record<string, string>;
};

export type BuiltImport = {
  details: TProductFields | null;
  sizing: TSizingData | null;
  spec: TGradedSpecData | null;
  colorways: TColorway[] | null;
  bom: ImportedBomRow[] | null;
  steps: TConstructionStep[] | null;
  unit: MeasureUnit;
  problems: TTpImportProblem[];
};

type Mapped = { block: Block; columns: ProposedColumn[] };
type Row = { get: (field: string) => Cell | undefined; all: (field: string) => { header: string; cell: Cell }[] };

const rowsOf = ({ block, columns }: Mapped): { cells: Cell[]; row: Row }[] =>
  block.rows
    .filter((cells) => cells.some((c) => c.v !== ""))
    .map((cells) => ({
      cells,
      row: {
        get: (field) => {
          const col = columns.find((c) => c.field === field);
          return col ? cells[col.index] : undefined;
        },
        all: (field) =>
          columns.flatMap((c) => {
            const cell = cells[c.index];
            return c.field === field && cell ? [{ header: c.header, cell }] : [];
          }),
      },
    }));

const BOM_KINDS: Record<string, TBomTab> = {
  fabric: "fabrics",
  fabrics: "fabrics",
  notion: "notions",
  notions: "notions",
  trim: "notions",
  trims: "notions",
  hardware: "notions",
  label: "labels",
  labels: "labels",
  thread: "threads",
  threads: "threads",
  graphic: "graphics",
  graphics: "graphics",
  print: "graphics",
  prints: "graphics",
  artwork: "graphics",
  embroidery: "graphics",
  packaging: "packaging",
  packing: "packaging",
  pack: "packaging",
};

/** A colourway code from a name: "Heather grey" → "HEATHER-GREY". */
export const keyOf = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "CW";

const splitList = (s: string) => {
  const parts = s.includes(",") || s.includes(";") ? s.split(/[,;]/) : s.split(/\s+/);
  return parts.map((x) => x.trim()).filter(Boolean);
};

const YES = new Set(["y", "yes", "true", "x", "1", "critical", "✓", "key"]);

export const buildImport = (mapped: Mapped[]): BuiltImport => {
  const problems: TTpImportProblem[] = [];
  const at = (sheet: string, cell: Cell | undefined, message: string, severity: "error" | "warning" = "error") =>
    problems.push({
      sheet,
      row: cell?.r ?? null,
      column: cell ? columnLetter(cell.c) : null,
      severity,
      message,
    });
  const of = (s: Block["section"]) => mapped.filter((m) => m.block.section === s);

  // ---- details ----
  let details: TProductFields | null = null;
  let sizesGiven: string[] | null = null;
  let baseGiven: Cell | undefined;
  let unitGiven: MeasureUnit | null = null;
  const [detailsBlock] = of("details");
  if (!detailsBlock)
    problems.push({
      sheet: "(workbook)",
      row: null,
      column: null,
      severity: "error",
      message: "No product details were found: add a “Product details” sheet with the product code and name.",
    });
  else {
    const sheet = detailsBlock.block.sheet;
    const rows = rowsOf(detailsBlock);
    const first = rows[0];
    if (rows.length > 1)
      at(sheet, rows[1]?.cells[0], "Only the first product row is imported; the others are left out.", "warning");
    const v = (f: string) => first?.row.get(f)?.v ?? "";
    const input: Record<string, unknown> = {
      code: v("code"),
      name: v("name") || v("code"),
      season: v("season"),
      category: v("category"),
      collection: v("collection"),
      batch: v("batch"),
      fit: v("fit"),
      description: v("description"),
      tags: v("tags") ? splitList(v("tags").replaceAll(" ", ",")).slice(0, 20) : [],
    };
    const status = normHeader(v("status"));
    if (status) {
      const found = PRODUCT_STATUSES.find(
        (s) => s === status.replaceAll(" ", "_") || normHeader(PRODUCT_STATUS_LABELS[s]) === status,
      );
      if (found) input.status = found;
      else at(sheet, first?.row.get("status"), `Unknown status “${v("status")}”: Concept is used.`, "warning");
    }
    for (const [field, key] of [
      ["targetCost", "targetCostCents"],
      ["targetPrice", "targetPriceCents"],
    ] as const) {
      if (!v(field)) continue;
      const cents = parseCents(v(field));
      if (cents === null) at(sheet, first?.row.get(field), `“${v(field)}” is not an amount such as 12.50.`);
      else input[key] = cents;
    }
    const parsed = ZProductFieldsSchema.safeParse(input);
    if (parsed.success) details = parsed.data;
    else
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        const cell = first?.row.get(
          field === "targetCostCents" ? "targetCost" : field === "targetPriceCents" ? "targetPrice" : field,
        );
        at(sheet, cell ?? first?.cells[0], `${issue.message}${cell ? "" : ` (${field})`}`);
      }
    if (v("sizes")) sizesGiven = splitList(v("sizes"));
    baseGiven = v("baseSize") ? first?.row.get("baseSize") : undefined;
    const u = normHeader(v("unit"));
    if (u) {
      unitGiven = u.startsWith("c") ? "cm" : u.startsWith("in") || u === '"' ? "in" : null;
      if (!unitGiven) at(sheet, first?.row.get("unit"), `Unit “${v("unit")}” is neither cm nor in.`);
    }
  }

  // ---- colourways ----
  let colorways: TColorway[] | null = null;
  const seen = new Map<string, string>();
  if (of("colorways").length > 0) {
    colorways = [];
    for (const m of of("colorways"))
      for (const { row, cells } of rowsOf(m)) {
        const name = row.get("name")?.v || row.get("key")?.v || "";
        const key = row.get("key")?.v || keyOf(name);
        if (!name) {
          at(m.block.sheet, cells[0], "A colourway needs a name or a code.");
          continue;
        }
        if (!/^[A-Za-z0-9_-]{1,40}$/.test(key)) {
          at(m.block.sheet, row.get("key"), `Colourway code “${key}”: letters, digits, - and _ only (at most 40).`);
          continue;
        }
        if (seen.has(normHeader(key))) {
          at(m.block.sheet, row.get("key") ?? row.get("name"), `Colourway ${key} is listed twice.`);
          continue;
        }
        seen.set(normHeader(key), key);
        seen.set(normHeader(name), key);
        colorways.push({ key, name: name.slice(0, 100), colorIds: [] });
      }
    if (colorways.length > 20) at(of("colorways")[0]?.block.sheet ?? "", undefined, "At most 20 colourways.");
  }

  // ---- BOM ----
  let bom: ImportedBomRow[] | null = null;
  if (of("bom").length > 0) {
    bom = [];
    for (const m of of("bom")) {
      const sheet = m.block.sheet;
      for (const { row, cells } of rowsOf(m)) {
        const kindText = normHeader(row.get("kind")?.v ?? "");
        const kind = kindText ? BOM_KINDS[kindText] : "fabrics";
        if (!kind) {
          at(
            sheet,
            row.get("kind"),
            `Unknown BOM type “${row.get("kind")?.v}”: use fabric, notion, label, thread, graphic or packaging.`,
          );
          continue;
        }
        const code = row.get("code")?.v ?? "";
        const name = row.get("name")?.v ?? "";
        if (!code && !name) {
          at(sheet, cells[0], "A BOM row needs an item code or name.");
          continue;
        }
        const qtyCell = row.get("quantity");
        const quantity = parseQuantity(qtyCell?.v ?? "");
        if (quantity === null) {
          at(
            sheet,
            qtyCell ?? cells[0],
            qtyCell?.v ? `“${qtyCell.v}” is not a quantity such as 1.25.` : "Enter a quantity.",
          );
          continue;
        }
        const costCell = row.get("cost");
        let costCents: number | null = null;
        if (costCell?.v) {
          costCents = parseCents(costCell.v);
          if (costCents === null) {
            at(sheet, costCell, `“${costCell.v}” is not an amount such as 12.50.`);
            continue;
          }
        }
        const cellsByCw: Record<string, string> = {};
        for (const { header, cell } of row.all("colorway")) {
          let key = seen.get(normHeader(header));
          if (!key) {
            if (colorways === null || of("colorways").length === 0) {
              // No colourways section: the BOM's colourway columns are the colourways.
              colorways ??= [];
              key = keyOf(header);
              seen.set(normHeader(header), key);
              colorways.push({ key, name: header.slice(0, 100), colorIds: [] });
            } else {
              at(sheet, cell, `Column “${header}” is not a colourway of the Colourways section.`);
              continue;
            }
          }
          if (cell.v) cellsByCw[key] = cell.v.slice(0, 200);
        }
        bom.push({
          kind,
          code: code.slice(0, 60),
          name: (name || code).slice(0, 200),
          placement: (row.get("placement")?.v ?? "").slice(0, 200),
          quantity,
          unit: (row.get("unit")?.v ?? "").slice(0, 20),
          costCents,
          cells: cellsByCw,
        });
      }
    }
    for (const kind of new Set(bom.map((r) => r.kind)))
      if (bom.filter((r) => r.kind === kind).length > 200)
        at(of("bom")[0]?.block.sheet ?? "", undefined, `At most 200 ${kind} rows.`);
  }

  const { sizing, spec, unit } = buildSpec(
    of("pom"),
    { sizesGiven, baseGiven, unitGiven, detailsSheet: detailsBlock?.block.sheet },
    at,
  );
  const steps = buildSteps(of("construction"), at);
  return { details, sizing, spec, colorways, bom, steps, unit, problems };
};

type At = (sheet: string, cell: Cell | undefined, message: string, severity?: "error" | "warning") => void;

const buildSpec = (
  blocks: Mapped[],
  given: {
    sizesGiven: string[] | null;
    baseGiven: Cell | undefined;
    unitGiven: MeasureUnit | null;
    detailsSheet?: string;
  },
  at: At,
): { sizing: TSizingData | null; spec: TGradedSpecData | null; unit: MeasureUnit } => {
  const columns = blocks.flatMap((m) => m.columns.filter((c) => c.field === "size").map((c) => c.header));
  const sizes = given.sizesGiven ?? [...new Set(columns)];
  // The unit: the details', else what most values say (a fraction or " is inches, cm is cm), else cm.
  let unit: MeasureUnit = given.unitGiven ?? "cm";
  if (!given.unitGiven) {
    let cm = 0;
    let inch = 0;
    for (const m of blocks)
      for (const { row } of rowsOf(m))
        for (const { cell } of row.all("size")) {
          if (/cm/i.test(cell.v)) cm++;
          else if (/\/|"|in\b|inch/i.test(cell.v)) inch++;
        }
    unit = inch > cm ? "in" : "cm";
  }
  if (blocks.length === 0 && !given.sizesGiven) return { sizing: null, spec: null, unit };
  const sheet = blocks[0]?.block.sheet ?? given.detailsSheet ?? "";
  if (sizes.length === 0) {
    at(
      sheet,
      blocks[0]?.block.header[0],
      "No size columns: map the columns that hold each size's measurement to “Size column”.",
    );
    return { sizing: null, spec: null, unit };
  }
  if (sizes.length > 20) at(sheet, undefined, `At most 20 sizes (${sizes.length} found).`);
  let baseSize = given.baseGiven?.v ?? "";
  if (baseSize && !sizes.includes(baseSize)) {
    at(
      given.detailsSheet ?? sheet,
      given.baseGiven,
      `Base size ${baseSize} is not one of the sizes (${sizes.join(", ")}).`,
    );
    baseSize = "";
  }
  if (!baseSize) {
    baseSize = sizes[Math.floor((sizes.length - 1) / 2)] as string;
    if (!given.baseGiven)
      at(sheet, undefined, `No base size was given: ${baseSize}, the middle size, is used.`, "warning");
  }
  const sizing: TSizingData = { sizeRangeId: null, sizes: sizes.map((s) => s.slice(0, 20)), baseSize };
  if (blocks.length === 0) return { sizing, spec: null, unit };
  for (const c of columns)
    if (!sizes.includes(c))
      at(
        sheet,
        blocks[0]?.block.header.find((h) => h.v === c),
        `Size column ${c} is not in the sizes (${sizes.join(", ")}).`,
      );

  const points: TPom[] = [];
  const codes = new Set<string>();
  const measure = (cell: Cell | undefined, what: string): number | null | undefined => {
    if (!cell?.v) return undefined;
    const m = parseMeasure(cell.v);
    if (!m) {
      at(sheet, cell, `${what}: “${cell.v}” is not a measurement such as 12 1/2, 12.5 or 31.75 cm.`);
      return null;
    }
    return measureIn(m, unit);
  };
  for (const m of blocks)
    for (const { row, cells } of rowsOf(m)) {
      const code = row.get("code")?.v ?? "";
      const description = row.get("description")?.v || code;
      if (!code) {
        at(m.block.sheet, cells[0], "A point of measure needs its code (POM).");
        continue;
      }
      if (codes.has(code.toLowerCase())) {
        at(m.block.sheet, row.get("code"), `POM ${code} is listed twice.`);
        continue;
      }
      codes.add(code.toLowerCase());
      const values = new Map<string, number>();
      let bad = false;
      for (const { header, cell } of row.all("size")) {
        const v = measure(cell, `POM ${code}, size ${header}`);
        if (v === null) bad = true;
        else if (v !== undefined) values.set(header, Math.round(v * 100));
      }
      const tol = measure(row.get("tol"), `POM ${code}, tolerance`);
      const tolPlus = measure(row.get("tolPlus"), `POM ${code}, tolerance +`) ?? tol;
      const tolMinus = measure(row.get("tolMinus"), `POM ${code}, tolerance −`) ?? tol;
      if (bad || tol === null || tolPlus === null || tolMinus === null) continue;
      const base = values.get(baseSize);
      if (base === undefined) {
        at(m.block.sheet, cells[0], `POM ${code} has no value in the base size ${baseSize}.`);
        continue;
      }
      // Grade rules: each size's step from its neighbour towards the base (a blank size repeats its neighbour).
      const gradeRules: Record<string, number> = {};
      const b = sizes.indexOf(baseSize);
      for (const dir of [1, -1]) {
        let prev = base;
        for (let i = b + dir; i >= 0 && i < sizes.length; i += dir) {
          const size = sizes[i] as string;
          const value = values.get(size);
          if (value === undefined) continue;
          gradeRules[size] = ((value - prev) * dir) / 100;
          prev = value;
        }
      }
      const tolOk = (t: number | undefined) => Math.min(100, Math.abs(t ?? 0));
      points.push({
        code: code.slice(0, 20),
        description: description.slice(0, 200),
        howToMeasure: (row.get("howToMeasure")?.v ?? "").slice(0, 500),
        baseValue: base / 100,
        gradeRules,
        tolPlus: tolOk(tolPlus),
        tolMinus: tolOk(tolMinus),
        critical: YES.has(normHeader(row.get("critical")?.v ?? "")),
      });
    }
  if (points.length > 200) at(sheet, undefined, "At most 200 points of measure.");
  return { sizing, spec: { unit, points }, unit };
};

const buildSteps = (blocks: Mapped[], at: At): TConstructionStep[] | null => {
  if (blocks.length === 0) return null;
  const steps: { n: number; step: TConstructionStep }[] = [];
  for (const m of blocks)
    for (const { row } of rowsOf(m)) {
      const description = (row.get("description")?.v ?? "").slice(0, 2000);
      const n = Number(row.get("step")?.v);
      const title = row.get("title")?.v || (description ? description.split(/[.\n]/)[0]?.slice(0, 60) : "");
      if (!title) {
        at(m.block.sheet, row.get("step") ?? row.get("title"), "A construction step needs a title or a description.");
        continue;
      }
      steps.push({
        n: Number.isFinite(n) && row.get("step")?.v ? n : steps.length + 1,
        step: { title: (title as string).slice(0, 200), description, imageFileId: null, callouts: [] },
      });
    }
  if (steps.length > 100) at(blocks[0]?.block.sheet ?? "", undefined, "At most 100 construction steps.");
  return steps.sort((a, b) => a.n - b.n).map((s) => s.step);
};

export { LABELS as SECTION_LABELS };
