import {
  type TImportResource,
  ZAttributeRequestSchema,
  ZFabricRequestSchema,
  ZImportStockCountSchema,
  ZImportStylePriceTierSchema,
  ZInstructionRequestSchema,
  ZMachineRequestSchema,
  ZOptionRequestSchema,
  ZPartRequestSchema,
  ZStyleRequestSchema,
  ZSupplierRequestSchema,
  ZThreadRequestSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Principal } from "../../../platform/principal";
import { touchTabVersions } from "../../../platform/tab-versions";
import { applyStockCounts } from "../../inventory/stock.service";
import type { LibraryTable } from "../resource";
import { STYLE_TAB_KIND } from "../styles/composition";

/** What a row of text becomes: typed input for the resource's own request schema. */
export type Cell = (column: string) => string;
export type Problem = (column: string, message: string) => void;
/** Codes of the facility's library that rows may name (machine, option and style codes). */
export type Refs = {
  machines: Map<string, number>;
  options: Map<string, number>;
  styles: Map<string, number>;
  fabrics: Map<string, number>;
  parts: Map<string, number>;
};
type Req = Record<string, unknown>;

/** What every importable resource says: how a row of text becomes its request, and how rows are told apart. */
type CommonDef = {
  schema: z.ZodType;
  /** Request field → CSV column, for messages. */
  columnOf: Record<string, string>;
  toInput: (cell: Cell, refs: Refs, problem: Problem) => Req;
  /** The row's identity in the facility (lower-case code): the same key twice in a file is refused, an existing one updates. */
  keyOf: (req: Req) => string;
  /** The problem of a row whose key an earlier line of the file has. */
  twice: (req: Req, earlierLine: number) => { column: string; message: string };
};

/** A library table with a code per facility (most resources). */
export type RowsDef = CommonDef & {
  table: LibraryTable;
  codeColumn: PgColumn;
  /** Threads and BMC threads share a table. */
  filter?: SQL;
  /** The row's columns (factoryId added by the caller). */
  toRow: (req: Req, names: Map<string, number>) => Record<string, unknown>;
  /** Fabric types and part categories named by rows, made when missing. */
  named?: { field: string; table: LibraryTable & { name: PgColumn } };
  /** Link rows written after the rows (an attribute's options). */
  links?: (tx: HubTx, rows: { id: number; req: Req }[]) => Promise<void>;
};

/** Rows of another shape (style price tiers): they say which keys exist and write themselves. */
export type CustomDef = CommonDef & {
  existing: (tx: HubDb | HubTx, factoryId: number) => Promise<Set<string>>;
  /** `p` is who applies the file (rows that write ledgers name their actor). */
  write: (tx: HubTx, factoryId: number, rows: Req[], p: Principal) => Promise<{ created: number; updated: number }>;
};

export type ImportDef = RowsDef | CustomDef;

/** keyOf and twice of a resource identified by a code field. */
const byCode = (field: string) => ({
  keyOf: (req: Req) => String(req[field]).toLowerCase(),
  twice: (req: Req, earlier: number) => ({
    column: field,
    message: `The code ${String(req[field])} is already on line ${earlier}`,
  }),
});

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

const threadDef = (kind: "thread" | "bmc"): RowsDef => ({
  table: schema.threads,
  codeColumn: schema.threads.code,
  ...byCode("code"),
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
  toRow: (r) => ({
    kind,
    code: r.code,
    name: r.name,
    colorCode: r.colorCode,
    hexColor: r.hexColor,
    brand: r.brand,
    ticket: r.ticket,
  }),
});

