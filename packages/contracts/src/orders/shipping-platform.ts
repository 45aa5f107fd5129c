import { z } from "zod";
import { zText } from "../common/text";

/**
 * An order's copy on its client's shipping platform (the ShipStation account saved under Account
 * Integration; issue 20, spec 7 "redo shipping-platform order"). The Hub sends it when the order
 * is first released, and again when an order it sent is cancelled or shipped; a person re-sends it
 * with "Redo shipping-platform order". The platform keys it by the order number, so sending again
 * updates the one copy instead of making a second. Every outcome is a row of the order's history.
 */
export const PLATFORM_PUSH_STATES = ["pending", "sending", "sent", "failed"] as const;
export type TPlatformPushState = (typeof PLATFORM_PUSH_STATES)[number];

export const PLATFORM_PUSH_LABELS: Record<TPlatformPushState, string> = {
  pending: "Waiting to be sent",
  sending: "Sending",
  sent: "Sent",
  failed: "Not sent",
};

/** The platform's order status for a Hub order's status: what its packers see there. */
export const platformStatusOf = (status: string): "awaiting_shipment" | "shipped" | "cancelled" =>
  status === "cancelled"
    ? "cancelled"
    : status === "shipped" || status === "completed"
      ? "shipped"
      : "awaiting_shipment";

export const PLATFORM_ORDER_MESSAGES = {
  notConnected: (clientName: string) =>
    `${clientName} has no shipping platform saved, so there is nowhere to send this order. Save one under Account Integration.`,
  sent: (platformOrderId: string, status: string) =>
    `Sent to the shipping platform as its order ${platformOrderId} (${status.replaceAll("_", " ")}).`,
  failed: (message: string) => `Not sent to the shipping platform: ${message}`,
  redone: (orderNumber: string) => `Order ${orderNumber} was sent to the shipping platform again.`,
} as const;

/** What the order page shows of it; null on an order never sent and whose client has no shipping platform. */
export const ZOrderPlatformSchema = z
  .object({
    /** The order's client has a shipping platform saved, so the order can be sent. */
    connected: z.boolean(),
    state: z.enum(PLATFORM_PUSH_STATES).nullable(),
    /** The platform's own id of its copy. */
    platformOrderId: zText().nullable(),
    sentAt: z.iso.datetime({ offset: true }).nullable(),
    /** Why the last send failed, in the platform's words. */
    error: zText().nullable(),
  })
  .meta({ id: "OrderShippingPlatform" });
export type TOrderPlatform = z.infer<typeof ZOrderPlatformSchema>;
