import { z } from "zod";
import { ZDbIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import {
  ZCentsSchema,
  ZCodeSchema,
  ZDecimalSchema,
  ZLibraryRowMetaSchema,
  ZNameSchema,
  ZOptionalTextSchema,
  ZOwnerSchema,
} from "./common";

/** Style: a garment the factory makes to order (TEE-100 Classic tee). */
export const STYLE_CATEGORIES = [
  "Tees",
  "Tanks",
  "Long sleeves",
  "Hoodies",
  "Sweatshirts",
  "Joggers",
  "Shorts",
  "Leggings",
  "Dresses",
  "Skirts",
  "Jackets",
  "Accessories",
] as const;

export const ZStyleRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  code: ZCodeSchema,
  name: ZNameSchema,
  category: zText().trim().min(1, "Category is required").max(60, "Too long"),
  description: ZOptionalTextSchema(4000),
  basePriceCents: ZCentsSchema,
  offeredToAll: z.boolean(),
  /** When not offered to all: the clients that may see and order it. */
  clientIds: z.array(ZDbIdSchema).max(1000),
  imageUrl: zText()
    .trim()
    .max(500, "Too long")
    .regex(/^(https?:\/\/\S+)?$/, "Image must be an http(s) address")
    .nullable()
    .transform((v) => (v === "" ? null : v)),
});
export type TStyleRequest = z.infer<typeof ZStyleRequestSchema>;
export type TStyleRequestInput = z.input<typeof ZStyleRequestSchema>;

export const ZStyleSchema = ZLibraryRowMetaSchema.extend({
  code: zText(),
  name: zText(),
  category: zText(),
  description: zText().nullable(),
  basePriceCents: z.number().int(),
  offeredToAll: z.boolean(),
  imageUrl: zText().nullable(),
  optionCount: z.number().int(),
}).meta({ id: "Style" });
export type TStyle = z.infer<typeof ZStyleSchema>;
export const ZStyleDetailSchema = ZStyleSchema.extend({
  clientIds: z.array(z.number().int()),
  clients: z.array(z.object({ id: z.number().int(), label: zText() })),
});
export type TStyleDetail = z.infer<typeof ZStyleDetailSchema>;
export const ZStylePageSchema = pageOf(ZStyleSchema);

/** Marker: the cutting layout of a style for a size range. */
export const ZStyleMarkerRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  styleId: ZDbIdSchema,
  name: ZNameSchema,
  sizeRange: zText().trim().min(1, "Size range is required").max(60, "Too long"),
  lengthInches: ZDecimalSchema.positive("Must be more than zero"),
  widthInches: ZDecimalSchema.positive("Must be more than zero"),
  efficiencyPct: ZDecimalSchema.max(100, "At most 100").nullable(),
});
export type TStyleMarkerRequest = z.infer<typeof ZStyleMarkerRequestSchema>;
export type TStyleMarkerRequestInput = z.input<typeof ZStyleMarkerRequestSchema>;
export const ZStyleMarkerSchema = ZLibraryRowMetaSchema.extend({
  styleId: z.number().int(),
  styleCode: zText(),
  styleName: zText(),
  name: zText(),
  sizeRange: zText(),
  lengthInches: z.number(),
  widthInches: z.number(),
  efficiencyPct: z.number().nullable(),
}).meta({ id: "StyleMarker" });
export type TStyleMarker = z.infer<typeof ZStyleMarkerSchema>;
export const ZStyleMarkerPageSchema = pageOf(ZStyleMarkerSchema);
