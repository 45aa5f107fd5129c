/** Reading a CSV row's cells: numbers, amounts in cents, true/false, and the identity of a row by its code. */
import type { Cell, Problem, Req } from "./types";

/** keyOf and twice of a resource identified by a code field. */
export const byCode = (field: string) => ({
  keyOf: (req: Req) => String(req[field]).toLowerCase(),
  twice: (req: Req, earlier: number) => ({
    column: field,
    message: `The code ${String(req[field])} is already on line ${earlier}`,
  }),
});

/** A number, or null when empty; a problem when it is not a number. */
export const number = (cell: Cell, column: string, problem: Problem, integer = false): number | null => {
  const raw = cell(column).trim();
  if (raw === "") return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) {
    problem(column, integer ? `"${raw}" is not a whole number` : `"${raw}" is not a number`);
    return null;
  }
  return n;
};

/** Dollars and cents → integer cents. */
export const cents = (cell: Cell, column: string, problem: Problem): number | null => {
  const raw = cell(column).trim().replace(/^\$/, "");
  if (raw === "") return null;
  if (!/^\d+(\.\d{1,2})?$/.test(raw)) {
    problem(column, `"${raw}" is not an amount: write dollars and cents, e.g. 4.25`);
    return null;
  }
  const [whole = "0", frac = ""] = raw.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
};

export const bool = (cell: Cell, column: string, problem: Problem, fallback: boolean): boolean => {
  const raw = cell(column).trim().toLowerCase();
  if (raw === "") return fallback;
  if (["true", "yes", "1", "y"].includes(raw)) return true;
  if (["false", "no", "0", "n"].includes(raw)) return false;
  problem(column, `"${cell(column)}" is not true or false`);
  return fallback;
};
