import { z } from "zod";
import { ZDbIdSchema } from "../common/ids";
import { pageOf, ZPageQuerySchema } from "../common/paging";
import { zOptionalText, zText, zTrimmed } from "../common/text";
import { ZDateSchema, ZMoneySchema } from "./orders";

/** A facility's coupons (issue 10): percent (basis points) or amount off, for one client or all. */

/* Coupons */

export const ZCouponRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, "Required")
      .max(40, "At most 40 characters")
      .regex(/^[A-Za-z0-9._-]+$/, "Letters, digits, dots, hyphens and underscores"),
    description: zOptionalText(200),
    percentOffBp: z.number().int("Whole basis points").min(1).max(10_000, "At most 10000 (100 %)").optional(),
    amountOffCents: ZMoneySchema.min(1, "Must be more than zero").optional(),
    validFrom: ZDateSchema.optional(),
    validTo: ZDateSchema.optional(),
    usageLimit: z.number().int().min(1).max(10_000_000).optional(),
    clientId: ZDbIdSchema.optional(),
    factoryId: ZDbIdSchema.optional(),
    active: z.boolean().default(true),
  })
  .refine((c) => (c.percentOffBp === undefined) !== (c.amountOffCents === undefined), {
    message: "Give either a percent off or an amount off",
    path: ["percentOffBp"],
  })
  .refine((c) => !c.validFrom || !c.validTo || c.validFrom <= c.validTo, {
    message: "Must not be before the start date",
    path: ["validTo"],
  });
export type TCouponRequest = z.infer<typeof ZCouponRequestSchema>;

export const ZCouponSchema = z
  .object({
    id: z.number().int(),
    factoryId: z.number().int(),
    code: zText(),
    description: zText().nullable(),
    percentOffBp: z.number().int().nullable(),
    amountOffCents: z.number().int().nullable(),
    validFrom: zText().nullable(),
    validTo: zText().nullable(),
    usageLimit: z.number().int().nullable(),
    usedCount: z.number().int(),
    clientId: z.number().int().nullable(),
    active: z.boolean(),
  })
  .meta({ id: "Coupon" });
export type TCoupon = z.infer<typeof ZCouponSchema>;
export const ZCouponPageSchema = pageOf(ZCouponSchema);
export const ZCouponListQuerySchema = ZPageQuerySchema.extend({ searchString: zTrimmed(200).optional() });