/** Style price tiers: a style's tier from a quantity, added or its price updated. */
const tierKey = (styleId: unknown, minQuantity: unknown) => `${String(styleId)}:${String(minQuantity)}`;
const stylePriceTiers: CustomDef = {
  schema: ZImportStylePriceTierSchema,
  columnOf: { styleId: "styleCode", unitPriceCents: "unitPrice" },
  toInput: (cell, refs, problem) => {
    const code = cell("styleCode").trim();
    let styleId: number | null = null;
    if (code) {
      const id = refs.styles.get(code.toLowerCase());
      if (id === undefined) problem("styleCode", `There is no style with code "${code}"`);
      else styleId = id;
    }
    return {
      styleId,
      minQuantity: number(cell, "minQuantity", problem, true),
      unitPriceCents: cents(cell, "unitPrice", problem),
    };
  },
  keyOf: (req) => tierKey(req.styleId, req.minQuantity),
  twice: (req, earlier) => ({
    column: "minQuantity",
    message: `This style's tier from ${String(req.minQuantity)} pieces is already on line ${earlier}`,
  }),
  existing: async (tx, factoryId) => {
    const t = schema.stylePriceTiers;
    const rows = await tx
      .select({ styleId: t.styleId, minQuantity: t.minQuantity })
      .from(t)
      .innerJoin(schema.styles, eq(schema.styles.id, t.styleId))
      .where(eq(schema.styles.factoryId, factoryId));
    return new Set(rows.map((r) => tierKey(r.styleId, r.minQuantity)));
  },
  write: async (tx, factoryId, rows) => {
    const t = schema.stylePriceTiers;
    const before = await stylePriceTiers.existing(tx, factoryId);
    const updated = rows.filter((r) => before.has(tierKey(r.styleId, r.minQuantity))).length;
    for (let i = 0; i < rows.length; i += 1000) {
      const batch = rows.slice(i, i + 1000).map((r) => ({
        styleId: Number(r.styleId),
        minQuantity: Number(r.minQuantity),
        unitPriceCents: Number(r.unitPriceCents),
      }));
      await tx
        .insert(t)
        .values(batch)
        .onConflictDoUpdate({
          target: [t.styleId, t.minQuantity],
          set: { unitPriceCents: sql`excluded.unit_price_cents` },
        });
      await tx
        .update(schema.styles)
        .set({ updatedAt: new Date() })
        .where(
          and(
            eq(schema.styles.factoryId, factoryId),
            inArray(schema.styles.id, [...new Set(batch.map((r) => r.styleId))]),
          ),
        );
      // A Pricing tab open on these styles must reload rather than save over the imported tiers.
      await touchTabVersions(
        tx,
        STYLE_TAB_KIND,
        batch.map((r) => r.styleId),
        "pricing",
        "a CSV import",
      );
    }
    return { created: rows.length - updated, updated };
  },
};
/** Stock counts (inventory): per row an adjustment of the difference from the ledger, written when applied. */
const stockCounts: CustomDef = {
  schema: ZImportStockCountSchema,
  columnOf: { materialId: "code" },
  toInput: (cell, refs, problem) => {
    const kind = cell("materialKind").trim().toLowerCase();
    const code = cell("code").trim();
    let materialId: number | null = null;
    if (kind !== "fabric" && kind !== "part")
      problem("materialKind", `"${cell("materialKind")}" is not fabric or part`);
    else if (code) {
      const id = (kind === "fabric" ? refs.fabrics : refs.parts).get(code.toLowerCase());
      if (id === undefined) problem("code", `There is no ${kind} with code "${code}"`);
      else materialId = id;
    }
    return {
      materialKind: kind,
      materialId,
      countedQuantity: cell("countedQuantity"),
      reason: cell("reason").trim() || "Stock count",
    };
  },
  keyOf: (req) => `${String(req.materialKind)}:${String(req.materialId)}`,
  twice: (_req, earlier) => ({ column: "code", message: `This material is already counted on line ${earlier}` }),
  // Every row updates a stock item that exists (one per material).
  existing: async (tx, factoryId) => {
    const refs = await loadRefs(tx, factoryId);
    return new Set([
      ...[...refs.fabrics.values()].map((id) => `fabric:${id}`),
      ...[...refs.parts.values()].map((id) => `part:${id}`),
    ]);
  },
  write: async (tx, factoryId, rows, p) => ({
    created: 0,
    updated: await applyStockCounts(
      tx,
      p,
      factoryId,
      rows as { materialKind: "fabric" | "part"; materialId: number; countedQuantity: string; reason: string }[],
    ),
  }),
};

