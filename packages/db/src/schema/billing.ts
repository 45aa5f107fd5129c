import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { users } from "./users";

/** A client as the billing provider knows it (built-in ledger or Stripe customer). */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    clientId: integer("client_id")
      .primaryKey()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    /** builtin | stripe */
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_customers_external_key").on(t.provider, t.externalId)],
);

/** Payment methods on file. No card data: only the provider's id and what a person may see. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    /** card | bank_account */
    kind: text("kind").notNull(),
    externalId: text("external_id").notNull(),
    label: text("label").notNull(),
    brand: text("brand"),
    last4: text("last4"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_methods_client_idx").on(t.clientId)],
);

/** Charges and refunds, in integer cents, by client and order. */
export const billingLedger = pgTable(
  "billing_ledger",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    /** charge | refund */
    kind: text("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    provider: text("provider").notNull(),
    externalId: text("external_id"),
    /** succeeded | failed */
    status: text("status").notNull(),
    failureMessage: text("failure_message"),
    createdBy: integer("created_by").references(() => users.userId, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The caller's Idempotency-Key, when one was sent: a repeat with it answers this row. */
    idempotencyKey: text("idempotency_key"),
  },
  (t) => [
    index("billing_ledger_client_order_idx").on(t.clientId, t.orderId),
    uniqueIndex("billing_ledger_idempotency_idx").on(t.clientId, t.kind, t.idempotencyKey),
    // The Sales Dashboard's paid and refunded, and the charge report, read a range of days.
    index("billing_ledger_created_idx").on(t.createdAt),
  ],
);
