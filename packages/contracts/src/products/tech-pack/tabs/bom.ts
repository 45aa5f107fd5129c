import { z } from "zod";
import { zDbId } from "../../../common/ids";
import { zText, zTrimmed } from "../../../common/text";
import {
  documentTab,
  tabBase,
  ZBomQuantitySchema,
  ZColorwayRefSchema,
  ZLibraryChoiceSchema,
  zCents,
  zColorwayKey,
} from "./parts";

/** The bill-of-materials tabs: each lists design-library items of its kind (one schema, six tabs). */
export const BOM_TABS = ["fabrics", "notions", "labels", "threads", "graphics", "packaging"] as const;
export type TBomTab = (typeof BOM_TABS)[number];

export const ZBomCellSchema = z.object({
  /** The item's variant this colourway uses; null: the item itself. */
  variantId: zDbId().nullable(),
  note: zTrimmed(200),
});
export type TBomCell = z.infer<typeof ZBomCellSchema>;
export const ZBomRowSchema = z.object({
  itemId: zDbId("Choose a library item"),
  placement: zTrimmed(200),
  quantity: ZBomQuantitySchema,
  unit: zTrimmed(20, 1, "Enter a unit"),
  costCents: zCents(),
  /** One cell per colourway (by the colourway's code). */
  cells: z.record(zColorwayKey(), ZBomCellSchema),
});
export type TBomRow = z.infer<typeof ZBomRowSchema>;
export const ZBomDataSchema = z.object({ rows: z.array(ZBomRowSchema).max(200, "At most 200 rows") });
export type TBomData = z.infer<typeof ZBomDataSchema>;
export const ZBomTabSchema = tabBase
  .extend(ZBomDataSchema.shape)
  .extend({ choices: z.array(ZLibraryChoiceSchema), colorways: z.array(ZColorwayRefSchema) })
  .meta({ id: "TechPackBomTab" });
export type TBomTabData = z.infer<typeof ZBomTabSchema>;

const bomTab = <const K extends TBomTab>(key: K, label: string) =>
  documentTab({ key, label, data: ZBomDataSchema, response: ZBomTabSchema, empty: { rows: [] } });

export const fabricsTab = bomTab("fabrics", "Fabrics");
export const notionsTab = bomTab("notions", "Notions");
export const labelsTab = bomTab("labels", "Labels");
export const threadsTab = bomTab("threads", "Threads");
export const graphicsTab = bomTab("graphics", "Graphics");

/**
 * The packaging tab: its BOM rows and the shipping profile the product ships with (issue 19; one of
 * the team's `/productDev/shippingProfiles`), which pack-out reads for the box and the weight.
 */
export const ZPackagingDataSchema = ZBomDataSchema.extend({
  shippingProfileId: zDbId("Choose a shipping profile").nullable().default(null),
});
export type TPackagingData = z.infer<typeof ZPackagingDataSchema>;
export const ZPackagingTabSchema = ZBomTabSchema.extend({
  shippingProfileId: z.number().int().nullable(),
  /** The team's shipping profiles to choose from (a facility: the one chosen). */
  shippingProfiles: z.array(z.object({ id: z.number().int(), name: zText(), archived: z.boolean() })),
}).meta({ id: "TechPackPackagingTab" });
export type TPackagingTabData = z.infer<typeof ZPackagingTabSchema>;
export const packagingTab = documentTab({
  key: "packaging",
  label: "Packaging",
  data: ZPackagingDataSchema,
  response: ZPackagingTabSchema,
  empty: { rows: [], shippingProfileId: null },
});
