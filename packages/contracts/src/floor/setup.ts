import { z } from "zod";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import { ZOwnerSchema } from "../library/common";

/** The floor's managed lists (resource engine, facility owned): stations and QC reason codes. */

export const STATION_KINDS = ["cutter", "print", "sew", "qc", "pack"] as const;
export type TStationKind = (typeof STATION_KINDS)[number];
export const STATION_KIND_LABELS: Record<TStationKind, string> = {
  cutter: "Cutter",
  print: "Print",
  sew: "Sew",
  qc: "QC",
  pack: "Pack-out",
};

export const QC_DEFAULT_ACTIONS = ["recut", "redo"] as const;

const code = zText().trim().min(1, "Enter a code").max(40, "At most 40 characters");
const name = zText().trim().min(1, "Enter a name").max(120, "At most 120 characters");

export const ZStationRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  code,
  name,
  kind: z.enum(STATION_KINDS, { error: "Choose a kind" }),
  isPress: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type TStationRequest = z.infer<typeof ZStationRequestSchema>;
export type TStationRequestInput = z.input<typeof ZStationRequestSchema>;

export const ZStationSchema = z
  .object({
    id: z.number().int(),
    factoryId: z.number().int(),
    updatedAt: z.iso.datetime({ offset: true }),
    code: zText(),
    name: zText(),
    kind: zText(),
    isPress: z.boolean(),
    active: z.boolean(),
  })
  .meta({ id: "FloorStation" });
export type TStation = z.infer<typeof ZStationSchema>;
export const ZStationPageSchema = pageOf(ZStationSchema);

export const ZQcReasonRequestSchema = z.object({
  factoryId: ZOwnerSchema,
  code,
  name,
  defaultAction: z.enum(QC_DEFAULT_ACTIONS, { error: "Choose recut or redo" }).default("recut"),
});
export type TQcReasonRequest = z.infer<typeof ZQcReasonRequestSchema>;
export type TQcReasonRequestInput = z.input<typeof ZQcReasonRequestSchema>;

export const ZQcReasonSchema = z
  .object({
    id: z.number().int(),
    factoryId: z.number().int(),
    archived: z.boolean(),
    code: zText(),
    name: zText(),
    defaultAction: zText(),
  })
  .meta({ id: "FloorQcReason" });
export type TQcReason = z.infer<typeof ZQcReasonSchema>;
export const ZQcReasonPageSchema = pageOf(ZQcReasonSchema);

/** The demo facility's floor: stations and reason codes (seeded, and what a test expects). */
export const DEMO_STATIONS = [
  { code: "CUT-1", name: "Cutter 1 (straight knife)", kind: "cutter", isPress: false },
  { code: "CUT-2", name: "Cutter 2 (clicker press)", kind: "cutter", isPress: true },
  { code: "PRINT-1", name: "DTG printer", kind: "print", isPress: false },
  { code: "SEW-1", name: "Sewing line 1", kind: "sew", isPress: false },
  { code: "QC-1", name: "QC table 1", kind: "qc", isPress: false },
  { code: "PACK-1", name: "Pack-out 1", kind: "pack", isPress: false },
] as const;

export const DEMO_QC_REASONS = [
  { code: "MEAS", name: "Measurement out of tolerance", defaultAction: "recut" },
  { code: "PRINT", name: "Print defect", defaultAction: "recut" },
  { code: "SEAM", name: "Seam defect", defaultAction: "redo" },
  { code: "STAIN", name: "Stain", defaultAction: "redo" },
  { code: "FABRIC", name: "Fabric flaw", defaultAction: "recut" },
  { code: "SHADE", name: "Shade mismatch between panels", defaultAction: "recut" },
] as const;
