import type { FastifyReply } from "fastify";
import { z } from "zod";
import { errorResponses } from "./errors";

/**
 * CSV in the shape spreadsheets read (RFC 4180): comma-separated, CRLF line ends, fields quoted
 * when they hold a comma, quote or line break. Every field that starts like a formula (=, +, -, @,
 * a tab or a carriage return) is prefixed with an apostrophe, whatever its type (text, a list
 * joined with "|", an object, a date), so a spreadsheet never runs stored text as a formula. A
 * number (or text that is only a number) is written as it is: "-12" is a number to a spreadsheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const text = (value: unknown): string => {
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? "" : text(v))).join("|");
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
};
export const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  let s = text(value);
  const isNumber = typeof value === "number" || typeof value === "bigint" || /^-?\d+(\.\d+)?$/.test(s);
  if (!isNumber && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

export const toCsv = (header: string[], rows: unknown[][]): string =>
  `${[header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;

/** Sends a CSV as a download named `fileName`. */
export const sendCsv = (reply: FastifyReply, fileName: string, csv: string): FastifyReply =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .send(csv);

/** A CSV download's responses for its route schema (with `produces: ["text/csv"]`): the text, or the usual errors. */
export const csvResponses = { 200: z.string(), ...errorResponses(409) };
