import type { TCurrentUser, TProductDevData, TTeam, TUserDataResponse } from "@hub/contracts";
import { TEAM_TYPE } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Principal } from "../../platform/principal";

const isActiveInvitation = (status: string | null) => status === null || status === "ACCEPTED";

const loadTeams = async (db: HubDb, userId: number): Promise<TTeam[]> => {
  const rows = await db
    .select({
      id: schema.teams.id,
      name: schema.teams.name,
      displayName: schema.teams.displayName,
      clientId: schema.teams.clientId,
      typeId: schema.teams.typeId,
      typeName: schema.teamTypes.name,
      roleName: schema.teamUsers.roleName,
      defaultTeam: schema.teamUsers.defaultTeam,
      pending: schema.teamUsers.pending,
      invitationStatus: schema.teamUsers.invitationStatus,
    })
    .from(schema.teamUsers)
    .innerJoin(schema.teams, eq(schema.teams.id, schema.teamUsers.teamId))
    .innerJoin(schema.teamTypes, eq(schema.teamTypes.id, schema.teams.typeId))
    .where(eq(schema.teamUsers.userId, userId))
    .orderBy(schema.teams.id);
  return rows.map((r) => ({
    ...r,
    teamsId: r.id,
    invitationStatus: (r.invitationStatus as TTeam["invitationStatus"]) ?? null,
  }));
};

/**
 * productDevData of spec 4: the current team is the default team or the first non-pending one;
 * isTeamAdmin when the role in it is ADMIN; isDataAdmin when any team is of type ADMIN or
 * DESIGN_TEAM. Pending teams are hidden. A user with no active team gets one made for them.
 */
export const productDevDataFor = async (
  db: HubDb,
  user: { userId: number; firstName: string; userName: string; clientId: number | null },
): Promise<TProductDevData> => {
  let teams = (await loadTeams(db, user.userId)).filter((t) => !t.pending && isActiveInvitation(t.invitationStatus));
  if (teams.length === 0) {
    await db.transaction(async (tx) => {
      // Parallel first loads (two tabs, a retry) must make one team: hold the user's row, then look again.
      await tx
        .select({ userId: schema.users.userId })
        .from(schema.users)
        .where(eq(schema.users.userId, user.userId))
        .for("update");
      const [active] = await tx
        .select({ id: schema.teamUsers.id })
        .from(schema.teamUsers)
        .where(
          and(
            eq(schema.teamUsers.userId, user.userId),
            eq(schema.teamUsers.pending, false),
            or(isNull(schema.teamUsers.invitationStatus), eq(schema.teamUsers.invitationStatus, "ACCEPTED")),
          ),
        )
        .limit(1);
      if (active) return;
      const [brand] = await tx.select().from(schema.teamTypes).where(eq(schema.teamTypes.name, TEAM_TYPE.brand));
      const [team] = await tx
        .insert(schema.teams)
        .values({
          name: `${user.userName.toLowerCase()}-team`,
          displayName: `${user.firstName}'s team`,
          clientId: user.clientId,
          typeId: brand?.id ?? 3,
        })
        .returning();
      if (!team) throw new Error("team insert failed");
      await tx.insert(schema.teamUsers).values({
        teamId: team.id,
        userId: user.userId,
        roleName: "ADMIN",
        defaultTeam: true,
        invitationStatus: "ACCEPTED",
      });
    });
    teams = (await loadTeams(db, user.userId)).filter((t) => !t.pending && isActiveInvitation(t.invitationStatus));
  }
  const currentTeam = teams.find((t) => t.defaultTeam) ?? teams[0] ?? null;
  return {
    currentTeam,
    isTeamAdmin: currentTeam?.roleName === "ADMIN",
    teams,
    teamsPermissions: teams.map((t) => ({ teamId: t.id, permission: t.roleName, pending: t.pending })),
    currentTeamType: currentTeam?.typeName ?? null,
    isDataAdmin: teams.some((t) => t.typeName === TEAM_TYPE.admin || t.typeName === TEAM_TYPE.designTeam),
  };
};

/** The full session of spec 3 for the given user: profile with its defaults, productDevData, client. */
export const getUserData = async (db: HubDb, principal: Principal): Promise<TUserDataResponse | null> => {
  const [row] = await db
    .select({
      user: schema.users,
      subscriptionName: schema.subscriptions.name,
      subscriptionId: schema.clients.subscriptionId,
      clientName: schema.clients.clientName,
      siteName: schema.clients.siteName,
    })
    .from(schema.users)
    .leftJoin(schema.clients, eq(schema.clients.clientId, schema.users.clientId))
    .leftJoin(schema.subscriptions, eq(schema.subscriptions.subscriptionId, schema.clients.subscriptionId))
    .where(eq(schema.users.userId, principal.userId));
  if (!row) return null;
  const u = row.user;
  const factoryRows =
    principal.factoryIds.length > 0
      ? await db.select().from(schema.factories).where(sql`${schema.factories.factoryId} in ${principal.factoryIds}`)
      : [];
  const user: TCurrentUser = {
    userId: u.userId,
    userName: u.userName,
    email: u.email,
    userType: principal.userType,
    userRoles: principal.roles.map((roleName) => ({ roleName })),
    firstName: u.firstName,
    lastName: u.lastName,
    defaultSite: u.defaultSite,
    available: u.available,
    allowedSites: u.allowedSites,
    clientId: u.clientId,
    factory: factoryRows.map((f) => ({
      factoryId: f.factoryId,
      name: f.name,
      requires_subscriptions: f.requiresSubscriptions,
    })),
    manufacturerId: u.manufacturerId,
    userFactoryId: u.userFactoryId,
    manufacturingFactoryId: u.manufacturingFactoryId,
    logiComposerUsername: u.logiComposerUsername,
    isClientAdmin: u.isClientAdmin,
    subscriptionName: row.subscriptionName ?? null,
    groups: [principal.userType, ...principal.roles],
    cardAccess: [...principal.cards].sort().map((routeName) => ({ routeName })),
    favorites: [],
    keyPrefix: u.keyPrefix,
    isSuperadmin: principal.isSuperadmin,
  };
  // Spec 4: internal users work in their stored session client (validated by the principal resolver).
  const [chosen] =
    principal.isInternal && principal.sessionClientId !== null
      ? await db
          .select({
            clientId: schema.clients.clientId,
            clientName: schema.clients.clientName,
            siteName: schema.clients.siteName,
            subscriptionId: schema.clients.subscriptionId,
          })
          .from(schema.clients)
          .where(eq(schema.clients.clientId, principal.sessionClientId))
      : [];
  return {
    user,
    productDevData: await productDevDataFor(db, u),
    sessionClient: chosen
      ? chosen
      : u.clientId !== null && row.clientName !== null && row.siteName !== null
        ? {
            clientId: u.clientId,
            clientName: row.clientName,
            siteName: row.siteName,
            subscriptionId: row.subscriptionId ?? null,
          }
        : null,
  };
};
