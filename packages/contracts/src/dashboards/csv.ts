/**
 * A chart's CSV, made in the browser from exactly what the chart shows (its table view's rows):
 * RFC 4180 quoting, and a cell that starts like a formula (=, +, -, @, tab, CR) gets an apostrophe
 * unless it is a number, as the server's `toCsv` does, so a spreadsheet never runs a client name.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  let s = String(value);
  const isNumber = typeof value === "number" || /^-?\d+(\.\d+)?$/.test(s);
  if (!isNumber && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

export const toCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  `${[header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
