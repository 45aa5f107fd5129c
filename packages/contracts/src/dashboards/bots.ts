import { z } from "zod";
import { zText } from "../common/text";
import { ZResolvedRangeSchema } from "./range";

/**
 * Bot Performance (/qs-dashboards/botPerformance): the automated channels over the range. Web
 * orders (source `web`, placed through a client's API key) and imported orders (source `import`)
 * placed in the range, as the orders list counts and sums them for `source` and the same dates;
 * web orders by the API key that placed them (`placed_by = 'api-key:<prefix>'`, named by the key
 * row when there is one); and the shipments of web orders in the range (the shipments list's date:
 * shipped, else packed; voided ones left out): the store told, failed, waiting, and labels bought
 * from the shipping platform (carrier other than `manual`) against manual ones. Money is cents.
 */
const int = () => z.number().int();

export const ZBotFiguresSchema = z.object({
  webOrders: int(),
  webRevenueCents: int(),
  importOrders: int(),
  importRevenueCents: int(),
});
export type TBotFigures = z.infer<typeof ZBotFiguresSchema>;

export const ZBotPointSchema = ZBotFiguresSchema.extend({
  /** The bucket's first day (a week starts on Monday). */
  bucket: zText(),
});

export const ZBotKeySchema = z.object({
  clientId: int(),
  clientName: zText(),
  /** The order's `placed_by` (`api-key:<prefix>`). */
  placedBy: zText(),
  /** The key's name; null when no key row has that prefix (shown as `placedBy`). */
  keyName: zText().nullable(),
  orders: int(),
  revenueCents: int(),
});

export const ZBotStoreSchema = z.object({
  shipments: int(),
  told: int(),
  failed: int(),
  waiting: int(),
  platformLabels: int(),
  manualLabels: int(),
});
export type TBotStore = z.infer<typeof ZBotStoreSchema>;

export const ZBotErrorSchema = z.object({ error: zText(), shipments: int() });

export const ZBotFailureSchema = z.object({
  shipmentId: int(),
  shipmentNumber: zText(),
  orderId: int(),
  orderNumber: zText(),
  clientName: zText(),
  carrier: zText(),
  error: zText(),
  /** When the shipment shipped (else was packed). */
  at: z.iso.datetime({ offset: true }),
});

/** The most rows a breakdown answers. */
export const BOT_TOP = { keys: 25, errors: 10, failures: 25 } as const;

export const ZBotDashboardSchema = z.object({
  range: ZResolvedRangeSchema,
  current: ZBotFiguresSchema,
  previous: ZBotFiguresSchema,
  series: z.array(ZBotPointSchema),
  byKey: z.array(ZBotKeySchema),
  store: ZBotStoreSchema,
  previousStore: ZBotStoreSchema,
  /** The most common store errors of the range's failed shipments. */
  errors: z.array(ZBotErrorSchema),
  /** The range's latest failures, newest first. */
  failures: z.array(ZBotFailureSchema),
});
export type TBotDashboard = z.infer<typeof ZBotDashboardSchema>;
