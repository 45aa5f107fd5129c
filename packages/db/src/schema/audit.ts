import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Who did what, when: destructive and administrative actions. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserName: text("actor_user_name"),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    detail: jsonb("detail"),
  },
  (t) => [index("audit_log_at_idx").on(t.at)],
);
