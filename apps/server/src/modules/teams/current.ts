import { TEAM_MESSAGES } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";

const tu = schema.teamUsers;
const t = schema.teams;

/** An active membership (spec 4): not pending, invitation null or ACCEPTED. */
export const activeMembership = () =>
  and(eq(tu.pending, false), or(isNull(tu.invitationStatus), eq(tu.invitationStatus, "ACCEPTED")));

/** The caller's active memberships, the current (default) team first. */
export const activeTeamsOf = async (db: HubDb | HubTx, userId: number) =>
  db
    .select({ teamId: tu.teamId, roleName: tu.roleName, defaultTeam: tu.defaultTeam, clientId: t.clientId })
    .from(tu)
    .innerJoin(t, eq(t.id, tu.teamId))
    .where(and(eq(tu.userId, userId), activeMembership()))
    .orderBy(sql`${tu.defaultTeam} desc`, asc(tu.teamId));

/**
 * The team product development works in for this caller (spec 4: the default team or the first
 * non-pending one). `requested` (a teamId in a query or body) must be one of the member's active
 * teams (404 otherwise); internal admins may name any existing team and have no current team of
 * their own (null: every team). Every product-development service narrows to this team.
 */
export const currentTeamOf = async (
  db: HubDb | HubTx,
  p: Principal,
  requested?: number,
): Promise<{ teamId: number; clientId: number | null; roleName: string } | null> => {
  if (p.isInternal) {
    if (requested === undefined) return null;
    const [row] = await db.select({ id: t.id, clientId: t.clientId }).from(t).where(eq(t.id, requested));
    if (!row) throw notFound("That team");
    return { teamId: row.id, clientId: row.clientId, roleName: "ADMIN" };
  }
  const teams = await activeTeamsOf(db, p.userId);
  const chosen = requested === undefined ? teams[0] : teams.find((x) => x.teamId === requested);
  if (!chosen) {
    if (requested !== undefined) throw notFound("That team");
    return null;
  }
  return { teamId: chosen.teamId, clientId: chosen.clientId, roleName: chosen.roleName };
};

/** isTeamAdmin of spec 4 for one team: the caller's role in it is ADMIN (internal admins always). */
export const isTeamAdminOf = async (db: HubDb | HubTx, p: Principal, teamId: number): Promise<boolean> => {
  if (p.isInternal) return true;
  const [row] = await db
    .select({ roleName: tu.roleName })
    .from(tu)
    .where(and(eq(tu.teamId, teamId), eq(tu.userId, p.userId), activeMembership()));
  return row?.roleName === "ADMIN";
};

/** Refuses (403) a caller who is not an admin of the team; a team they cannot see is a 404. */
export const requireTeamAdmin = async (db: HubDb | HubTx, p: Principal, teamId: number): Promise<void> => {
  const [team] = await db.select({ id: t.id }).from(t).where(eq(t.id, teamId));
  if (!team) throw notFound("That team");
  if (p.isInternal) return;
  const [row] = await db
    .select({ roleName: tu.roleName })
    .from(tu)
    .where(and(eq(tu.teamId, teamId), eq(tu.userId, p.userId), activeMembership()));
  if (!row) throw notFound("That team");
  if (row.roleName !== "ADMIN") throw forbidden(TEAM_MESSAGES.notAdmin);
};
