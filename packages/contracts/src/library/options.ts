import { z } from "zod";
import { ZDbIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import {
  ZCodeSchema,
  ZHexColorSchema,
  ZLibraryRowMetaSchema,
  ZNameSchema,
  ZOwnerSchema,
  ZSortOrderSchema,
} from "./common";

/** Option: a dimension a buyer chooses (Size, Colour, Fit); its values are attributes. */
export const ZOptionRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  code: ZCodeSchema,
  name: ZNameSchema,
  sortOrder: ZSortOrderSchema,
  /** The attributes that are values of this option, in order (option-attribute links). */
  attributeIds: z.array(ZDbIdSchema).max(500),
});
export type TOptionRequest = z.infer<typeof ZOptionRequestSchema>;
export type TOptionRequestInput = z.input<typeof ZOptionRequestSchema>;

const ZRef = z.object({ id: z.number().int(), code: zText(), name: zText() });

export const ZOptionSchema = ZLibraryRowMetaSchema.extend({
  code: zText(),
  name: zText(),
  sortOrder: z.number().int(),
  attributeCount: z.number().int(),
}).meta({ id: "Option" });
export type TOption = z.infer<typeof ZOptionSchema>;
export const ZOptionDetailSchema = ZOptionSchema.extend({
  attributes: z.array(ZRef),
  attributeIds: z.array(z.number().int()),
});
export type TOptionDetail = z.infer<typeof ZOptionDetailSchema>;
export const ZOptionPageSchema = pageOf(ZOptionSchema);

/** Attribute: one value of an option (M, Black, Slim). */
export const ZAttributeRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  code: ZCodeSchema,
  name: ZNameSchema,
  hexColor: ZHexColorSchema,
  sortOrder: ZSortOrderSchema,
  /** The options this attribute is a value of. */
  optionIds: z.array(ZDbIdSchema).max(50),
});
export type TAttributeRequest = z.infer<typeof ZAttributeRequestSchema>;
export type TAttributeRequestInput = z.input<typeof ZAttributeRequestSchema>;

export const ZAttributeSchema = ZLibraryRowMetaSchema.extend({
  code: zText(),
  name: zText(),
  hexColor: zText().nullable(),
  sortOrder: z.number().int(),
  optionNames: zText(),
}).meta({ id: "Attribute" });
export type TAttribute = z.infer<typeof ZAttributeSchema>;
export const ZAttributeDetailSchema = ZAttributeSchema.extend({
  options: z.array(ZRef),
  optionIds: z.array(z.number().int()),
});
export type TAttributeDetail = z.infer<typeof ZAttributeDetailSchema>;
export const ZAttributePageSchema = pageOf(ZAttributeSchema);
