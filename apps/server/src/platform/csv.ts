import type { FastifyReply } from "fastify";
import { z } from "zod";
import { errorResponses } from "./errors";

/**
 * CSV in the shape spreadsheets read (RFC 4180): comma-separated, CRLF line ends, fields quoted
 * when they hold a comma, quote or line break. A field that starts like a formula (=, +, -, @) is
 * prefixed with an apostrophe, so a spreadsheet never runs text from the library as a formula.
 */
const cell = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  let s = Array.isArray(value) ? value.join("|") : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

export const toCsv = (header: string[], rows: unknown[][]): string =>
  `${[header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;

/** Sends a CSV as a download named `fileName`. */
export const sendCsv = (reply: FastifyReply, fileName: string, csv: string): FastifyReply =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .send(csv);

/** A CSV download's responses for its route schema (with `produces: ["text/csv"]`): the text, or the usual errors. */
export const csvResponses = { 200: z.string(), ...errorResponses(409) };
