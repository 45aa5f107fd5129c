import { z } from "zod";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import { ZCodeSchema, ZLibraryRowMetaSchema, ZNameSchema, ZOptionalTextSchema, ZOwnerSchema } from "./common";

export const MACHINE_TYPES = [
  "Overlock",
  "Coverstitch",
  "Flatlock",
  "Single needle",
  "Double needle",
  "Bartack",
  "Buttonhole",
  "Button sew",
  "Zigzag",
  "Blind hem",
  "Cutting",
  "Pressing",
  "Other",
] as const;

export const ZMachineRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  code: ZCodeSchema,
  name: ZNameSchema,
  machineType: z.enum(MACHINE_TYPES, { error: "Choose a machine type" }),
  make: ZOptionalTextSchema(120),
});
export type TMachineRequest = z.infer<typeof ZMachineRequestSchema>;
export type TMachineRequestInput = z.input<typeof ZMachineRequestSchema>;

export const ZMachineSchema = ZLibraryRowMetaSchema.extend({
  code: zText(),
  name: zText(),
  machineType: zText(),
  make: zText().nullable(),
  instructionCount: z.number().int(),
}).meta({ id: "Machine" });
export type TMachine = z.infer<typeof ZMachineSchema>;
export const ZMachineDetailSchema = ZMachineSchema.extend({
  instructions: z.array(z.object({ id: z.number().int(), code: zText(), name: zText() })),
});
export type TMachineDetail = z.infer<typeof ZMachineDetailSchema>;
export const ZMachinePageSchema = pageOf(ZMachineSchema);
