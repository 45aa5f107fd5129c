import { index, inet, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const loginAudits = pgTable(
  "login_audits",
  {
    id: serial("id").primaryKey(),
    loginDate: timestamp("login_date", { withTimezone: true }).notNull(),
    userName: text("user_name").notNull(),
    application: text("application").notNull(),
    ipAddress: text("ip_address").notNull(),
    /** The address the audit request itself came from, as the server saw it. */
    remoteAddress: inet("remote_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_audits_user_idx").on(t.userName, t.loginDate)],
);
