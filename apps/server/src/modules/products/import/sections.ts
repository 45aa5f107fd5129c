import {
  TP_IMPORT_FIELDS as FIELDS,
  TP_IMPORT_IGNORE as IGNORE,
  TP_IMPORT_SECTION_SYNONYMS as SECTION_SYNONYMS,
  TP_IMPORT_SECTIONS as SECTIONS,
  type TTpImportSection,
  type TTpImportSectionMapping,
} from "@hub/contracts";
import { parseMeasure } from "./measures";
import type { Sheet } from "./workbook";

/**
 * Finding the sections of a workbook and proposing each one's column mapping. A sheet is one
 * section, named by its sheet name or recognised by its header; or it holds several, each under a
 * title row (a row whose only cell names a section). Product details may be a table (headers in a
 * row) or a list of "field | value" rows.
 */

/** A cell with where it is in the sheet (1-based row and column). */
export type Cell = { v: string; r: number; c: number };
/** A section's header and its data rows, each row's cells aligned with the header. */
export type Block = { section: TTpImportSection; sheet: string; header: Cell[]; rows: Cell[][] };
export type ProposedColumn = {
  index: number;
  header: string;
  field: string;
  proposedBy: "remembered" | "synonym" | "guess" | "none";
};

/** A header as mappings remember it: lower case, spaces collapsed, a trailing colon or asterisk dropped. */
export const normHeader = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_]+/g, " ")
    .replace(/[:*]+$/, "")
    .trim();
const withoutParens = (s: string) => s.replace(/\s*\([^)]*\)\s*/g, " ").trim();

const sectionNamed = (text: string): TTpImportSection | undefined => {
  const n = normHeader(text);
  return SECTIONS.find((s) => SECTION_SYNONYMS[s].includes(n) || SECTION_SYNONYMS[s].includes(withoutParens(n)));
};

const synonymField = (section: TTpImportSection, header: string): string | undefined => {
  const n = normHeader(header);
  const bare = withoutParens(n);
  return FIELDS[section].find((f) => f.synonyms.includes(n) || f.synonyms.includes(bare))?.field;
};

type Line = { r: number; cells: string[] };
const filled = (l: Line) => l.cells.filter((c) => c !== "").length;

