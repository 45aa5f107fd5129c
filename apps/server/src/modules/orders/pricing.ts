import { ORDER_MESSAGES, type TOrderLineInput, type TPricedLine, tierFor } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { HttpError } from "../../platform/errors";
import { decodeSku } from "../library/sku-maps/decode";
import { readPricings, type TStylePricing } from "../library/styles/composition-read";
import { chooseVariant } from "../library/styles/pricing";
import { clientView, facilityView, type OrderClient } from "./scope";

/**
 * Order lines: resolving what a person or a store typed (a SKU, a style id + attribute ids, or a
 * style code + attribute codes) into a style the client is offered and one attribute per option,
 * then pricing them with the library's own functions. The tier is chosen by the order's total
 * quantity of each style (docs/adr/0003-orders.md).
 */

/** Orders above this are refused (a line or total must fit the integer columns, and no order is this big). */
export const MAX_ORDER_CENTS = 1_000_000_000;

export type LineProblem = { index: number; field: string; message: string };
export type ResolvedLine = {
  index: number;
  composition: TStylePricing;
  attributeIds: number[];
  sku: string | null;
  quantity: number;
};

type Db = HubDb | HubTx;

/**
 * The styles an order's client is offered, read as the client sees them and kept for the request:
 * `load` reads every style of an order at once (four queries, whatever their number), `get` one.
 */
export class Compositions {
  private readonly cache = new Map<number, TStylePricing | null>();
  constructor(
    private readonly db: Db,
    private readonly clientId: number,
  ) {}
  async load(styleIds: readonly number[]): Promise<void> {
    const missing = [...new Set(styleIds)].filter((id) => !this.cache.has(id));
    if (missing.length === 0) return;
    const found = await readPricings(this.db, clientView(this.clientId), missing);
    for (const id of missing) this.cache.set(id, found.get(id) ?? null);
  }
  /** The style as the order's client sees it, or null when it is not offered to that client. */
  async get(styleId: number): Promise<TStylePricing | null> {
    await this.load([styleId]);
    return this.cache.get(styleId) ?? null;
  }
}

/** Attribute codes → the attribute ids the style offers (case-insensitive); a reason when one does not match. */
export const attributeIdsFor = (composition: TStylePricing, codes: readonly string[]): number[] | string => {
  const ids: number[] = [];
  for (const code of codes) {
    const hits = composition.options.flatMap((opt) =>
      opt.attributes.filter((a) => a.code.toLowerCase() === code.toLowerCase()).map((a) => a.attributeId),
    );
    if (hits.length === 0) return `"${code}" is not an attribute ${composition.styleCode} offers.`;
    if (hits.length > 1) return `"${code}" names an attribute of more than one option of ${composition.styleCode}.`;
    ids.push(hits[0] as number);
  }
  return ids;
};

const notOffered = (what: string) => `${what} is not offered to this client.`;

/** Every line resolved, or its problem (index, field, reason); nothing is written. */
export const resolveLines = async (
  db: HubDb,
  client: OrderClient,
  lines: readonly TOrderLineInput[],
  compositions: Compositions,
): Promise<{ resolved: ResolvedLine[]; problems: LineProblem[] }> => {
  const resolved: ResolvedLine[] = [];
  const problems: LineProblem[] = [];
  // First the style of every line: given, by code (one query for all codes) or by SKU.
  const codes = [...new Set(lines.flatMap((l) => (l.styleCode !== undefined ? [l.styleCode.toLowerCase()] : [])))];
  const s = schema.styles;
  const byCode = new Map(
    (codes.length
      ? await db
          .select({ id: s.id, code: sql<string>`lower(${s.code})` })
          .from(s)
          .where(and(eq(s.factoryId, client.factoryId), inArray(sql`lower(${s.code})`, codes)))
      : []
    ).map((r) => [r.code, r.id]),
  );
  type Found = { index: number; line: TOrderLineInput; styleId: number; attributeIds: number[] | undefined };
  const found: Found[] = [];
  for (const [index, line] of lines.entries()) {
    const problem = (field: string, message: string) => problems.push({ index, field, message });
    if (line.sku !== undefined) {
      const decoded = await decodeSku(db, facilityView(client.factoryId), line.sku);
      if (!decoded.matched) problem("sku", decoded.reasons.join(" "));
      else
        found.push({ index, line, styleId: decoded.style.id, attributeIds: decoded.choices.map((c) => c.attributeId) });
    } else if (line.styleCode !== undefined) {
      const id = byCode.get(line.styleCode.toLowerCase());
      if (id === undefined) problem("styleCode", notOffered(`Style ${line.styleCode}`));
      else found.push({ index, line, styleId: id, attributeIds: line.attributeIds });
    } else if (line.styleId !== undefined) {
      found.push({ index, line, styleId: line.styleId, attributeIds: line.attributeIds });
    }
  }
  // Then every style at once, as the client sees it, and each line checked against its style.
  await compositions.load(found.map((f) => f.styleId));
  for (const { index, line, styleId, attributeIds: given } of found) {
    let attributeIds = given;
    const problem = (field: string, message: string) => problems.push({ index, field, message });
    const composition = await compositions.get(styleId);
    if (!composition) {
      problem(
        line.styleCode !== undefined ? "styleCode" : line.sku !== undefined ? "sku" : "styleId",
        notOffered("This style"),
      );
      continue;
    }
    if (line.attributeCodes !== undefined && line.sku === undefined) {
      const ids = attributeIdsFor(composition, line.attributeCodes);
      if (typeof ids === "string") {
        problem("attributeCodes", ids);
        continue;
      }
      attributeIds = [...(attributeIds ?? []), ...ids];
    }
    try {
      chooseVariant(composition, attributeIds ?? []);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // A SKU that decodes to an incomplete variant is the SKU's problem: the line has no attribute fields.
      problem(
        line.sku !== undefined ? "sku" : line.attributeCodes !== undefined ? "attributeCodes" : "attributeIds",
        error.message,
      );
      continue;
    }
    resolved.push({
      index,
      composition,
      attributeIds: attributeIds ?? [],
      sku: line.sku ?? null,
      quantity: line.quantity,
    });
  }
  return { resolved, problems };
};

