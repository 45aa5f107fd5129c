import { inflateRawSync } from "node:zlib";
import { TECH_PACK_IMPORT_LIMITS as LIMITS, NUL_MESSAGE } from "@hub/contracts";
import { parse } from "csv-parse/sync";
import type { CellValue } from "exceljs";
import { badRequest } from "../../../platform/errors";
import { loadOnce } from "../../../platform/load-once";
import { columnLetter } from "./measures";

/**
 * Reading an uploaded tech pack into sheets of text cells, safely (docs/adr/0010-tech-pack.md,
 * "Import Tech Pack"): an .xlsx is first walked as a zip by hand — every part inflated with a cap on
 * what it may unzip to (a zip bomb stops at the cap, whatever sizes its directory claims), and every
 * sheet's rows counted in its XML — before exceljs reads it; a formula cell gives its saved value,
 * never a calculation; a CSV is one sheet. Every refusal is a 400 naming what is wrong.
 */

export type Sheet = { name: string; rows: string[][] };

const loadExcel = loadOnce(async () => (await import("exceljs")).default);

const NOT_A_WORKBOOK = "This file is not an Excel workbook (.xlsx) or a CSV file.";
const refuse = (message: string, field = "Not read") => badRequest(message, { file: field });

const isZip = (b: Buffer) => b.length > 4 && b.readUInt32LE(0) === 0x04034b50;
const isOldXls = (b: Buffer) => b.length > 8 && b.readUInt32LE(0) === 0xe011cfd0;
const isPdf = (b: Buffer) => b.subarray(0, 5).toString("latin1") === "%PDF-";

export const readUpload = async (buffer: Buffer, fileName: string): Promise<Sheet[]> => {
  if (buffer.length === 0) throw refuse("The file is empty.", "Empty file");
  if (isZip(buffer)) return readXlsx(buffer);
  if (isOldXls(buffer))
    throw refuse("Old .xls workbooks are not read: save it as .xlsx (Excel workbook) and upload that.");
  if (isPdf(buffer))
    throw refuse(
      "A PDF tech pack is not read into tabs: import it as a PDF (it goes on a product's Files tab), or upload the workbook or CSV it came from.",
    );
  if (/\.(csv|txt)$/i.test(fileName)) return [readCsvSheet(buffer, fileName)];
  throw refuse(NOT_A_WORKBOOK);
};

// ---- CSV ------------------------------------------------------------------------------------------

const readCsvSheet = (buffer: Buffer, fileName: string): Sheet => {
  const text = buffer.toString("utf8");
  const nul = text.indexOf("\0");
  if (nul !== -1) throw refuse(`Line ${text.slice(0, nul).split("\n").length}: ${NUL_MESSAGE}`);
  if (text.includes("\uFFFD")) throw refuse(`${NOT_A_WORKBOOK} (it is not UTF-8 text)`);
  let rows: string[][];
  try {
    rows = parse(text.replace(/\r\n?/g, "\n"), { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    throw refuse(`The file is not readable CSV: ${error instanceof Error ? error.message : "parse error"}`);
  }
  const name = fileName.replace(/\.[^.]*$/, "") || "CSV";
  checkShape(name, rows.length, Math.max(0, ...rows.map((r) => r.length)));
  return { name, rows: rows.map((r) => r.map((c) => c.trim())) };
};

const checkShape = (sheet: string, rows: number, columns: number) => {
  if (rows > LIMITS.maxRowsPerSheet)
    throw refuse(
      `Sheet "${sheet}" has ${rows.toLocaleString("en-US")} rows; an import reads at most ${LIMITS.maxRowsPerSheet.toLocaleString("en-US")} rows a sheet. Remove the empty or extra rows, or split the file.`,
      "Too many rows",
    );
  if (columns > LIMITS.maxColumns)
    throw refuse(
      `Sheet "${sheet}" has ${columns} columns; an import reads at most ${LIMITS.maxColumns}.`,
      "Too many columns",
    );
};

// ---- the zip walk ---------------------------------------------------------------------------------

type Entry = { name: string; method: number; compressed: number; localOffset: number };

const entriesOf = (b: Buffer): Entry[] => {
  // The end-of-central-directory record: in the last 64 KiB (+22 bytes) of the file.
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 65_557); i--)
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw refuse(`${NOT_A_WORKBOOK} (the zip is damaged)`);
  const count = b.readUInt16LE(eocd + 10);
  let p = b.readUInt32LE(eocd + 16);
  if (count > 5_000 || count === 0xffff || p === 0xffffffff) throw refuse(`${NOT_A_WORKBOOK} (too many parts)`);
  const out: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) throw refuse(`${NOT_A_WORKBOOK} (the zip is damaged)`);
    const nameLength = b.readUInt16LE(p + 28);
    out.push({
      name: b.toString("utf8", p + 46, p + 46 + nameLength),
      method: b.readUInt16LE(p + 10),
      compressed: b.readUInt32LE(p + 20),
      localOffset: b.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
  }
  return out;
};

