import {
  TEAM_MESSAGES,
  TEAM_TYPE,
  type TMyTeam,
  type TPage,
  type TPageQuery,
  type TTeamCreateRequest,
  type TTeamInviteRequest,
  type TTeamMember,
  type TTeamRole,
  type TTeamSummary,
  type TTeamUpdateRequest,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { HubConfig } from "../../platform/config";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import { sendMessage, to } from "../messages/send";
import { activeMembership, requireTeamAdmin } from "./current";

const t = schema.teams;
const tt = schema.teamTypes;
const tu = schema.teamUsers;
const u = schema.users;
const c = schema.clients;

const memberCount = sql<number>`(select count(*)::int from ${tu} m where m.team_id = ${t.id} and m.pending = false and (m.invitation_status is null or m.invitation_status = 'ACCEPTED'))`;

const audit = (db: HubDb | HubTx, p: Principal, action: string, teamId: number, detail?: Record<string, unknown>) =>
  recordAudit(db, {
    actor: p.userName,
    action: `team.${action}`,
    subject: `team:${teamId}`,
    ...(detail ? { detail } : {}),
  });

/** A team as its lists show it: its names, its client (joined), its type's name (joined) and its member count. */
const teamColumns = {
  id: t.id,
  name: t.name,
  displayName: t.displayName,
  clientId: t.clientId,
  clientName: c.clientName,
  typeName: tt.name,
  memberCount,
};

/** The caller's teams: active ones and invitations to answer (declined ones are gone). */
export const myTeams = async (db: HubDb, p: Principal): Promise<TMyTeam[]> => {
  const rows = await db
    .select({
      ...teamColumns,
      typeId: t.typeId,
      membershipId: tu.id,
      roleName: tu.roleName,
      defaultTeam: tu.defaultTeam,
      pending: tu.pending,
      invitationStatus: tu.invitationStatus,
      approvalBySecondPerson: t.approvalBySecondPerson,
    })
    .from(tu)
    .innerJoin(t, eq(t.id, tu.teamId))
    .innerJoin(tt, eq(tt.id, t.typeId))
    .leftJoin(c, eq(c.clientId, t.clientId))
    .where(and(eq(tu.userId, p.userId), sql`coalesce(${tu.invitationStatus}, '') <> 'DECLINED'`))
    .orderBy(asc(t.displayName), asc(t.id));
  return rows.map((r) => ({ ...r, invitationStatus: (r.invitationStatus as TMyTeam["invitationStatus"]) ?? null }));
};

/** One of the caller's teams (an active one or an invitation); another is a 404. */
const myTeam = async (db: HubDb, p: Principal, teamId: number): Promise<TMyTeam> => {
  const found = (await myTeams(db, p)).find((x) => x.id === teamId);
  if (!found) throw notFound("That team");
  return found;
};

/** The id of the caller's active membership of the team; none is a 404 (the team is not theirs to see). */
const myMembership = async (db: HubDb | HubTx, p: Principal, teamId: number): Promise<number> => {
  const [row] = await db
    .select({ id: tu.id })
    .from(tu)
    .where(and(eq(tu.teamId, teamId), eq(tu.userId, p.userId), activeMembership()));
  if (!row) throw notFound("That team");
  return row.id;
};

export const teamTypes = async (db: HubDb) => db.select({ id: tt.id, name: tt.name }).from(tt).orderBy(asc(tt.id));

/** The impersonation list: every team with its client and admins (internal admins only). */
export const allTeams = async (db: HubDb, q: TPageQuery, id?: number): Promise<TPage<TTeamSummary>> => {
  const where = and(searchAny(q.searchString, [t.displayName, t.name, c.clientName]), id ? eq(t.id, id) : undefined);
  const rows = await db
    .select({
      ...teamColumns,
      admins: sql<string>`coalesce((select string_agg(au.user_name, ', ' order by au.user_name) from ${tu} a join ${u} au on au.user_id = a.user_id where a.team_id = ${t.id} and a.role_name = 'ADMIN' and a.pending = false), '')`,
    })
    .from(t)
    .innerJoin(tt, eq(tt.id, t.typeId))
    .leftJoin(c, eq(c.clientId, t.clientId))
    .where(where)
    .orderBy(
      ...orderByFor(
        q.sort,
        { displayName: t.displayName, clientName: c.clientName, typeName: tt.name },
        ["displayName", "asc"],
        t.id,
      ),
    )
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(t).leftJoin(c, eq(c.clientId, t.clientId)).where(where);
  return toPage(rows, Number(total?.n ?? 0), q);
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || "team";

/** A new team in the caller's client (internal admins name one, or none); the caller is its admin. */
export const createTeam = async (db: HubDb, p: Principal, req: TTeamCreateRequest): Promise<TMyTeam> => {
  if (req.typeName === TEAM_TYPE.admin && !p.isInternal) throw forbidden("Only internal admins make ADMIN teams.");
  let clientId: number | null = p.clientId;
  if (p.isInternal) {
    clientId = req.clientId ?? p.sessionClientId;
    if (clientId !== null) {
      const [row] = await db.select({ id: c.clientId }).from(c).where(eq(c.clientId, clientId));
      if (!row) throw badRequest("That client does not exist.", { clientId: "Unknown client" });
    }
  } else if (req.clientId != null && req.clientId !== p.clientId) {
    throw badRequest("You can make teams of your own client only.", { clientId: "Not your client" });
  }
  const id = await db.transaction(async (tx) => {
    const [type] = await tx.select().from(tt).where(eq(tt.name, req.typeName));
    if (!type) throw badRequest("Unknown team type.", { typeName: "Unknown team type" });
    const [team] = await tx
      .insert(t)
      .values({
        name: `${slug(req.displayName)}-${Date.now().toString(36)}`,
        displayName: req.displayName,
        clientId,
        typeId: type.id,
      })
      .returning({ id: t.id });
    if (!team) throw new Error("team insert failed");
    await tx.insert(tu).values({
      teamId: team.id,
      userId: p.userId,
      roleName: "ADMIN",
      defaultTeam: false,
      invitationStatus: "ACCEPTED",
    });
    await audit(tx, p, "create", team.id, { displayName: req.displayName });
    return team.id;
  });
  return myTeam(db, p, id);
};

/** A team admin renames the team. */
export const updateTeam = async (
  db: HubDb,
  p: Principal,
  id: number,
  req: TTeamUpdateRequest,
): Promise<TTeamSummary> => {
  await db.transaction(async (tx) => {
    await requireTeamAdmin(tx, p, id);
    await tx
      .update(t)
      .set({
        displayName: req.displayName,
        ...(req.approvalBySecondPerson === undefined ? {} : { approvalBySecondPerson: req.approvalBySecondPerson }),
      })
      .where(eq(t.id, id));
    await audit(tx, p, "update", id, { ...req });
  });
  const [found] = (await allTeams(db, { page: 0, size: 1, searchString: undefined, sort: undefined }, id)).items;
  if (!found) throw notFound("That team");
  return found;
};

/** The current team of a member: remembered as their default team (spec 4). */
export const setCurrentTeam = async (db: HubDb, p: Principal, teamId: number): Promise<TMyTeam> => {
  await db.transaction(async (tx) => {
    const membershipId = await myMembership(tx, p, teamId);
    await tx
      .update(tu)
      .set({ defaultTeam: false })
      .where(and(eq(tu.userId, p.userId), ne(tu.id, membershipId)));
    await tx.update(tu).set({ defaultTeam: true }).where(eq(tu.id, membershipId));
  });
  return myTeam(db, p, teamId);
};

const memberColumns = {
  id: tu.id,
  teamId: tu.teamId,
  userId: tu.userId,
  userName: u.userName,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  roleName: tu.roleName,
  pending: tu.pending,
  invitationStatus: tu.invitationStatus,
};
const toMember = (r: { invitationStatus: string | null } & Omit<TTeamMember, "invitationStatus">): TTeamMember => ({
  ...r,
  invitationStatus: (r.invitationStatus as TTeamMember["invitationStatus"]) ?? null,
});

/** A team's members and open invitations: for its active members and internal admins (others 404). */
export const teamMembers = async (db: HubDb, p: Principal, teamId: number): Promise<TTeamMember[]> => {
  const [team] = await db.select({ id: t.id }).from(t).where(eq(t.id, teamId));
  if (!team) throw notFound("That team");
  if (!p.isInternal) await myMembership(db, p, teamId);
  const rows = await db
    .select(memberColumns)
    .from(tu)
    .innerJoin(u, eq(u.userId, tu.userId))
    .where(and(eq(tu.teamId, teamId), sql`coalesce(${tu.invitationStatus}, '') <> 'DECLINED'`))
    .orderBy(asc(tu.pending), asc(u.firstName), asc(u.lastName), asc(tu.id));
  return rows.map(toMember);
};

/** A membership or invitation as its member row; `what` names it when it is gone ("That member"). */
const memberRow = async (db: HubDb | HubTx, id: number, what: string): Promise<TTeamMember> => {
  const [row] = await db.select(memberColumns).from(tu).innerJoin(u, eq(u.userId, tu.userId)).where(eq(tu.id, id));
  if (!row) throw notFound(what);
  return toMember(row);
};

/**
 * A team admin invites someone by email: an existing Hub user who is not a user of another client.
 * The membership is pending (invitationStatus PENDING) until they accept; a declined invitation
 * may be sent again. The invitee gets an email.
 */
export const inviteMember = async (
  db: HubDb,
  mailer: Mailer,
  config: HubConfig,
  p: Principal,
  req: TTeamInviteRequest,
): Promise<TTeamMember> => {
  const { id, email, team } = await db.transaction(async (tx) => {
    await requireTeamAdmin(tx, p, req.teamId);
    const [team] = await tx.select().from(t).where(eq(t.id, req.teamId));
    if (!team) throw notFound("That team");
    const [invitee] = await tx
      .select({ userId: u.userId, clientId: u.clientId, email: u.email })
      .from(u)
      .where(sql`lower(${u.email}) = ${req.email}`)
      .orderBy(asc(u.userId))
      .limit(1);
    if (!invitee) throw badRequest(TEAM_MESSAGES.unknownEmail, { email: TEAM_MESSAGES.unknownEmail });
    if (invitee.clientId !== null && team.clientId !== null && invitee.clientId !== team.clientId)
      throw badRequest(TEAM_MESSAGES.otherClient, { email: TEAM_MESSAGES.otherClient });
    const [existing] = await tx
      .select()
      .from(tu)
      .where(and(eq(tu.teamId, req.teamId), eq(tu.userId, invitee.userId)));
    let id: number;
    if (existing) {
      if (existing.invitationStatus === "PENDING")
        throw conflict(TEAM_MESSAGES.alreadyInvited, { email: TEAM_MESSAGES.alreadyInvited });
      if (existing.invitationStatus !== "DECLINED")
        throw conflict(TEAM_MESSAGES.alreadyMember, { email: TEAM_MESSAGES.alreadyMember });
      await tx
        .update(tu)
        .set({ pending: true, invitationStatus: "PENDING", roleName: req.roleName, defaultTeam: false })
        .where(eq(tu.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(tu)
        .values({
          teamId: req.teamId,
          userId: invitee.userId,
          roleName: req.roleName,
          defaultTeam: false,
          pending: true,
          invitationStatus: "PENDING",
        })
        .returning({ id: tu.id });
      if (!row) throw new Error("invitation insert failed");
      id = row.id;
    }
    await audit(tx, p, "invite", req.teamId, { userId: invitee.userId, roleName: req.roleName });
    return { id, email: invitee.email, team };
  });
  await mailer.send({
    to: email,
    subject: TEAM_MESSAGES.inviteMail.subject(team.displayName),
    text: TEAM_MESSAGES.inviteMail.body(p.userName, team.displayName, `${config.publicUrl}/productDev/teamManagement`),
  });
  return memberRow(db, id, "That member");
};

/** The invitee (only) answers: ACCEPTED makes the membership active, DECLINED hides it. */
export const answerInvitation = async (
  db: HubDb,
  p: Principal,
  id: number,
  status: "ACCEPTED" | "DECLINED",
): Promise<TTeamMember> => {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tu).where(eq(tu.id, id));
    if (!row || row.userId !== p.userId) throw notFound("That invitation");
    if (row.invitationStatus !== "PENDING") throw conflict(TEAM_MESSAGES.notInvited);
    await tx
      .update(tu)
      .set(status === "ACCEPTED" ? { pending: false, invitationStatus: "ACCEPTED" } : { invitationStatus: "DECLINED" })
      .where(eq(tu.id, id));
    await audit(tx, p, status === "ACCEPTED" ? "accept" : "decline", row.teamId);
    // The team's admins hear who joined.
    if (status === "ACCEPTED") {
      const [team] = await tx
        .select({ name: schema.teams.displayName })
        .from(schema.teams)
        .where(eq(schema.teams.id, row.teamId));
      await sendMessage(
        tx,
        {
          kind: "team.invitationAccepted",
          title: `${p.userName} joined ${team?.name ?? "your team"}`,
          body: `${p.userName} accepted the invitation and is now a member.`,
          link: "/productDev/teamManagement",
        },
        to.team(row.teamId, true),
      );
    }
  });
  return memberRow(db, id, "That invitation");
};

/** A team the caller cannot see makes its membership unknown too. */
const asMemberNotFound = (e: unknown): never => {
  throw e instanceof HttpError && e.status === 404 ? notFound("That member") : e;
};

/** Admins (active, not pending) of a team other than the membership `except`. */
const otherAdmins = async (tx: HubTx, teamId: number, except: number) => {
  const [row] = await tx
    .select({ n: count() })
    .from(tu)
    .where(and(eq(tu.teamId, teamId), ne(tu.id, except), eq(tu.roleName, "ADMIN"), activeMembership()));
  return Number(row?.n ?? 0);
};

/** A team admin sets a member's role; the last admin cannot step down. */
export const setMemberRole = async (db: HubDb, p: Principal, id: number, roleName: TTeamRole): Promise<TTeamMember> => {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tu).where(eq(tu.id, id));
    if (!row) throw notFound("That member");
    await requireTeamAdmin(tx, p, row.teamId).catch(asMemberNotFound);
    // The row lock makes two demotions of the last two admins wait for each other.
    await tx.select({ id: t.id }).from(t).where(eq(t.id, row.teamId)).for("update");
    if (roleName !== "ADMIN" && row.roleName === "ADMIN" && (await otherAdmins(tx, row.teamId, id)) === 0)
      throw conflict(TEAM_MESSAGES.lastAdmin, { roleName: TEAM_MESSAGES.lastAdmin });
    await tx.update(tu).set({ roleName }).where(eq(tu.id, id));
    await audit(tx, p, "role", row.teamId, { userId: row.userId, roleName });
  });
  return memberRow(db, id, "That member");
};

/** A team admin removes a member or withdraws an invitation; a member may leave. Never the last admin. */
export const removeMember = async (db: HubDb, p: Principal, id: number): Promise<void> => {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tu).where(eq(tu.id, id));
    if (!row) throw notFound("That member");
    if (row.userId !== p.userId) {
      await requireTeamAdmin(tx, p, row.teamId).catch(asMemberNotFound);
    }
    await tx.select({ id: t.id }).from(t).where(eq(t.id, row.teamId)).for("update");
    if (row.roleName === "ADMIN" && !row.pending && (await otherAdmins(tx, row.teamId, id)) === 0)
      throw conflict(TEAM_MESSAGES.lastAdmin);
    await tx.delete(tu).where(eq(tu.id, id));
    await audit(tx, p, "remove", row.teamId, { userId: row.userId });
  });
};
