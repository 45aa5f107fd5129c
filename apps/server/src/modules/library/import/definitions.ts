import {
  type TImportResource,
  ZAttributeRequestSchema,
  ZFabricRequestSchema,
  ZInstructionRequestSchema,
  ZMachineRequestSchema,
  ZOptionRequestSchema,
  ZPartRequestSchema,
  ZStyleRequestSchema,
  ZThreadRequestSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { LibraryTable } from "../resource";

/** What a row of text becomes: typed input for the resource's own request schema. */
export type Cell = (column: string) => string;
export type Problem = (column: string, message: string) => void;
/** Codes of the facility's library that rows may name (machine codes, option codes). */
export type Refs = { machines: Map<string, number>; options: Map<string, number> };
type Req = Record<string, unknown>;

export type ImportDef = {
  table: LibraryTable;
  codeColumn: PgColumn;
  /** The request field that holds the code (fabricCode, partCode, code). */
  codeField: string;
  /** Threads and BMC threads share a table. */
  filter?: SQL;
  schema: z.ZodType;
  /** Request field → CSV column, for messages. */
  columnOf: Record<string, string>;
  toInput: (cell: Cell, refs: Refs, problem: Problem) => Req;
  /** The row's columns (factoryId added by the caller). */
  toRow: (req: Req, names: Map<string, number>) => Record<string, unknown>;
  /** Fabric types and part categories named by rows, made when missing. */
  named?: { field: string; table: LibraryTable & { name: PgColumn } };
  /** Link rows written after the rows (an attribute's options). */
  links?: (tx: HubTx, rows: { id: number; req: Req }[]) => Promise<void>;
};

/** A number, or null when empty; a problem when it is not a number. */
const number = (cell: Cell, column: string, problem: Problem, integer = false): number | null => {
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
const cents = (cell: Cell, column: string, problem: Problem): number | null => {
  const raw = cell(column).trim().replace(/^\$/, "");
  if (raw === "") return null;
  if (!/^\d+(\.\d{1,2})?$/.test(raw)) {
    problem(column, `"${raw}" is not an amount: write dollars and cents, e.g. 4.25`);
    return null;
  }
  const [whole = "0", frac = ""] = raw.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
};

const bool = (cell: Cell, column: string, problem: Problem, fallback: boolean): boolean => {
  const raw = cell(column).trim().toLowerCase();
  if (raw === "") return fallback;
  if (["true", "yes", "1", "y"].includes(raw)) return true;
  if (["false", "no", "0", "n"].includes(raw)) return false;
  problem(column, `"${cell(column)}" is not true or false`);
  return fallback;
};

const threadDef = (kind: "thread" | "bmc"): ImportDef => ({
  table: schema.threads,
  codeColumn: schema.threads.code,
  codeField: "code",
  filter: eq(schema.threads.kind, kind),
  schema: ZThreadRequestSchema,
  columnOf: {},
  toInput: (cell) => ({
    code: cell("code"),
    name: cell("name"),
    colorCode: cell("colorCode"),
    hexColor: cell("hexColor"),
    brand: cell("brand"),
    ticket: cell("ticket"),
  }),
  toRow: (r) => ({ kind, code: r.code, name: r.name, colorCode: r.colorCode, hexColor: r.hexColor, brand: r.brand, ticket: r.ticket }),
});

export const IMPORT_DEFS: Record<TImportResource, ImportDef> = {
  fabrics: {
    table: schema.fabrics,
    codeColumn: schema.fabrics.fabricCode,
    codeField: "fabricCode",
    schema: ZFabricRequestSchema,
    columnOf: { costCents: "cost" },
    toInput: (cell, _refs, problem) => ({
      fabricCode: cell("fabricCode"),
      fabricName: cell("fabricName"),
      fabricType: cell("fabricType"),
      supplier: cell("supplier"),
      color: cell("color"),
      costCents: cents(cell, "cost", problem),
      unit: cell("unit").trim() || "yd",
      widthInches: number(cell, "widthInches", problem),
      weightGsm: number(cell, "weightGsm", problem, true),
    }),
    toRow: (r, names) => ({
      fabricCode: r.fabricCode,
      fabricName: r.fabricName,
      fabricTypeId: r.fabricType ? (names.get(String(r.fabricType).toLowerCase()) ?? null) : null,
      supplier: r.supplier,
      color: r.color,
      costCents: r.costCents,
      unit: r.unit,
      widthInches: r.widthInches,
      weightGsm: r.weightGsm,
    }),
    named: { field: "fabricType", table: schema.fabricTypes },
  },
  parts: {
    table: schema.parts,
    codeColumn: schema.parts.partCode,
    codeField: "partCode",
    schema: ZPartRequestSchema,
    columnOf: { costCents: "cost" },
    toInput: (cell, _refs, problem) => ({
      partCode: cell("partCode"),
      name: cell("name"),
      category: cell("category"),
      supplier: cell("supplier"),
      costCents: cents(cell, "cost", problem),
      unit: cell("unit").trim() || "each",
    }),
    toRow: (r, names) => ({
      partCode: r.partCode,
      name: r.name,
      categoryId: r.category ? (names.get(String(r.category).toLowerCase()) ?? null) : null,
      supplier: r.supplier,
      costCents: r.costCents,
      unit: r.unit,
    }),
    named: { field: "category", table: schema.partCategories },
  },
  threads: threadDef("thread"),
  bmcThreads: threadDef("bmc"),
  machines: {
    table: schema.machines,
    codeColumn: schema.machines.code,
    codeField: "code",
    schema: ZMachineRequestSchema,
    columnOf: {},
    toInput: (cell) => ({ code: cell("code"), name: cell("name"), machineType: cell("machineType").trim(), make: cell("make") }),
    toRow: (r) => ({ code: r.code, name: r.name, machineType: r.machineType, make: r.make }),
  },
  options: {
    table: schema.options,
    codeColumn: schema.options.code,
    codeField: "code",
    schema: ZOptionRequestSchema,
    columnOf: {},
    toInput: (cell, _refs, problem) => ({
      code: cell("code"),
      name: cell("name"),
      sortOrder: number(cell, "sortOrder", problem, true) ?? 0,
      attributeIds: [],
    }),
    toRow: (r) => ({ code: r.code, name: r.name, sortOrder: r.sortOrder }),
  },
  attributes: {
    table: schema.attributes,
    codeColumn: schema.attributes.code,
    codeField: "code",
    schema: ZAttributeRequestSchema,
    columnOf: { optionIds: "options" },
    toInput: (cell, refs, problem) => {
      const codes = cell("options")
        .split("|")
        .map((c) => c.trim())
        .filter(Boolean);
      const optionIds: number[] = [];
      for (const c of codes) {
        const id = refs.options.get(c.toLowerCase());
        if (id === undefined) problem("options", `There is no option with code "${c}"`);
        else optionIds.push(id);
      }
      return { code: cell("code"), name: cell("name"), hexColor: cell("hexColor"), sortOrder: number(cell, "sortOrder", problem, true) ?? 0, optionIds };
    },
    toRow: (r) => ({ code: r.code, name: r.name, hexColor: r.hexColor, sortOrder: r.sortOrder }),
    links: async (tx, rows) => {
      const oa = schema.optionAttributes;
      for (let i = 0; i < rows.length; i += 1000) {
        const batch = rows.slice(i, i + 1000);
        await tx.delete(oa).where(
          inArray(
            oa.attributeId,
            batch.map((r) => r.id),
          ),
        );
        const links = batch.flatMap((r) => [...new Set(r.req.optionIds as number[])].map((optionId) => ({ optionId, attributeId: r.id, sortOrder: Number(r.req.sortOrder) })));
        if (links.length > 0) await tx.insert(oa).values(links);
      }
    },
  },
  instructions: {
    table: schema.instructions,
    codeColumn: schema.instructions.code,
    codeField: "code",
    schema: ZInstructionRequestSchema,
    columnOf: { machineId: "machine" },
    toInput: (cell, refs, problem) => {
      const machine = cell("machine").trim();
      let machineId: number | null = null;
      if (machine) {
        const id = refs.machines.get(machine.toLowerCase());
        if (id === undefined) problem("machine", `There is no machine with code "${machine}"`);
        else machineId = id;
      }
      return {
        code: cell("code"),
        name: cell("name"),
        machineId,
        standardMinutes: number(cell, "standardMinutes", problem),
        description: cell("description"),
      };
    },
    toRow: (r) => ({ code: r.code, name: r.name, machineId: r.machineId, standardMinutes: r.standardMinutes, description: r.description }),
  },
  styles: {
    table: schema.styles,
    codeColumn: schema.styles.code,
    codeField: "code",
    schema: ZStyleRequestSchema,
    columnOf: { basePriceCents: "basePrice" },
    toInput: (cell, _refs, problem) => ({
      code: cell("code"),
      name: cell("name"),
      category: cell("category"),
      basePriceCents: cents(cell, "basePrice", problem),
      description: cell("description"),
      offeredToAll: bool(cell, "offeredToAll", problem, true),
      clientIds: [],
      imageUrl: cell("imageUrl"),
    }),
    toRow: (r) => ({
      code: r.code,
      name: r.name,
      category: r.category,
      basePriceCents: r.basePriceCents,
      description: r.description,
      offeredToAll: r.offeredToAll,
      imageUrl: r.imageUrl,
    }),
  },
};

/** The facility's machine and option codes, for rows that name them. */
export const loadRefs = async (tx: HubDb | HubTx, factoryId: number): Promise<Refs> => {
  const m = schema.machines;
  const o = schema.options;
  const machines = await tx.select({ id: m.id, code: m.code }).from(m).where(eq(m.factoryId, factoryId));
  const options = await tx.select({ id: o.id, code: o.code }).from(o).where(eq(o.factoryId, factoryId));
  return {
    machines: new Map(machines.map((x) => [x.code.toLowerCase(), x.id])),
    options: new Map(options.map((x) => [x.code.toLowerCase(), x.id])),
  };
};

/** lower(code) → id of the rows the facility already has. */
export const existingCodes = async (tx: HubDb | HubTx, def: ImportDef, factoryId: number): Promise<Map<string, number>> => {
  const rows = await tx
    .select({ id: sql<number>`${def.table.id}`, code: sql<string>`lower(${def.codeColumn})` })
    .from(def.table)
    .where(and(eq(def.table.factoryId, factoryId), def.filter));
  return new Map(rows.map((r) => [r.code, Number(r.id)]));
};

