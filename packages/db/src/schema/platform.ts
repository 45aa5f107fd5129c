import { bigserial, index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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

/**
 * The transactional outbox of live notices (docs/adr/0006-floor-live.md, "Batched notices"). A
 * writer inserts its notice in its own transaction instead of calling `pg_notify`, whose commit
 * PostgreSQL serialises across every notifying transaction; each server process drains the
 * committed rows every 100 ms (1 s when idle) and sends them, a batch per channel, with one `pg_notify` each
 * (platform/notify.ts, `startNoticePublisher`). Unlogged (the migration says so; drizzle cannot):
 * a notice is worth nothing after a crash, and the listeners resync on reconnect anyway.
 */
export const noticeOutbox = pgTable("notice_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  channel: text("channel").notNull(),
  payload: jsonb("payload").notNull(),
});
