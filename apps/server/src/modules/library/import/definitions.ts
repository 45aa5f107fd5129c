import {
  type TImportResource,
  ZAttributeRequestSchema,
  ZFabricRequestSchema,
  ZInstructionRequestSchema,
  ZMachineRequestSchema,
  ZOptionRequestSchema,
  ZPartRequestSchema,
  ZStyleRequestSchema,
  ZSupplierRequestSchema,
  ZThreadRequestSchema,
} from "@hub/contracts";
import { schema } from "@hub/db";
import { eq, inArray } from "drizzle-orm";
import { bool, byCode, cents, number } from "./cells";
import { stockCounts, stylePriceTiers } from "./custom-definitions";
import type { ImportDef, RowsDef } from "./types";

/**
 * How each importable resource's CSV rows become its requests and rows. The types are in types.ts,
 * the cell readers in cells.ts, price tiers and stock counts in custom-definitions.ts, and what the
 * facility already has in existing.ts.
 */

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
