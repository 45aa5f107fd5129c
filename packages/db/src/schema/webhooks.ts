import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { clients, factories } from "./clients";
import { created, updated } from "./columns";

/**
 * Events and signed webhooks (issue 20; ARCHITECTURE.md "Webhooks"). Every event a client's
 * integrations may hear is a row of `hub_events` (readable over the API after an id, so a receiver
 * that was down catches up); each enabled endpoint subscribed to its type gets a delivery, sent by a
 * background job and signed per the Standard Webhooks specification, with every attempt kept.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    /** Whose endpoint: a client's (its Account Integration), or a facility's (its Factory Config). */
    clientId: integer("client_id").references(() => clients.clientId, { onDelete: "cascade" }),
    factoryId: integer("factory_id").references(() => factories.factoryId, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    /** The event types it hears. */
    events: text("events").array().notNull(),
    /** `whsec_…`, encrypted at rest (AES-256-GCM under HUB_SECRET_KEY). */
    secret: text("secret").notNull(),
    /** The secret before the last rotation, still signed with until `previousSecretUntil`. */
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    /** The first failure of the current run of failures; cleared by a success. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("webhook_endpoints_client_idx").on(t.clientId),
    index("webhook_endpoints_factory_idx").on(t.factoryId),
    check("webhook_endpoints_one_owner", sql`num_nonnulls(${t.clientId}, ${t.factoryId}) = 1`),
  ],
);

export const hubEvents = pgTable(
  "hub_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The client it happened to (null: a facility's own test event). */
    clientId: integer("client_id").references(() => clients.clientId, { onDelete: "cascade" }),
    /** The facility that serves that client (its endpoints hear the event too). */
    factoryId: integer("factory_id").references(() => factories.factoryId, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: created(),
  },
  (t) => [index("hub_events_client_idx").on(t.clientId, t.id), index("hub_events_factory_idx").on(t.factoryId, t.id)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => hubEvents.id, { onDelete: "cascade" }),
    /** pending → succeeded | failed (retrying) → gave_up; skipped when the endpoint was disabled meanwhile. */
    status: text("status").$type<"pending" | "succeeded" | "failed" | "gave_up" | "skipped">().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id)],
);

/** Each attempt of a delivery: what the receiver answered (status and the start of its body) or why it failed. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    responseStatus: integer("response_status"),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    at: created(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId)],
);
