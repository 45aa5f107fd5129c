import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zText, zTrimmed } from "../common/text";
import { ZStylePriceTierSchema } from "./style-composition";

/**
 * JAS Pricing (/jasPricing, issue 18): a client's price list, every style it is offered with its
 * base price, quantity breaks (the unit price from a quantity of the style on an order) and its
 * options' upcharges per piece: what order entry charges (orders/pricing.ts `priceLine`).
 */
export const ZPriceListQuerySchema = ZPageQuerySchema.extend({
  /** Facility users and internal admins name the client (an admin may rely on the session client). */
  clientId: ZIdSchema.optional(),
  searchString: zTrimmed(200).optional(),
});
export type TPriceListQuery = z.infer<typeof ZPriceListQuerySchema>;

export const ZPriceListStyleSchema = z.object({
  styleId: z.number().int(),
  styleCode: zText(),
  styleName: zText(),
  basePriceCents: z.number().int(),
  priceTiers: z.array(ZStylePriceTierSchema),
  options: z.array(
    z.object({
      optionId: z.number().int(),
      code: zText(),
      name: zText(),
      attributes: z.array(
        z.object({ attributeId: z.number().int(), code: zText(), name: zText(), upchargeCents: z.number().int() }),
      ),
    }),
  ),
});
export type TPriceListStyle = z.infer<typeof ZPriceListStyleSchema>;

export const ZPriceListPageSchema = pageOf(ZPriceListStyleSchema)
  .extend({ clientId: z.number().int(), clientName: zText() })
  .meta({ id: "PriceListPage" });
export type TPriceListPage = z.infer<typeof ZPriceListPageSchema>;

/** One CSV row per price: a style's base price and each break ("tier"), each attribute's upcharge ("upcharge"). */
export const PRICE_LIST_CSV_HEADER = [
  "styleCode",
  "styleName",
  "kind",
  "fromQuantity",
  "option",
  "attributeCode",
  "attributeName",
  "priceCents",
];
