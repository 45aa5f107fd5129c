import type {
  TCostLine,
  TCustomProductPrice,
  TCustomProductPriceRequest,
  TProductDetails,
  TProductPrice,
  TProductPriceRequest,
  TStyleComposition,
} from "@hub/contracts";
import { tierFor } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { badRequest } from "../../../platform/errors";
import type { Principal } from "../../../platform/principal";
import { readComposition, styles, type TStylePricing } from "./composition-read";

/**
 * Pricing of a style (spec 7 getProductPrice, getCustomProductPrice, getProductDetails), as plain
 * functions so order entry can price its lines the same way. Money is integer cents; a fractional
 * amount (1.2 yd × 525 ¢) is rounded once, per line.
 */

type Db = HubDb | HubTx;

/**
 * A quantity times a unit cost, in cents rounded half up once. Quantities are numeric(12,4), so
 * they are multiplied as whole ten-thousandths: 1.005 × 100 ¢ is 100.5 ¢ → 101, where the float
 * product 100.49999999999999 would round to 100.
 */
const centsOf = (quantity: number, unitCents: number) =>
  Math.round((Math.round(quantity * 10_000) * unitCents) / 10_000);

/** "XS, S, M, L, XL…" */
const listNames = (names: string[], max = 8) =>
  names.length > max ? `${names.slice(0, max).join(", ")}…` : names.join(", ");

/**
 * The variant a set of attribute ids names: exactly one offered attribute for every option the
 * style offers; a 400 on `attributeIds` otherwise. Answers the chosen attributes, option by option.
 */
export const chooseVariant = (composition: TStylePricing, attributeIds: readonly number[]) => {
  const wanted = new Set(attributeIds);
  const offered = new Set(composition.options.flatMap((x) => x.attributes.map((y) => y.attributeId)));
  const stray = [...wanted].filter((id) => !offered.has(id));
  const fail = (message: string): never => {
    throw badRequest(message, { attributeIds: message });
  };
  if (stray.length > 0) {
    fail(
      `${stray.length === 1 ? "Attribute" : "Attributes"} ${stray.join(", ")} ${stray.length === 1 ? "is" : "are"} not offered for ${composition.styleCode}.`,
    );
  }
  return composition.options.map((opt) => {
    const chosen = opt.attributes.filter((x) => wanted.has(x.attributeId));
    if (chosen.length === 0) fail(`Choose a ${opt.name}: ${listNames(opt.attributes.map((x) => x.name))}.`);
    if (chosen.length > 1) fail(`Choose only one ${opt.name} (${chosen.map((x) => x.name).join(", ")} were chosen).`);
    const [attribute] = chosen;
    if (!attribute) throw new Error("unreachable");
    return { optionId: opt.optionId, optionName: opt.name, ...attribute };
  });
};

/** The buyer's price of a variant at a quantity: the tier's unit price plus the chosen attributes' upcharges. */
export const priceOf = (
  composition: TStyleComposition,
  quantity: number,
  attributeIds: readonly number[],
): TProductPrice => {
  const chosen = chooseVariant(composition, attributeIds);
  const tier = tierFor(composition.basePriceCents, composition.priceTiers, quantity);
  const upchargeCents = chosen.reduce((sum, x) => sum + x.upchargeCents, 0);
  const unitPriceCents = tier.unitPriceCents + upchargeCents;
  return {
    styleId: composition.styleId,
    quantity,
    tierMinQuantity: tier.minQuantity,
    baseUnitPriceCents: tier.unitPriceCents,
    upchargeCents,
    unitPriceCents,
    totalCents: unitPriceCents * quantity,
    currency: "USD",
  };
};

/** getProductPrice: for any caller who may see the style (client users: styles offered to them). */
export const getProductPrice = async (db: Db, p: Principal, req: TProductPriceRequest): Promise<TProductPrice> =>
  priceOf(await readComposition(db, p, req.styleId), req.quantity, req.attributeIds);

/**
 * The cost build-up of a variant (fabrics and parts for every variant or for a chosen attribute,
 * plus the steps' standard minutes at the facility's labour rate) and the price at a margin:
 * unit price = cost / (1 − margin).
 */