const tooBig = () =>
  refuse(
    `The workbook unzips to more than ${LIMITS.maxUnzippedBytes / 1024 / 1024} MB; an import reads smaller workbooks. Remove images or extra sheets, or split it.`,
    "Too large unzipped",
  );

/** Every part of the zip, inflated within what is left of the budget. */
const unzipBounded = (b: Buffer): Map<string, Buffer> => {
  let budget: number = LIMITS.maxUnzippedBytes;
  const parts = new Map<string, Buffer>();
  for (const e of entriesOf(b)) {
    const lo = e.localOffset;
    if (lo + 30 > b.length || b.readUInt32LE(lo) !== 0x04034b50) throw refuse(`${NOT_A_WORKBOOK} (the zip is damaged)`);
    const start = lo + 30 + b.readUInt16LE(lo + 26) + b.readUInt16LE(lo + 28);
    const data = b.subarray(start, start + e.compressed);
    let out: Buffer;
    if (e.method === 0) out = data;
    else if (e.method === 8) {
      try {
        out = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooBig();
        throw refuse(`${NOT_A_WORKBOOK} (the zip is damaged)`);
      }
    } else throw refuse(`${NOT_A_WORKBOOK} (an unknown compression)`);
    budget -= out.length;
    if (budget < 0) throw tooBig();
    parts.set(e.name, out);
  }
  return parts;
};

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** Refuses a workbook with too many sheets, or a sheet with too many rows, before reading its cells. */
const checkSheets = (parts: Map<string, Buffer>) => {
  const workbook = parts.get("xl/workbook.xml")?.toString("utf8");
  if (!workbook) throw refuse(`${NOT_A_WORKBOOK} (it has no workbook part)`);
  const rels = parts.get("xl/_rels/workbook.xml.rels")?.toString("utf8") ?? "";
  const targets = new Map<string, string>();
  for (const tag of rels.match(/<Relationship\b[^>]*>/g) ?? []) {
    const id = attr(tag, "Id");
    const target = attr(tag, "Target");
    if (id && target) targets.set(id, target.replace(/^\/?(xl\/)?/, "xl/"));
  }
  const sheets = workbook.match(/<(?:\w+:)?sheet\b[^>]*>/g) ?? [];
  if (sheets.length > LIMITS.maxSheets)
    throw refuse(
      `The workbook has ${sheets.length} sheets; an import reads at most ${LIMITS.maxSheets}.`,
      "Too many sheets",
    );
  for (const tag of sheets) {
    const name = unescapeXml(attr(tag, "name") ?? "?");
    const target = targets.get(attr(tag, "r:id") ?? "");
    const xml = target ? parts.get(target) : undefined;
    if (!xml) continue;
    let rows = 0;
    const text = xml.toString("latin1");
    for (let i = text.indexOf("<row"); i >= 0; i = text.indexOf("<row", i + 4)) {
      const next = text.charCodeAt(i + 4);
      if (next === 32 || next === 62 || next === 47) rows++;
    }
    checkShape(name, rows, 0);
  }
};

// ---- cells ----------------------------------------------------------------------------------------

type FormulaValue = { formula?: string; sharedFormula?: string; result?: unknown };

const textOf = (v: CellValue, where: () => string): string => {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v.trim();
  if (typeof v === "number") return Number.isFinite(v) ? String(Math.round(v * 1e6) / 1e6) : "";
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    if ("richText" in v)
      return v.richText
        .map((r) => r.text)
        .join("")
        .trim();
    if ("formula" in v || "sharedFormula" in v) {
      const result = (v as FormulaValue).result;
      if (result === undefined || result === null || (typeof result === "object" && "error" in result))
        throw refuse(
          `${where()} holds a formula without a saved value. The Hub never calculates formulas: open the file in Excel and save it, or type the value.`,
          "Formula without a value",
        );
      return textOf(result as CellValue, where);
    }
    if ("text" in v) return String((v as { text: unknown }).text ?? "").trim();
    if ("error" in v) return "";
  }
  return "";
};

const readXlsx = async (buffer: Buffer): Promise<Sheet[]> => {
  const parts = unzipBounded(buffer);
  checkSheets(parts);
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer, {
      ignoreNodes: ["dataValidations", "conditionalFormatting", "extLst", "drawing", "picture", "tableParts"],
    });
  } catch {
    throw refuse(`${NOT_A_WORKBOOK} (it could not be read as a workbook)`);
  }
  const sheets: Sheet[] = [];
  workbook.eachSheet((ws) => {
    checkShape(ws.name, ws.actualRowCount, ws.actualColumnCount);
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, r) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        if (c > LIMITS.maxColumns) return;
        // A merged range's other cells repeat its first; read the first only.
        if (cell.isMerged && cell.master !== cell) return;
        cells[c - 1] = textOf(cell.value, () => `Sheet "${ws.name}", cell ${columnLetter(c)}${r}`);
      });
      rows[r - 1] = Array.from(cells, (c) => c ?? "");
    });
    sheets.push({ name: ws.name, rows: Array.from(rows, (r) => r ?? []) });
  });
  return sheets;
};
