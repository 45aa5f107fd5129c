import { z } from "zod";
import { ZDbIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import {
  INVENTORY_MESSAGES,
  ZInvCentsSchema,
  ZInvPageQuerySchema,
  ZMaterialKindSchema,
  ZMaterialQuantitySchema,
  ZQueryFlagSchema,
  zInvOptionalText,
  zInvText,
} from "./common";

/** Suppliers and the fabrics and parts they sell (issue 10, /supplierDetails). */

export const ZSupplierMaterialRequestSchema = z.object({
  materialKind: ZMaterialKindSchema,
  materialId: ZDbIdSchema,
  supplierCode: zInvOptionalText(80),
  priceCents: ZInvCentsSchema,
  /** The unit the price is per; the material's own unit when empty. */
  unit: zInvOptionalText(20),
  minOrderQty: ZMaterialQuantitySchema.default("0"),
});

export const ZSupplierRequestSchema = z.object({
  code: zInvText(40)
    .min(1, INVENTORY_MESSAGES.required)
    .regex(/^[A-Za-z0-9._-]*$/, "Code may hold letters, digits, dots, hyphens and underscores"),
  name: zInvText(120).min(1, INVENTORY_MESSAGES.required),
  contactName: zInvOptionalText(120),
  email: zInvText(254)
    .pipe(z.union([z.literal(""), z.email("Enter an email address")]))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  phone: zInvOptionalText(40),
  leadTimeDays: z
    .number({ error: "Enter a number of days" })
    .int("Must be a whole number")
    .min(0, "Must not be negative")
    .max(365, "At most 365 days")
    .default(0),
  currency: zInvText(3)
    .regex(/^[A-Z]{3}$/, INVENTORY_MESSAGES.currency)
    .default("USD"),
  notes: zInvOptionalText(2000),
  active: z.boolean().default(true),
  /** Internal admins may name the facility; facility users get their own. */
  factoryId: ZDbIdSchema.optional(),
  materials: z.array(ZSupplierMaterialRequestSchema).max(500, "At most 500 materials").default([]),
});
export type TSupplierRequest = z.input<typeof ZSupplierRequestSchema>;

export const ZSupplierListQuerySchema = ZInvPageQuerySchema.extend({ active: ZQueryFlagSchema });

export const ZSupplierSchema = z.object({
  id: z.number().int(),
  factoryId: z.number().int(),
  code: zText(),
  name: zText(),
  contactName: zText().nullable(),
  email: zText().nullable(),
  phone: zText().nullable(),
  leadTimeDays: z.number().int(),
  currency: zText(),
  active: z.boolean(),
  materialCount: z.number().int(),
});
export type TSupplier = z.infer<typeof ZSupplierSchema>;
export const ZSupplierPageSchema = pageOf(ZSupplierSchema);

export const ZSupplierMaterialSchema = z.object({
  id: z.number().int(),
  materialKind: ZMaterialKindSchema,
  materialId: z.number().int(),
  materialCode: zText(),
  materialName: zText(),
  supplierCode: zText().nullable(),
  priceCents: z.number().int(),
  unit: zText(),
  minOrderQty: zText(),
});

export const ZSupplierDetailSchema = ZSupplierSchema.extend({
  notes: zText().nullable(),
  materials: z.array(ZSupplierMaterialSchema),
});
export type TSupplierDetail = z.infer<typeof ZSupplierDetailSchema>;
