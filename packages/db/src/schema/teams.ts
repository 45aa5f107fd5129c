import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { storedFiles } from "./files";
import { users } from "./users";

/** Team types: ADMIN and DESIGN_TEAM make their members data admins. */
export const teamTypes = pgTable("team_types", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const teams = pgTable("teams", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  displayName: text("display_name").notNull(),
  clientId: integer("client_id").references(() => clients.clientId, { onDelete: "cascade" }),
  typeId: integer("type_id")
    .notNull()
    .references(() => teamTypes.id),
  /** Approving a tech pack needs a team admin other than the one who submitted it (issue 23). */
  approvalBySecondPerson: boolean("approval_by_second_person").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const teamUsers = pgTable(
  "team_users",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    /** ADMIN or MEMBER */
    roleName: text("role_name").notNull().default("MEMBER"),
    defaultTeam: boolean("default_team").notNull().default(false),
    pending: boolean("pending").notNull().default(false),
    /** null or ACCEPTED: active; PENDING and DECLINED are hidden. */
    invitationStatus: text("invitation_status"),
  },
  (t) => [uniqueIndex("team_users_team_user_key").on(t.teamId, t.userId)],
);

/**
 * The File Manager's folders (issue 19): team-owned, nested (parent null = the team's top level), a
 * name once per parent among the folders not in the trash. A folder in the trash has `deletedAt`;
 * its subfolders and files went to the trash with it (the same `deletedAt`) and come back with it.
 */
export const pdFileFolders = pgTable(
  "pd_file_folders",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => pdFileFolders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("pd_file_folders_name_key")
      .on(t.teamId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index("pd_file_folders_parent_idx").on(t.teamId, t.parentId),
  ],
);

/**
 * The team a product-development file belongs to (tech-pack uploads and design-library images):
 * stored files belong to a client, and a client may have several teams, so reads and references
 * check this row, not the client.
 */
export const pdTeamFiles = pgTable(
  "pd_team_files",
  {
    fileId: integer("file_id")
      .primaryKey()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** The File Manager's folder; null = the team's top level (tech-pack uploads land there). */
    folderId: integer("folder_id").references(() => pdFileFolders.id, { onDelete: "set null" }),
    /** In the File Manager's trash since then; purged 30 days later. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** A PDF's text, extracted when it was stored, for the File Manager's search (null: not a PDF, or none found). */
    textContent: text("text_content"),
    /**
     * lower(stored_files.file_name), kept by triggers (migration 0037) on insert here and on a rename
     * there: the File Manager's name sort walks `pd_team_files_name_idx` instead of sorting a folder.
     */
    nameKey: text("name_key").notNull().default(""),
  },
  (t) => [
    index("pd_team_files_team_idx").on(t.teamId),
    index("pd_team_files_folder_idx").on(t.teamId, t.folderId),
    index("pd_team_files_name_idx").on(t.teamId, t.folderId, t.nameKey, t.fileId).where(sql`${t.deletedAt} is null`),
  ],
);
