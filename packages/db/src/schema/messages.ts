import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { users } from "./users";

/**
 * Messages (spec 3, "user messages and recipients"; issue 20): what the header's bell shows. A
 * message is written once, with a row per person it is for; each person reads (or not) their own.
 */
export const userMessages = pgTable(
  "user_messages",
  {
    id: serial("id").primaryKey(),
    /** One of MESSAGE_KINDS (contracts/messages): "order.shipped", "report.ready"… */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    /** The screen it is about (an app path), or null. */
    link: text("link"),
    /** The client it is about, when it is a client's (for the client's removal). */
    clientId: integer("client_id").references(() => clients.clientId, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_messages_created_idx").on(t.createdAt)],
);

export const userMessageRecipients = pgTable(
  "user_message_recipients",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => userMessages.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Whether the person asked for this kind by email too, as it was when the message was written. */
    email: boolean("email").notNull().default(false),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index("user_message_recipients_user_idx").on(t.userId, t.messageId),
    index("user_message_recipients_email_idx").on(t.messageId).where(sql`${t.email} and ${t.emailedAt} is null`),
  ],
);

/** Which kinds a person also wants by email (a kind with no row: the bell only). */
export const userMessagePrefs = pgTable(
  "user_message_prefs",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
