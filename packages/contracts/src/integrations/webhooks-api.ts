import { z } from "zod";
import { ZIdSchema } from "../common/ids";
import { type Access, declareApi } from "../common/operation";
import { pageOf } from "../common/paging";
import { zText, zTrimmed } from "../common/text";

/**
 * Webhooks and the event log (issue 20): a client's endpoints hear the Hub's events, signed per
 * the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`), and
 * every event is readable over the API after an id (`GET /events?after=`), so a receiver that was
 * down catches up. Under Account Integration; changes by the client's admins.
 */
export const WEBHOOK_EVENTS = [
  { type: "order.placed", label: "Order placed" },
  { type: "order.paid", label: "Order paid" },
  { type: "order.released", label: "Order released to production" },
  { type: "order.cancelled", label: "Order cancelled" },
  { type: "order.shipped", label: "Order shipped (with the shipment and tracking)" },
  { type: "order.delivered", label: "Order delivered (a box, as the carrier's tracking says)" },
  { type: "return.requested", label: "Return requested" },
  { type: "return.received", label: "Return received back at the factory" },
  { type: "return.refunded", label: "Return refunded" },
  { type: "product.approved", label: "Tech pack version approved" },
  { type: "techpack.sent", label: "Tech pack version sent to the factory" },
  { type: "techpack.acknowledged", label: "Tech pack version acknowledged" },
  { type: "units.changed", label: "Unit state changes on the floor (batched: a minute's changes in one event)" },
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENTS)[number]["type"] | "webhook.test";
/** What a facility's endpoints may hear (Factory Config): its clients' events, not a brand's own. */
export const FACILITY_WEBHOOK_EVENTS = WEBHOOK_EVENTS.filter((e) => e.type !== "product.approved");
const TYPES = WEBHOOK_EVENTS.map((e) => e.type) as [string, ...string[]];

/** The retry schedule after a failed attempt, in seconds (Standard Webhooks' suggested schedule). */
export const WEBHOOK_RETRY_SECONDS = [0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
/** An endpoint failing for this long, or answering 410 Gone, is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;

export const WEBHOOK_MESSAGES = {
  https: "Use an https:// address.",
  privateAddress: "That address is on a private or loopback network, which the Hub does not call.",
  unresolved: "That host name does not resolve.",
  disabledGone: "The receiver answered 410 Gone.",
  disabledFailing: `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days.`,
} as const;

export const ZWebhookRequestSchema = z.object({
  url: zTrimmed(2000, 1, "Enter the endpoint's address").pipe(
    z.url({ error: "Enter a full address, like https://example.com/hooks" }),
  ),
  description: zTrimmed(500).nullable().default(null),
  events: z
    .array(z.enum(TYPES, { error: "Choose events from the list" }))
    .min(1, "Choose at least one event")
    .max(TYPES.length),
  enabled: z.boolean().default(true),
});
export type TWebhookRequest = z.input<typeof ZWebhookRequestSchema>;

export const ZWebhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: zText(),
    description: zText().nullable(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    disabledReason: zText().nullable(),
    failingSince: z.string().nullable(),
    /** Until when the secret before the last rotation still signs. */
    previousSecretUntil: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpointSchema>;

/** The endpoint and its secret: shown once, at creation and at each rotation. */
export const ZWebhookSecretSchema = z.object({ endpoint: ZWebhookEndpointSchema, secret: zText() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecretSchema>;

export const ZWebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: zText().nullable(),
  error: zText().nullable(),
  durationMs: z.number().int(),
});
export const ZWebhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventType: z.string(),
  status: z.enum(["pending", "succeeded", "failed", "gave_up", "skipped"]),
  attempts: z.array(ZWebhookAttemptSchema),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;
export const ZWebhookDeliveryPageSchema = pageOf(ZWebhookDeliverySchema);

export const ZHubEventSchema = z
  .object({ id: z.number().int(), type: z.string(), createdAt: z.string(), data: z.record(z.string(), z.unknown()) })
  .meta({ id: "HubEvent" });
export type THubEvent = z.infer<typeof ZHubEventSchema>;
export const ZHubEventListSchema = z.object({
  items: z.array(ZHubEventSchema),
  /** The id to ask `after` next (the last item's, or the one asked when there is none). */
  next: z.number().int(),
});

const ZEndpointParams = z.object({ id: ZIdSchema });
const ZDeliveryParams = z.object({ id: ZIdSchema, deliveryId: ZIdSchema });
const ZPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
const ZEventsQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** A client's (Account Integration) or a facility's (Factory Config) endpoints: the service narrows by who calls. */
const INTEGRATIONS: Access = { signedIn: true, anyCard: ["accountIntegration", "factoryConfig"] };

export const webhooksApi = declareApi("webhooks", {
  list: {
    method: "GET",
    path: "/webhooks",
    access: INTEGRATIONS,
    responses: { 200: z.object({ items: z.array(ZWebhookEndpointSchema) }) },
  },
  create: {
    method: "POST",
    path: "/webhooks",
    access: INTEGRATIONS,
    body: ZWebhookRequestSchema,
    responses: { 201: ZWebhookSecretSchema },
  },
  update: {
    method: "PUT",
    path: "/webhooks/:id",
    access: INTEGRATIONS,
    params: ZEndpointParams,
    body: ZWebhookRequestSchema,
    responses: { 200: ZWebhookEndpointSchema },
  },
  remove: {
    method: "DELETE",
    path: "/webhooks/:id",
    access: INTEGRATIONS,
    params: ZEndpointParams,
    responses: { 204: z.null() },
  },
  /** A new secret; the old one still signs (a second signature) for 24 hours. */
  rotateSecret: {
    method: "POST",
    path: "/webhooks/:id/rotateSecret",
    access: INTEGRATIONS,
    params: ZEndpointParams,
    responses: { 200: ZWebhookSecretSchema },
  },
  deliveries: {
    method: "GET",
    path: "/webhooks/:id/deliveries",
    access: INTEGRATIONS,
    params: ZEndpointParams,
    query: ZPageQuery,
    responses: { 200: ZWebhookDeliveryPageSchema },
  },
  /** Sends a `webhook.test` event to this endpoint only. */
  sendTest: {
    method: "POST",
    path: "/webhooks/:id/test",
    access: INTEGRATIONS,
    params: ZEndpointParams,
    responses: { 202: ZWebhookDeliverySchema },
    errors: [409],
  },
  resend: {
    method: "POST",
    path: "/webhooks/:id/deliveries/:deliveryId/resend",
    access: INTEGRATIONS,
    params: ZDeliveryParams,
    responses: { 202: ZWebhookDeliverySchema },
    errors: [409],
  },
  /** The client's events after an id, oldest first (API keys too). */
  events: {
    method: "GET",
    path: "/events",
    access: { signedIn: true },
    apiKey: true,
    query: ZEventsQuery,
    responses: { 200: ZHubEventListSchema },
  },
});
