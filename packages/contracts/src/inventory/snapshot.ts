import { z } from "zod";
import { pageOf } from "../common/paging";
import { zText } from "../common/text";
import { ZDateSchema } from "../orders/orders";
import { ZInvPageQuerySchema, ZMaterialKindSchema } from "./common";

/**
 * Inventory Snapshot (/inventorySnapshot, issue 18): every material's stock, average cost and value
 * at the end of a chosen day (UTC), rebuilt from the append-only stock ledger and the average-cost
 * history, and the change since an earlier day. Quantities are decimal strings, money integer cents.
 */
export const ZSnapshotQuerySchema = ZInvPageQuerySchema.extend({
  /** The day to rebuild (its end, UTC). */
  date: ZDateSchema,
  /** An earlier day to compare with (optional). */
  compareTo: ZDateSchema.optional(),
  materialKind: ZMaterialKindSchema.optional(),
}).refine((q) => !q.compareTo || q.compareTo <= q.date, {
  message: "Compare with a day on or before the snapshot's",
  path: ["compareTo"],
});
export type TSnapshotQuery = z.infer<typeof ZSnapshotQuerySchema>;

export const ZSnapshotRowSchema = z.object({
  materialKind: ZMaterialKindSchema,
  materialId: z.number().int(),
  code: zText(),
  name: zText(),
  unit: zText(),
  quantity: zText(),
  avgCostCents: z.number().int(),
  valueCents: z.number().int(),
  /** At `compareTo`, when asked; the change is now minus then. */
  compareQuantity: zText().nullable(),
  compareValueCents: z.number().int().nullable(),
  quantityChange: zText().nullable(),
  valueChangeCents: z.number().int().nullable(),
});
export type TSnapshotRow = z.infer<typeof ZSnapshotRowSchema>;

export const ZSnapshotPageSchema = pageOf(ZSnapshotRowSchema)
  .extend({
    /** The whole filter's value at the day and at the compared day. */
    totalValueCents: z.number().int(),
    compareTotalValueCents: z.number().int().nullable(),
  })
  .meta({ id: "InventorySnapshotPage" });
export type TSnapshotPage = z.infer<typeof ZSnapshotPageSchema>;

export const SNAPSHOT_CSV_HEADER = [
  "materialKind",
  "code",
  "name",
  "unit",
  "quantity",
  "avgCostCents",
  "valueCents",
  "compareQuantity",
  "compareValueCents",
  "quantityChange",
  "valueChangeCents",
];