/** One line's price at a tier quantity: the tier's unit price and the chosen attributes' upcharges. */
export const priceLine = (
  composition: TStylePricing,
  attributeIds: readonly number[],
  quantity: number,
  tierQuantity: number,
  sku: string | null,
  index: number,
): TPricedLine => {
  const chosen = chooseVariant(composition, attributeIds);
  const tier = tierFor(composition.basePriceCents, composition.priceTiers, tierQuantity);
  const upchargeCents = chosen.reduce((sum, x) => sum + x.upchargeCents, 0);
  const options = chosen.map((x) => ({
    optionCode: composition.options.find((o) => o.optionId === x.optionId)?.code ?? "",
    optionName: x.optionName,
    attributeId: x.attributeId,
    attributeCode: x.code,
    attributeName: x.name,
    upchargeCents: x.upchargeCents,
  }));
  return {
    index,
    styleId: composition.styleId,
    styleCode: composition.styleCode,
    styleName: composition.styleName,
    sku: sku ?? [composition.styleCode, ...options.map((o) => o.attributeCode)].join("-"),
    options,
    quantity,
    tierMinQuantity: tier.minQuantity,
    unitPriceCents: tier.unitPriceCents,
    upchargeCents,
    lineTotalCents: (tier.unitPriceCents + upchargeCents) * quantity,
  };
};

/** Prices resolved lines; the tier of each style is chosen by the order's total quantity of that style. */
export const priceLines = (resolved: readonly ResolvedLine[]): TPricedLine[] => {
  const perStyle = new Map<number, number>();
  for (const l of resolved)
    perStyle.set(l.composition.styleId, (perStyle.get(l.composition.styleId) ?? 0) + l.quantity);
  return resolved.map((l) =>
    priceLine(
      l.composition,
      l.attributeIds,
      l.quantity,
      perStyle.get(l.composition.styleId) ?? l.quantity,
      l.sku,
      l.index,
    ),
  );
};

export type CouponRow = typeof schema.coupons.$inferSelect;

/** The discount a coupon gives on a subtotal: basis points rounded down once, or the amount, never beyond the subtotal. */
export const discountOf = (coupon: Pick<CouponRow, "percentOffBp" | "amountOffCents">, subtotalCents: number) => {
  if (coupon.percentOffBp !== null) return Math.floor((subtotalCents * coupon.percentOffBp) / 10_000);
  return Math.min(coupon.amountOffCents ?? 0, subtotalCents);
};

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The coupon a code names for this client, or why it cannot be used. */
export const checkCoupon = async (
  db: Db,
  client: OrderClient,
  code: string,
): Promise<{ coupon: CouponRow; reason: null } | { coupon: CouponRow | null; reason: string }> => {
  const k = schema.coupons;
  const [coupon] = await db
    .select()
    .from(k)
    .where(and(eq(k.factoryId, client.factoryId), sql`lower(${k.code}) = lower(${code})`));
  if (!coupon) return { coupon: null, reason: ORDER_MESSAGES.couponUnknown };
  const today = todayUtc();
  if (coupon.clientId !== null && coupon.clientId !== client.clientId)
    return { coupon, reason: ORDER_MESSAGES.couponOtherClient };
  if (!coupon.active) return { coupon, reason: ORDER_MESSAGES.couponInactive };
  if (coupon.validFrom && today < coupon.validFrom) return { coupon, reason: ORDER_MESSAGES.couponNotYet };
  if (coupon.validTo && today > coupon.validTo) return { coupon, reason: ORDER_MESSAGES.couponExpired };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return { coupon, reason: ORDER_MESSAGES.couponUsedUp };
  return { coupon, reason: null };
};