export const costOf = (
  composition: TStyleComposition,
  quantity: number,
  attributeIds: readonly number[],
  marginPct: number,
): TCustomProductPrice => {
  const chosen = new Set(chooseVariant(composition, attributeIds).map((x) => x.attributeId));
  const applies = (attributeId: number | null) => attributeId === null || chosen.has(attributeId);
  const lines: TCostLine[] = [];
  for (const x of composition.fabrics.filter((r) => applies(r.attributeId))) {
    const unitCostCents = x.costCents ?? 0;
    lines.push({
      kind: "fabric",
      refId: x.fabricId,
      code: x.code,
      name: x.placement ? `${x.name} (${x.placement})` : x.name,
      quantity: x.consumption,
      unit: x.unit,
      unitCostCents,
      costCents: centsOf(x.consumption, unitCostCents),
    });
  }
  for (const x of composition.parts.filter((r) => applies(r.attributeId))) {
    const unitCostCents = x.costCents ?? 0;
    lines.push({
      kind: "part",
      refId: x.partId,
      code: x.code,
      name: x.name,
      quantity: x.quantity,
      unit: x.unit,
      unitCostCents,
      costCents: centsOf(x.quantity, unitCostCents),
    });
  }
  const rate = composition.labourCentsPerMinute ?? 0;
  // Minutes are numeric(12,4): sum them in ten-thousandths so 0.1 + 0.2 stays 0.3.
  const labourMinutes =
    composition.instructions.reduce((sum, x) => sum + Math.round((x.standardMinutes ?? 0) * 10_000), 0) / 10_000;
  const labourCents = centsOf(labourMinutes, rate);
  lines.push({
    kind: "labour",
    refId: composition.styleId,
    code: "LABOUR",
    name: `Sewing, ${composition.instructions.length} ${composition.instructions.length === 1 ? "step" : "steps"}`,
    quantity: labourMinutes,
    unit: "min",
    unitCostCents: rate,
    costCents: labourCents,
  });
  const fabricCents = lines.filter((l) => l.kind === "fabric").reduce((sum, l) => sum + l.costCents, 0);
  const partCents = lines.filter((l) => l.kind === "part").reduce((sum, l) => sum + l.costCents, 0);
  const unitCostCents = fabricCents + partCents + labourCents;
  // cost / (1 − m/100) = cost × 100 / (100 − m), computed on cents and rounded once.
  const unitPriceCents = Math.round((unitCostCents * 100) / (100 - marginPct));
  return {
    styleId: composition.styleId,
    quantity,
    marginPct,
    fabricCents,
    partCents,
    labourMinutes,
    labourCentsPerMinute: rate,
    labourCents,
    unitCostCents,
    unitPriceCents,
    totalCents: unitPriceCents * quantity,
    currency: "USD",
    lines,
  };
};

/** getCustomProductPrice: the facility's own cost-plus price (never for client users: it shows costs). */
export const getCustomProductPrice = async (
  db: Db,
  p: Principal,
  req: TCustomProductPriceRequest,
): Promise<TCustomProductPrice> =>
  costOf(await readComposition(db, p, req.styleId), req.quantity, req.attributeIds, req.marginPct);

/** getProductDetails: the style as a buyer sees it, with its options, price table and stock. */
export const getProductDetails = async (db: Db, p: Principal, styleId: number): Promise<TProductDetails> => {
  const row = await styles.getRow(db, p, styleId);
  const composition = await readComposition(db, p, styleId);
  const short = (r: { attributeId: number | null; outOfStock: boolean }) => r.outOfStock;
  const materials = [...composition.fabrics, ...composition.parts];
  const outOfStockFor = new Set(materials.filter((r) => short(r) && r.attributeId !== null).map((r) => r.attributeId));
  return {
    styleId: composition.styleId,
    code: composition.styleCode,
    name: composition.styleName,
    category: String(row.category),
    description: (row.description as string | null) ?? null,
    imageUrl: (row.imageUrl as string | null) ?? null,
    basePriceCents: composition.basePriceCents,
    currency: "USD",
    options: composition.options.map((opt) => ({
      optionId: opt.optionId,
      code: opt.code,
      name: opt.name,
      attributes: opt.attributes.map((x) => ({ ...x, outOfStock: outOfStockFor.has(x.attributeId) })),
    })),
    priceTiers: [{ minQuantity: 1, unitPriceCents: composition.basePriceCents }, ...composition.priceTiers],
    outOfStock: materials.some((r) => short(r) && r.attributeId === null),
  };
};
