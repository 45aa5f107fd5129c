import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
  },
  (t) => [index("pd_team_files_team_idx").on(t.teamId)],
);
