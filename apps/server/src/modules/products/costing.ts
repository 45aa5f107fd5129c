import type { TBomRow, TColorwayCosting, TEstimatesData } from "@hub/contracts";

/**
 * Costing of a tech pack (the Estimates tab), a pure function of the BOM and the estimate's
 * inputs, so it follows every BOM change. All money is integer cents; a BOM quantity is a decimal
 * string multiplied exactly (BigInt, ten-thousandths) and rounded half up once per line.
 *
 *   line           = quantity × unit cost (the colourway's variant cost, else the row's cost)
 *   materials      = Σ lines
 *   duty           = (materials + labour + overheads) × duty bps / 10,000
 *   landed         = materials + labour + overheads + duty + freight
 *   price          = landed / (1 − margin)            (margin in bps of the price)
 *   at quantity q  = unit landed + setup / q, priced the same way
 */

export type CostingRow = TBomRow & { tab: string; itemCode: string; itemName: string };
export type VariantCosts = ReadonlyMap<number, number | null>;

/** quantity (decimal string, ≤ 4 places) × cents, rounded half up to whole cents. */
export const lineCents = (quantity: string, unitCents: number): number => {
  const [whole, frac = ""] = quantity.split(".");
  const scaled = BigInt(whole ?? "0") * 10_000n + BigInt(`${frac}0000`.slice(0, 4));
  const product = scaled * BigInt(unitCents);
  return Number((product + 5_000n) / 10_000n);
};

/** a × bps / 10,000, rounded half up. */
export const bpsOf = (cents: number, bps: number): number => Math.floor((cents * bps + 5_000) / 10_000);

/** The price that leaves `marginBps` of it as margin, rounded up to a whole cent. */
export const priceForMargin = (landedCents: number, marginBps: number): number =>
  marginBps >= 10_000 ? landedCents : Math.ceil((landedCents * 10_000) / (10_000 - marginBps));

/** The unit cost of a row in one colourway: its variant's cost when the cell picks a costed variant. */
export const unitCostOf = (row: TBomRow, colorwayKey: string, variantCosts: VariantCosts): number => {
  const variantId = row.cells[colorwayKey]?.variantId;
  const variantCost = variantId ? variantCosts.get(variantId) : null;
  return variantCost ?? row.costCents;
};

export const costColorway = (
  key: string,
  name: string,
  rows: readonly CostingRow[],
  est: TEstimatesData,
  variantCosts: VariantCosts,
): TColorwayCosting => {
  const lines = rows.map((r) => {
    const unitCostCents = unitCostOf(r, key, variantCosts);
    return {
      tab: r.tab,
      itemCode: r.itemCode,
      itemName: r.itemName,
      quantity: r.quantity,
      unitCostCents,
      costCents: lineCents(r.quantity, unitCostCents),
    };
  });
  const materialsCents = lines.reduce((s, l) => s + l.costCents, 0);
  const dutyCents = bpsOf(materialsCents + est.labourCents + est.overheadCents, est.dutyBps);
  const landedCents = materialsCents + est.labourCents + est.overheadCents + dutyCents + est.freightCents;
  const priceCents = priceForMargin(landedCents, est.marginBps);
  return {
    key,
    name,
    lines,
    materialsCents,
    labourCents: est.labourCents,
    overheadCents: est.overheadCents,
    dutyCents,
    freightCents: est.freightCents,
    landedCents,
    priceCents,
    marginCents: priceCents - landedCents,
    byQuantity: est.quantities.map((quantity) => {
      const unitLandedCents = landedCents + Math.ceil(est.setupCents / quantity);
      const unitPriceCents = priceForMargin(unitLandedCents, est.marginBps);
      return { quantity, unitLandedCents, unitPriceCents, totalPriceCents: unitPriceCents * quantity };
    }),
  };
};

/** One costing per colourway (or one "All colourways" column when there are none). */
export const costTechPack = (
  colorways: readonly { key: string; name: string }[],
  rows: readonly CostingRow[],
  est: TEstimatesData,
  variantCosts: VariantCosts,
): TColorwayCosting[] =>
  (colorways.length > 0 ? colorways : [{ key: "", name: "All colourways" }]).map((c) =>
    costColorway(c.key, c.name, rows, est, variantCosts),
  );
