import { z } from "zod";
import { ZDbIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import {
  ZCentsSchema,
  ZCodeSchema,
  ZDecimalSchema,
  ZHexColorSchema,
  ZLibraryRowMetaSchema,
  ZNameSchema,
  ZOptionalTextSchema,
  ZOwnerSchema,
  ZStockStateSchema,
} from "./common";

/** Fabrics, threads and parts: what a garment is made of. */

export const FABRIC_UNITS = ["yd", "m"] as const;
export const PART_UNITS = ["each", "m", "yd", "cm"] as const;
export const THREAD_KINDS = ["thread", "bmc"] as const;
export type TThreadKind = (typeof THREAD_KINDS)[number];

export const ZFabricRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  fabricCode: ZCodeSchema,
  fabricName: ZNameSchema,
  /** The fabric type by name (Jersey, French terry…); a new name adds the type. */
  fabricType: ZOptionalTextSchema(60),
  /** The free-text supplier: a label kept for materials bought from a supplier not in the inventory's list. */
  supplier: ZOptionalTextSchema(120),
  /** The inventory supplier (same facility) the material is bought from; picked from /supplierDetails' list. */
  supplierId: ZDbIdSchema.nullable().optional(),
  color: ZOptionalTextSchema(60),
  costCents: ZCentsSchema,
  unit: z.enum(FABRIC_UNITS, { error: "Choose yd or m" }),
  widthInches: ZDecimalSchema.nullable(),
  weightGsm: z.number().int("Must be a whole number").min(0, "Must not be negative").max(2000).nullable(),
});
export type TFabricRequest = z.infer<typeof ZFabricRequestSchema>;
export type TFabricRequestInput = z.input<typeof ZFabricRequestSchema>;

export const ZFabricSchema = ZLibraryRowMetaSchema.extend({
  fabricCode: zText(),
  fabricName: zText(),
  fabricType: zText().nullable(),
  supplier: zText().nullable(),
  supplierId: z.number().int().nullable(),
  /** The chosen inventory supplier's "code name", or null. */
  supplierName: zText().nullable(),
  color: zText().nullable(),
  costCents: z.number().int(),
  unit: zText(),
  widthInches: z.number().nullable(),
  weightGsm: z.number().int().nullable(),
})
  .extend(ZStockStateSchema.shape)
  .meta({ id: "Fabric" });
export type TFabric = z.infer<typeof ZFabricSchema>;
export const ZFabricDetailSchema = ZFabricSchema.extend({
  usedBy: z.array(z.object({ id: z.number().int(), code: zText(), name: zText() })),
});
export type TFabricDetail = z.infer<typeof ZFabricDetailSchema>;
export const ZFabricPageSchema = pageOf(ZFabricSchema);

export const ZThreadRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  code: ZCodeSchema,
  name: ZNameSchema,
  colorCode: zText().trim().min(1, "Colour code is required").max(40, "Too long"),
  hexColor: ZHexColorSchema,
  brand: ZOptionalTextSchema(60),
  ticket: ZOptionalTextSchema(20),
});
export type TThreadRequest = z.infer<typeof ZThreadRequestSchema>;
export type TThreadRequestInput = z.input<typeof ZThreadRequestSchema>;
export const ZThreadSchema = ZLibraryRowMetaSchema.extend({
  kind: z.enum(THREAD_KINDS),
  code: zText(),
  name: zText(),
  colorCode: zText(),
  hexColor: zText().nullable(),
  brand: zText().nullable(),
  ticket: zText().nullable(),
}).meta({ id: "Thread" });
export type TThread = z.infer<typeof ZThreadSchema>;
export const ZThreadPageSchema = pageOf(ZThreadSchema);

export const ZPartRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  partCode: ZCodeSchema,
  name: ZNameSchema,
  /** The part category by name (Zips, Labels, Elastic…); a new name adds the category. */
  category: ZOptionalTextSchema(60),
  /** The free-text supplier: a label kept for materials bought from a supplier not in the inventory's list. */
  supplier: ZOptionalTextSchema(120),
  /** The inventory supplier (same facility) the material is bought from; picked from /supplierDetails' list. */
  supplierId: ZDbIdSchema.nullable().optional(),
  costCents: ZCentsSchema,
  unit: z.enum(PART_UNITS, { error: "Choose a unit" }),
});
export type TPartRequest = z.infer<typeof ZPartRequestSchema>;
export type TPartRequestInput = z.input<typeof ZPartRequestSchema>;
export const ZPartSchema = ZLibraryRowMetaSchema.extend({
  partCode: zText(),
  name: zText(),
  category: zText().nullable(),
  supplier: zText().nullable(),
  supplierId: z.number().int().nullable(),
  /** The chosen inventory supplier's "code name", or null. */
  supplierName: zText().nullable(),
  costCents: z.number().int(),
  unit: zText(),
})
  .extend(ZStockStateSchema.shape)
  .meta({ id: "Part" });
export type TPart = z.infer<typeof ZPartSchema>;
export const ZPartDetailSchema = ZPartSchema.extend({
  usedBy: z.array(z.object({ id: z.number().int(), code: zText(), name: zText() })),
});
export type TPartDetail = z.infer<typeof ZPartDetailSchema>;
export const ZPartPageSchema = pageOf(ZPartSchema);

/** Names already used for fabric types and part categories, for the form's suggestions. */
export const ZNameListSchema = z.array(zText());
