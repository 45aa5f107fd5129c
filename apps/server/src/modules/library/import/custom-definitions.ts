/** The importable resources whose rows are not library rows with a code: style price tiers and stock counts. */
import { ZImportStockCountSchema, ZImportStylePriceTierSchema } from "@hub/contracts";
import { schema } from "@hub/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { touchTabVersions } from "../../../platform/tab-versions";
import { applyStockCounts } from "../../inventory/stock.service";
import { STYLE_TAB_KIND } from "../styles/composition";
import { cents, number } from "./cells";
import { loadRefs } from "./existing";
import type { CustomDef } from "./types";

/** Style price tiers: a style's tier from a quantity, added or its price updated. */
const tierKey = (styleId: unknown, minQuantity: unknown) => `${String(styleId)}:${String(minQuantity)}`;
export const stylePriceTiers: CustomDef = {
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
export const stockCounts: CustomDef = {
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
