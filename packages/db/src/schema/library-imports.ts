import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { factories } from "./clients";
import { users } from "./users";

/**
 * A CSV import of library rows (issue 4): validated first (every row, nothing written), kept here
 * so any server instance can apply it, then applied in one transaction. `rows` holds the parsed,
 * validated values; `errors` the row-by-row report.
 */
export const libraryImports = pgTable(
  "lib_imports",
  {
    id: text("id").primaryKey(),
    factoryId: integer("factory_id")
      .notNull()
      .references(() => factories.factoryId, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    fileName: text("file_name").notNull(),
    /** validated | applied */
    status: text("status").notNull(),
    rowCount: integer("row_count").notNull(),
    createCount: integer("create_count").notNull().default(0),
    updateCount: integer("update_count").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    errors: jsonb("errors").notNull(),
    rows: jsonb("rows"),
    idempotencyKey: text("idempotency_key"),
    createdBy: integer("created_by").references(() => users.userId, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("lib_imports_idempotency_key").on(t.factoryId, t.idempotencyKey),
    index("lib_imports_created_idx").on(t.createdAt),
  ],
);
