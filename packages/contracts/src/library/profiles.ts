import { z } from "zod";
import { ZDbIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import { ZDecimalSchema, ZLibraryRowMetaSchema, ZNameSchema, ZOptionalTextSchema, ZOwnerSchema } from "./common";

/**
 * Profiles are named sets kept once and used by many styles: an attribute profile (a size run or a
 * colour card) linked to styles, a part profile (hoodie trims), an instruction profile (the steps
 * of a basic tee).
 */
const ZProfileBase = z.object({ factoryId: ZOwnerSchema, name: ZNameSchema, description: ZOptionalTextSchema(1000) });
const ZProfileRow = ZLibraryRowMetaSchema.extend({
  name: zText(),
  description: zText().nullable(),
  memberCount: z.number().int(),
});
const ZMember = z.object({ id: z.number().int(), label: zText() });

export const ZAttributeProfileRequestSchema = ZProfileBase.extend({
  attributeIds: z.array(ZDbIdSchema).max(500),
  styleIds: z.array(ZDbIdSchema).max(5000),
});
export type TAttributeProfileRequest = z.infer<typeof ZAttributeProfileRequestSchema>;
export type TAttributeProfileRequestInput = z.input<typeof ZAttributeProfileRequestSchema>;
export const ZAttributeProfileSchema = ZProfileRow.extend({ styleCount: z.number().int() }).meta({
  id: "AttributeProfile",
});
export type TAttributeProfile = z.infer<typeof ZAttributeProfileSchema>;
export const ZAttributeProfileDetailSchema = ZAttributeProfileSchema.extend({
  attributeIds: z.array(z.number().int()),
  styleIds: z.array(z.number().int()),
  attributes: z.array(ZMember),
  styles: z.array(ZMember),
});
export type TAttributeProfileDetail = z.infer<typeof ZAttributeProfileDetailSchema>;
export const ZAttributeProfilePageSchema = pageOf(ZAttributeProfileSchema);

export const ZPartProfileRequestSchema = ZProfileBase.extend({
  parts: z
    .array(z.object({ partId: ZDbIdSchema, quantity: ZDecimalSchema.positive("Must be more than zero") }))
    .max(200)
    .refine((rows) => new Set(rows.map((r) => r.partId)).size === rows.length, "Each part may appear once"),
});
export type TPartProfileRequest = z.infer<typeof ZPartProfileRequestSchema>;
export type TPartProfileRequestInput = z.input<typeof ZPartProfileRequestSchema>;
export const ZPartProfileSchema = ZProfileRow.meta({ id: "PartProfile" });
export type TPartProfile = z.infer<typeof ZPartProfileSchema>;
export const ZPartProfileDetailSchema = ZPartProfileSchema.extend({
  parts: z.array(z.object({ partId: z.number().int(), label: zText(), quantity: z.number() })),
});
export type TPartProfileDetail = z.infer<typeof ZPartProfileDetailSchema>;
export const ZPartProfilePageSchema = pageOf(ZPartProfileSchema);

export const ZInstructionProfileRequestSchema = ZProfileBase.extend({
  /** The instructions in step order. */
  instructionIds: z.array(ZDbIdSchema).max(300),
});
export type TInstructionProfileRequest = z.infer<typeof ZInstructionProfileRequestSchema>;
export type TInstructionProfileRequestInput = z.input<typeof ZInstructionProfileRequestSchema>;
export const ZInstructionProfileSchema = ZProfileRow.meta({ id: "InstructionProfile" });
export type TInstructionProfile = z.infer<typeof ZInstructionProfileSchema>;
export const ZInstructionProfileDetailSchema = ZInstructionProfileSchema.extend({
  instructionIds: z.array(z.number().int()),
  instructions: z.array(ZMember),
});
export type TInstructionProfileDetail = z.infer<typeof ZInstructionProfileDetailSchema>;
export const ZInstructionProfilePageSchema = pageOf(ZInstructionProfileSchema);
