import type { TOrderPlatform, TPlatformPushState } from "@hub/contracts";
import type { OrderRow } from "./rows";

/** The order's copy on its client's shipping platform, as the order page shows it (platform-order.service.ts sends it). */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the order page shows; null when never sent and the client has no shipping platform. */
export const platformOf = (row: OrderRow, connected: boolean): TOrderPlatform | null =>
  !connected && row.platformPush === null
    ? null
    : {
        connected,
        state: (row.platformPush as TPlatformPushState | null) ?? null,
        platformOrderId: row.platformOrderId,
        sentAt: iso(row.platformSentAt),
        error: row.platformError,
      };
