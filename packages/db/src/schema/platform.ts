import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Every email the Hub sends, kept so the demo mailbox (/dev/mailbox) can show it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** stored | sent | failed */
    status: text("status").notNull().default("stored"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
