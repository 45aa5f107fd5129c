import { z } from "zod";
import { ZDbIdSchema } from "../common/ids";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import {
  ZCodeSchema,
  ZDecimalSchema,
  ZLibraryRowMetaSchema,
  ZNameSchema,
  ZOptionalTextSchema,
  ZOwnerSchema,
  ZSortOrderSchema,
} from "./common";

/** Instruction: one construction operation ("Overlock shoulder seams"), on a machine, in standard minutes. */
export const ZInstructionRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  code: ZCodeSchema,
  name: ZNameSchema,
  description: ZOptionalTextSchema(4000),
  machineId: ZDbIdSchema.nullable(),
  standardMinutes: ZDecimalSchema.max(600, "At most 600 minutes").nullable(),
});
export type TInstructionRequest = z.infer<typeof ZInstructionRequestSchema>;
export type TInstructionRequestInput = z.input<typeof ZInstructionRequestSchema>;

export const ZInstructionSchema = ZLibraryRowMetaSchema.extend({
  code: zText(),
  name: zText(),
  description: zText().nullable(),
  machineId: z.number().int().nullable(),
  machineName: zText().nullable(),
  standardMinutes: z.number().nullable(),
  imageCount: z.number().int(),
}).meta({ id: "Instruction" });
export type TInstruction = z.infer<typeof ZInstructionSchema>;
export const ZInstructionDetailSchema = ZInstructionSchema.extend({
  images: z.array(z.object({ id: z.number().int(), caption: zText(), hasFile: z.boolean() })),
});
export type TInstructionDetail = z.infer<typeof ZInstructionDetailSchema>;
export const ZInstructionPageSchema = pageOf(ZInstructionSchema);

/** An image of an instruction; the file itself is sent to /library/instructionImages/:id/file. */
export const ZInstructionImageRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  instructionId: ZDbIdSchema,
  caption: ZNameSchema,
  sortOrder: ZSortOrderSchema,
});
export type TInstructionImageRequest = z.infer<typeof ZInstructionImageRequestSchema>;
export type TInstructionImageRequestInput = z.input<typeof ZInstructionImageRequestSchema>;
export const ZInstructionImageSchema = ZLibraryRowMetaSchema.extend({
  instructionId: z.number().int(),
  instructionCode: zText(),
  instructionName: zText(),
  caption: zText(),
  sortOrder: z.number().int(),
  fileName: zText().nullable(),
  contentType: zText().nullable(),
  sizeBytes: z.number().int().nullable(),
}).meta({ id: "InstructionImage" });
export type TInstructionImage = z.infer<typeof ZInstructionImageSchema>;
export const ZInstructionImagePageSchema = pageOf(ZInstructionImageSchema);
/** Instruction images: PNG, JPEG or WebP up to 5 MB. */
export const INSTRUCTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
