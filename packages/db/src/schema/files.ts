import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { users } from "./users";

/** Files a client stored through the files adapter (local folder or S3-compatible storage). */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.clientId, { onDelete: "cascade" }),
    /** What the file is for, e.g. print (print files). */
    area: text("area").notNull(),
    /** The object key in the storage: never derived from user input alone. */
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.userId, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stored_files_key").on(t.storageKey),
    index("stored_files_client_area_idx").on(t.clientId, t.area),
  ],
);