export const IMPORT_DEFS: Record<TImportResource, ImportDef> = {
  fabrics: {
    table: schema.fabrics,
    codeColumn: schema.fabrics.fabricCode,
    ...byCode("fabricCode"),
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
    ...byCode("partCode"),
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
    ...byCode("code"),
    schema: ZMachineRequestSchema,
    columnOf: {},
    toInput: (cell) => ({
      code: cell("code"),
      name: cell("name"),
      machineType: cell("machineType").trim(),
      make: cell("make"),
    }),
    toRow: (r) => ({ code: r.code, name: r.name, machineType: r.machineType, make: r.make }),
  },
  options: {
    table: schema.options,
    codeColumn: schema.options.code,
    ...byCode("code"),
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
    ...byCode("code"),
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
      return {
        code: cell("code"),
        name: cell("name"),
        hexColor: cell("hexColor"),
        sortOrder: number(cell, "sortOrder", problem, true) ?? 0,
        optionIds,
      };
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
        const links = batch.flatMap((r) =>
          [...new Set(r.req.optionIds as number[])].map((optionId) => ({
            optionId,
            attributeId: r.id,
            sortOrder: Number(r.req.sortOrder),
          })),
        );
        if (links.length > 0) await tx.insert(oa).values(links);
      }
    },
  },
  instructions: {
    table: schema.instructions,
    codeColumn: schema.instructions.code,
    ...byCode("code"),
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
    toRow: (r) => ({
      code: r.code,
      name: r.name,
      machineId: r.machineId,
      standardMinutes: r.standardMinutes,
      description: r.description,
    }),
  },
  styles: {
    table: schema.styles,
    codeColumn: schema.styles.code,
    ...byCode("code"),
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
  stylePriceTiers,
  stockCounts,
  // Inventory's suppliers (their fields only: materials and prices stay with /supplierDetails).
  suppliers: {
    table: schema.suppliers,
    codeColumn: schema.suppliers.code,
    ...byCode("code"),
    schema: ZSupplierRequestSchema,
    columnOf: {},
    toInput: (cell, _refs, problem) => ({
      code: cell("code"),
      name: cell("name"),
      contactName: cell("contactName"),
      email: cell("email"),
      phone: cell("phone"),
      leadTimeDays: number(cell, "leadTimeDays", problem, true) ?? undefined,
      currency: cell("currency").trim() || undefined,
      notes: cell("notes"),
      active: bool(cell, "active", problem, true),
    }),
    toRow: (r) => ({
      code: r.code,
      name: r.name,
      contactName: r.contactName,
      email: r.email,
      phone: r.phone,
      leadTimeDays: r.leadTimeDays,
      currency: r.currency,
      notes: r.notes,
      active: r.active,
    }),
  },
};

/** The facility's machine, option, style, fabric and part codes, for rows that name them. */
export const loadRefs = async (tx: HubDb | HubTx, factoryId: number): Promise<Refs> => {
  const m = schema.machines;
  const o = schema.options;
  const machines = await tx.select({ id: m.id, code: m.code }).from(m).where(eq(m.factoryId, factoryId));
  const options = await tx.select({ id: o.id, code: o.code }).from(o).where(eq(o.factoryId, factoryId));
  const styles = await tx
    .select({ id: schema.styles.id, code: schema.styles.code })
    .from(schema.styles)
    .where(eq(schema.styles.factoryId, factoryId));
  const fabrics = await tx
    .select({ id: schema.fabrics.id, code: schema.fabrics.fabricCode })
    .from(schema.fabrics)
    .where(eq(schema.fabrics.factoryId, factoryId));
  const parts = await tx
    .select({ id: schema.parts.id, code: schema.parts.partCode })
    .from(schema.parts)
    .where(eq(schema.parts.factoryId, factoryId));
  return {
    fabrics: new Map(fabrics.map((x) => [x.code.toLowerCase(), x.id])),
    parts: new Map(parts.map((x) => [x.code.toLowerCase(), x.id])),
    machines: new Map(machines.map((x) => [x.code.toLowerCase(), x.id])),
    options: new Map(options.map((x) => [x.code.toLowerCase(), x.id])),
    styles: new Map(styles.map((x) => [x.code.toLowerCase(), x.id])),
  };
};

/** Key → id of the rows the facility already has (id 0 for resources of another shape). */
export const existingKeys = async (
  tx: HubDb | HubTx,
  def: ImportDef,
  factoryId: number,
): Promise<Map<string, number>> => {
  if ("write" in def) return new Map([...(await def.existing(tx, factoryId))].map((k) => [k, 0]));
  const rows = await tx
    .select({ id: sql<number>`${def.table.id}`, code: sql<string>`lower(${def.codeColumn})` })
    .from(def.table)
    .where(and(eq(def.table.factoryId, factoryId), def.filter));
  return new Map(rows.map((r) => [r.code, Number(r.id)]));
};