/** The section a header row looks like: the one most of its cells name a field of (at least two). */
const guessSection = (header: Line): TTpImportSection | undefined => {
  let best: TTpImportSection | undefined;
  let bestScore = 1;
  for (const s of SECTIONS) {
    const score = header.cells.filter((c) => c && synonymField(s, c)).length;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
};

/** "Code | TEE-1" lines: the first filled cell names a details field and at most one value follows. */
const keyValueLines = (lines: Line[]) =>
  lines.filter((l) => {
    const first = l.cells.findIndex((c) => c !== "");
    return first >= 0 && filled(l) <= 2 && synonymField("details", l.cells[first] as string) !== undefined;
  });

const blockOf = (sheet: string, known: TTpImportSection | undefined, segment: Line[]): Block | null => {
  const lines = segment.filter((l) => filled(l) > 0);
  const head = lines[0];
  if (!head) return null;
  const kv = keyValueLines(lines);
  if ((known === "details" || (!known && guessSection(head) === undefined)) && kv.length >= 2) {
    const header: Cell[] = [];
    const values: Cell[] = [];
    for (const l of kv) {
      const first = l.cells.findIndex((c) => c !== "");
      header.push({ v: l.cells[first] as string, r: l.r, c: first + 1 });
      values.push({ v: l.cells[first + 1] ?? "", r: l.r, c: first + 2 });
    }
    return { section: "details", sheet, header, rows: [values] };
  }
  const section = known ?? guessSection(head);
  if (!section) return null;
  const header = head.cells.flatMap((v, i) => (v === "" ? [] : [{ v, r: head.r, c: i + 1 }]));
  const rows = lines.slice(1).map((l) => header.map((h) => ({ v: l.cells[h.c - 1] ?? "", r: l.r, c: h.c })));
  return { section, sheet, header, rows };
};

/** Every section in the workbook, in order; and the sheets in which none was found. */
export const findBlocks = (sheets: Sheet[]): { blocks: Block[]; unusedSheets: string[] } => {
  const blocks: Block[] = [];
  const unusedSheets: string[] = [];
  for (const sheet of sheets) {
    const lines: Line[] = sheet.rows.map((cells, i) => ({ r: i + 1, cells }));
    const titles = lines.filter((l) => filled(l) === 1 && sectionNamed(l.cells.find((c) => c !== "") ?? ""));
    const found: Block[] = [];
    if (titles.length === 0) {
      const block = blockOf(sheet.name, sectionNamed(sheet.name), lines);
      if (block) found.push(block);
    } else {
      const before = lines.filter((l) => l.r < (titles[0]?.r ?? 0));
      const first = blockOf(sheet.name, undefined, before);
      if (first) found.push(first);
      titles.forEach((t, i) => {
        const end = titles[i + 1]?.r ?? Number.POSITIVE_INFINITY;
        const section = sectionNamed(t.cells.find((c) => c !== "") ?? "");
        const block = blockOf(
          sheet.name,
          section,
          lines.filter((l) => l.r > t.r && l.r < end),
        );
        if (block) found.push(block);
      });
    }
    if (found.length === 0) unusedSheets.push(sheet.name);
    blocks.push(...found);
  }
  return { blocks, unusedSheets };
};

export type Remembered = Map<string, string>;
export const rememberedKey = (section: string, header: string) => `${section}\u0000${normHeader(header)}`;

const mostlyMeasures = (block: Block, index: number) => {
  const values = block.rows.map((r) => r[index]?.v ?? "").filter((v) => v !== "");
  return values.length > 0 && values.filter((v) => parseMeasure(v)).length * 2 >= values.length;
};

/** Each column's proposed field: the team's remembered one, else a synonym, else a guess (a size, a colourway), else ignored. */
export const proposeColumns = (block: Block, remembered: Remembered, colorwayNames: Set<string>): ProposedColumn[] => {
  const valid = new Set(FIELDS[block.section].map((f) => f.field));
  const used = new Set<string>();
  return block.header.map((h, index) => {
    const base = { index, header: h.v };
    const kept = remembered.get(rememberedKey(block.section, h.v));
    if (kept && (kept === IGNORE || valid.has(kept))) {
      used.add(kept);
      return { ...base, field: kept, proposedBy: "remembered" as const };
    }
    const synonym = synonymField(block.section, h.v);
    if (synonym && !used.has(synonym)) {
      used.add(synonym);
      return { ...base, field: synonym, proposedBy: "synonym" as const };
    }
    if (block.section === "bom" && colorwayNames.has(normHeader(h.v)))
      return { ...base, field: "colorway", proposedBy: "guess" as const };
    if (block.section === "pom" && mostlyMeasures(block, index))
      return { ...base, field: "size", proposedBy: "guess" as const };
    return { ...base, field: IGNORE, proposedBy: "none" as const };
  });
};

/** Colourway codes and names the colourways sections give (normalised), to recognise BOM columns. */
export const colorwayNamesOf = (blocks: Block[], remembered: Remembered): Set<string> => {
  const names = new Set<string>();
  for (const b of blocks.filter((x) => x.section === "colorways")) {
    const cols = proposeColumns(b, remembered, names);
    for (const row of b.rows)
      for (const col of cols)
        if ((col.field === "key" || col.field === "name") && row[col.index]?.v)
          names.add(normHeader(row[col.index]?.v ?? ""));
  }
  return names;
};

/** The mapping in force: the person's for a section of a sheet when they sent one, else the proposal. */
export const mappingFor = (
  blocks: Block[],
  remembered: Remembered,
  given?: TTpImportSectionMapping[],
): ProposedColumn[][] => {
  const names = colorwayNamesOf(blocks, remembered);
  return blocks.map((b) => {
    const proposed = proposeColumns(b, remembered, names);
    const mine = given?.find((m) => m.section === b.section && m.sheet === b.sheet);
    if (!mine) return proposed;
    return proposed.map((p) => {
      const edit = mine.columns.find((c) => c.index === p.index);
      return edit ? { ...p, field: edit.field } : p;
    });
  });
};
