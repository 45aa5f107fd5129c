import type { z } from "zod";
import { ZProductFieldsSchema, ZProductSchema } from "../../products";
import { tabBase, tabRequest } from "./parts";

/** editProductDetails: the product's own fields (kept per version, mirrored on the product row). */
export const ZProductDetailsTabSchema = tabBase
  .extend(
    ZProductSchema.pick({
      code: true,
      name: true,
      status: true,
      season: true,
      category: true,
      collection: true,
      batch: true,
      fit: true,
      description: true,
      tags: true,
      targetCostCents: true,
      targetPriceCents: true,
    }).shape,
  )
  .meta({ id: "TechPackProductDetailsTab" });
export type TProductDetailsTab = z.infer<typeof ZProductDetailsTabSchema>;
export const ZProductDetailsRequestSchema = ZProductFieldsSchema.extend(tabRequest);
