import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { TReportFormat } from "@hub/contracts";
import { csvCell } from "../../platform/csv";
import { loadOnce } from "../../platform/load-once";

/**
 * A report file written row by row to a local file (constant memory whatever the row count), then
 * handed to the files adapter with its size. CSV cells go through the platform's `csvCell`: text
 * that starts like a formula gets an apostrophe, numbers stay numbers. XLSX is exceljs's streaming
 * WorkbookWriter: numbers are number cells, text is text cells (never a formula), so nothing in a
 * cell runs there either.
 */
export type ReportWriter = {
  add: (rows: readonly unknown[][]) => Promise<void>;
  /** Finishes the file (flushed and closed). */
  finish: () => Promise<void>;
  /** Drops the file's stream after a failure or a cancel (the caller removes the file). */
  abort: () => void;
};

export const CONTENT_TYPES: Record<TReportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const loadExcel = loadOnce(async () => (await import("exceljs")).default);

const csvWriter = (path: string, header: readonly string[]): ReportWriter => {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  let started = false;
  return {
    add: async (rows) => {
      if (!started) {
        started = true;
        await write(`${header.map(csvCell).join(",")}\r\n`);
      }
      if (rows.length > 0) await write(rows.map((r) => `${r.map(csvCell).join(",")}\r\n`).join(""));
    },
    finish: async () => {
      if (!started) await write(`${header.map(csvCell).join(",")}\r\n`);
      out.end();
      await once(out, "close");
    },
    abort: () => out.destroy(),
  };
};

/** An XLSX cell: numbers and booleans as they are, text as text; dates as ISO text, lists joined with "|". */
const xlsxCell = (value: unknown): string | number | boolean | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => String(v ?? "")).join("|");
  return JSON.stringify(value);
};

const xlsxWriter = async (path: string, header: readonly string[], title: string): Promise<ReportWriter> => {
  const Excel = await loadExcel();
  const book = new Excel.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(title.slice(0, 31));
  sheet.addRow([...header]).commit();
  return {
    add: async (rows) => {
      for (const row of rows) sheet.addRow(row.map(xlsxCell)).commit();
    },
    finish: async () => {
      sheet.commit();
      await book.commit();
    },
    abort: () => undefined,
  };
};

export const reportWriter = (
  format: TReportFormat,
  path: string,
  header: readonly string[],
  title: string,
): Promise<ReportWriter> =>
  format === "csv" ? Promise.resolve(csvWriter(path, header)) : xlsxWriter(path, header, title);
