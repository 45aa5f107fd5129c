import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients } from "./clients";

/**
 * S3 order import (issue 20; ARCHITECTURE.md "S3 order import"): one row per CSV object a client's
 * watched prefix held, claimed before it is imported. The unique (client, key, ETag) is the claim
 * (`insert … on conflict do nothing`), so two workers never import one file twice; the row then
 * keeps the outcome and the report the Account Integration card shows. The settings themselves
 * are an `integrations` row of platform `s3Import` (encrypted like the other credentials).
 */
export const s3OrderImports = pgTable(
  "s3_order_imports",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    /** The object's key when it was found (under the watched prefix). */
    objectKey: text("object_key").notNull(),
    etag: text("etag").notNull(),
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** importing (claimed, outcome not yet known) | processed | failed */
    status: text("status").notNull().default("importing"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ordersPlaced: integer("orders_placed").notNull().default(0),
    alreadyPlaced: integer("already_placed").notNull().default(0),
    rowsRefused: integer("rows_refused").notNull().default(0),
    /** Why the whole file was refused (too large, not a CSV, unreadable), or a failed move. */
    message: text("message"),
    /** The report CSV written beside the moved file (row, PO, outcome, order number, message). */
    report: text("report"),
    /** Where the file went: `<prefix>processed/<name>` or `<prefix>failed/<name>`. */
    movedTo: text("moved_to"),
    /** Set once the file and its report are in place: until then a later run finishes the move. */
    movedAt: timestamp("moved_at", { withTimezone: true }),
    /** The order import (`library_imports`, resource "orders") the file went through. */
    importId: text("import_id"),
  },
  (t) => [
    uniqueIndex("s3_order_imports_object_key").on(t.clientId, t.objectKey, t.etag),
    index("s3_order_imports_client_idx").on(t.clientId, t.claimedAt),
  ],
);
