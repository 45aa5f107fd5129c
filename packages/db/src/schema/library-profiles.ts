import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { created, owner, qty, updated } from "./columns";
import { instructions, parts } from "./library-materials";
import { attributes } from "./library-options";
import { styles } from "./library-styles";

/** Profiles: named sets that can be applied to styles. */
export const attributeProfiles = pgTable(
  "lib_attribute_profiles",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_attribute_profiles_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

export const attributeProfileAttributes = pgTable(
  "lib_attribute_profile_attributes",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => attributeProfiles.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.attributeId] })],
);

export const attributeProfileStyles = pgTable(
  "lib_attribute_profile_styles",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => attributeProfiles.id, { onDelete: "cascade" }),
    styleId: integer("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.styleId] }),
    index("lib_attribute_profile_styles_style_idx").on(t.styleId),
  ],
);

export const partProfiles = pgTable(
  "lib_part_profiles",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_part_profiles_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

export const partProfileParts = pgTable(
  "lib_part_profile_parts",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => partProfiles.id, { onDelete: "cascade" }),
    partId: integer("part_id")
      .notNull()
      .references(() => parts.id, { onDelete: "restrict" }),
    quantity: qty("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.partId] }), index("lib_part_profile_parts_part_idx").on(t.partId)],
);

export const instructionProfiles = pgTable(
  "lib_instruction_profiles",
  {
    id: serial("id").primaryKey(),
    factoryId: owner(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("lib_instruction_profiles_name_key").on(t.factoryId, sql`lower(${t.name})`)],
);

export const instructionProfileSteps = pgTable(
  "lib_instruction_profile_steps",
  {
    profileId: integer("profile_id")
      .notNull()
      .references(() => instructionProfiles.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    instructionId: integer("instruction_id")
      .notNull()
      .references(() => instructions.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.step] }),
    index("lib_instruction_profile_steps_instr_idx").on(t.instructionId),
  ],
);
