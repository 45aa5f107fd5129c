import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { created, money, owner, qty, updated } from "./columns";
import { suppliers } from "./suppliers";
import { users } from "./users";

/** The manufacturing library's materials and operations: machines, fabrics, threads, parts, instructions. */

/**
 * The inventory supplier a material is bought from (same facility; checked by the library). The
 * free-text `supplier` beside it stays: a label for rows written before suppliers existed, and what
 * CSV imports name.
 */
const supplierRef = () => integer("supplier_id").references(() => suppliers.id, { onDelete: "set null" });

/** Machines on the floor: overlock, coverstitch, flatlock, single needle… */
export const machines = pgTable(
  "lib_machines",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    machineType: text("machine_type").notNull(),
    make: text("make"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_machines_code_key").on(t.factoryId, sql`lower(${t.code})`)],
);

export const fabricTypes = pgTable(
  "lib_fabric_types",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("lib_fabric_types_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

/** Fabric: a material bought by length (yards or metres) and cut into panels. */
export const fabrics = pgTable(
  "lib_fabrics",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    fabricCode: text("fabric_code").notNull(),
    fabricName: text("fabric_name").notNull(),
    fabricTypeId: integer("fabric_type_id").references(() => fabricTypes.id, { onDelete: "set null" }),
    supplier: text("supplier"),
    supplierId: supplierRef(),
    color: text("color"),
    /** Cost of one unit of length, in cents. */
    costCents: money("cost_cents"),
    unit: text("unit").notNull().default("yd"),
    widthInches: qty("width_inches"),
    weightGsm: integer("weight_gsm"),
    outOfStock: boolean("out_of_stock").notNull().default(false),
    stockChangedAt: timestamp("stock_changed_at", { withTimezone: true }),
    stockChangedBy: integer("stock_changed_by").references(() => users.userId, { onDelete: "set null" }),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_fabrics_code_key").on(t.factoryId, sql`lower(${t.fabricCode})`)],
);

/** Sewing threads; `kind` tells the thread list from the BMC thread list. */
export const threads = pgTable(
  "lib_threads",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    kind: text("kind").notNull().default("thread"),
    code: text("code").notNull(),
    name: text("name").notNull(),
    colorCode: text("color_code").notNull(),
    hexColor: text("hex_color"),
    brand: text("brand"),
    ticket: text("ticket"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_threads_code_key").on(t.factoryId, t.kind, sql`lower(${t.code})`)],
);

export const partCategories = pgTable(
  "lib_part_categories",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("lib_part_categories_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

/** Part: a trim or component counted per garment (zip, label, elastic, drawcord). */
export const parts = pgTable(
  "lib_parts",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    partCode: text("part_code").notNull(),
    name: text("name").notNull(),
    categoryId: integer("category_id").references(() => partCategories.id, { onDelete: "set null" }),
    supplier: text("supplier"),
    supplierId: supplierRef(),
    costCents: money("cost_cents"),
    unit: text("unit").notNull().default("each"),
    outOfStock: boolean("out_of_stock").notNull().default(false),
    stockChangedAt: timestamp("stock_changed_at", { withTimezone: true }),
    stockChangedBy: integer("stock_changed_by").references(() => users.userId, { onDelete: "set null" }),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_parts_code_key").on(t.factoryId, sql`lower(${t.partCode})`)],
);

/** Instruction: one construction operation, done on a machine in standard minutes. */
export const instructions = pgTable(
  "lib_instructions",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    machineId: integer("machine_id").references(() => machines.id, { onDelete: "set null" }),
    standardMinutes: qty("standard_minutes"),
    archived: boolean("archived").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("lib_instructions_code_key").on(t.factoryId, sql`lower(${t.code})`),
    index("lib_instructions_machine_idx").on(t.machineId),
  ],
);

/** An image that shows an instruction, stored through the files adapter. */
export const instructionImages = pgTable(
  "lib_instruction_images",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    instructionId: integer("instruction_id")
      .notNull()
      .references(() => instructions.id, { onDelete: "cascade" }),
    caption: text("caption").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    storageKey: text("storage_key"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    sizeBytes: integer("size_bytes"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("lib_instruction_images_instruction_idx").on(t.instructionId)],
);
