import type {
  TClientUser,
  TClientUsersQuery,
  TClientUsersResponse,
  TClientUserUpdate,
  TInvitation,
  TInvitationCreate,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { HubConfig } from "../../platform/config";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { Mailer } from "../../platform/mail";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import type { Principal } from "../../platform/principal";
import {
  type ClientContext,
  countActiveUsers,
  countOpenInvitations,
  requireClient,
  requireClientAdmin,
} from "./subscription.service";

const u = schema.users;
const p = schema.pendingUsers;

const clientUserColumns = {
  userId: u.userId,
  userName: u.userName,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  available: u.available,
  testUser: u.testUser,
  isClientAdmin: u.isClientAdmin,
};
/** A client's users sort by every column they show but the id and the admin flag. */
const { userId: _id, isClientAdmin: _admin, ...CLIENT_USER_SORT } = clientUserColumns;

const toInvitation = (row: typeof p.$inferSelect): TInvitation => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  clientId: row.clientId,
  registered: row.registered,
  createdAt: row.createdAt.toISOString(),
});

/** The caller's client's open invitations (pending users with registered = false), newest first. */
export const listInvitations = async (db: HubDb, me: Principal): Promise<TInvitation[]> => {
  const ctx = await requireClient(db, me);
  const rows = await db
    .select()
    .from(p)
    .where(and(eq(p.clientId, ctx.clientId), eq(p.registered, false)))
    .orderBy(sql`${p.createdAt} desc`, asc(p.id));
  return rows.map(toInvitation);
};

/** The caller's client's users, paged and searchable, with its open invitations. */
export const listClientUsers = async (
  db: HubDb,
  me: Principal,
  q: TClientUsersQuery,
): Promise<TClientUsersResponse> => {
  const ctx = await requireClient(db, me);
  const where = and(
    eq(u.clientId, ctx.clientId),
    searchAny(q.searchString, [u.userName, u.email, u.firstName, u.lastName]),
  );
  const order = orderByFor(q.sort, CLIENT_USER_SORT, ["userName", "asc"], u.userId);
  const rows: TClientUser[] = await db
    .select(clientUserColumns)
    .from(u)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(u).where(where);
  return { ...toPage(rows, Number(count?.n ?? 0), q), invitations: await listInvitations(db, me) };
};

/** A client admin turns a user of its own client on or off, or marks a test user. */
export const updateClientUser = async (
  db: HubDb,
  me: Principal,
  userId: number,
  patch: TClientUserUpdate,
): Promise<TClientUser> =>
  db.transaction(async (tx) => {
    const ctx = await requireClientAdmin(tx, me);
    const [target] = await tx
      .select(clientUserColumns)
      .from(u)
      .where(and(eq(u.userId, userId), eq(u.clientId, ctx.clientId)));
    if (!target) throw notFound("That user");
    if (userId === me.userId && patch.available === false) {
      throw badRequest("You cannot deactivate yourself.", { available: "You cannot deactivate yourself" });
    }
    const set: Partial<typeof u.$inferInsert> = {};
    if (patch.available !== undefined) set.available = patch.available;
    if (patch.testUser !== undefined) set.testUser = patch.testUser;
    const [updated] = await tx.update(u).set(set).where(eq(u.userId, userId)).returning(clientUserColumns);
    if (!updated) throw notFound("That user");
    await recordAudit(tx, {
      actor: me.userName,
      action: "clientUser.update",
      subject: `user:${userId}`,
      detail: {
        clientId: ctx.clientId,
        ...(patch.available !== undefined ? { available: { from: target.available, to: patch.available } } : {}),
        ...(patch.testUser !== undefined ? { testUser: { from: target.testUser, to: patch.testUser } } : {}),
      },
    });
    return updated;
  });

/** The registration link of an invitation: the register page pre-fills the email and names the client. */
export const invitationLink = (publicUrl: string, email: string, clientName: string) =>
  `${publicUrl.replace(/\/$/, "")}/auth/register?email=${encodeURIComponent(email)}&clientName=${encodeURIComponent(clientName)}`;

/** userRegistrationEmail of spec 7: email, first name and client name. */
const sendRegistrationEmail = async (
  mailer: Mailer,
  config: HubConfig,
  invite: { email: string; firstName: string | null },
  ctx: ClientContext,
) => {
  const link = invitationLink(config.publicUrl, invite.email, ctx.clientName);
  await mailer.send({
    to: invite.email,
    subject: `You are invited to join ${ctx.clientName} on the Hub`,
    text: [
      `Hello ${invite.firstName ?? invite.email},`,
      "",
      `You have been invited to join ${ctx.clientName} on the Hub.`,
      `Register with this email address (${invite.email}) to join:`,
      link,
      "",
      "If you did not expect this invitation, you can ignore this email.",
    ].join("\n"),
  });
};

/** A client admin invites someone by email: a pending user and the registration email. */
export const createInvitation = async (
  db: HubDb,
  mailer: Mailer,
  config: HubConfig,
  me: Principal,
  input: TInvitationCreate,
): Promise<TInvitation> => {
  const { row, ctx } = await db.transaction(async (tx) => {
    const ctx = await requireClientAdmin(tx, me, { lock: true });
    const email = input.email.trim().toLowerCase();
    const [existingUser] = await tx
      .select({ userId: u.userId })
      .from(u)
      .where(sql`lower(${u.email}) = ${email}`)
      .limit(1);
    if (existingUser)
      throw conflict("A user with this email already exists.", { email: "A user with this email already exists" });
    const [existingInvite] = await tx
      .select({ id: p.id })
      .from(p)
      .where(and(sql`lower(${p.email}) = ${email}`, eq(p.registered, false)))
      .limit(1);
    if (existingInvite)
      throw conflict("This email has already been invited.", { email: "This email has already been invited" });
    if (ctx.plan) {
      const active = await countActiveUsers(tx, ctx.clientId);
      const open = await countOpenInvitations(tx, ctx.clientId);
      if (active + open + 1 > ctx.plan.nbrOfUsers) {
        throw conflict(
          `Your ${ctx.plan.name} plan allows ${ctx.plan.nbrOfUsers} users and your client has ${active} active ` +
            `and ${open} invited. Upgrade your plan on Manage Subscription (or deactivate a user) to invite more.`,
        );
      }
    }
    const [row] = await tx
      .insert(p)
      .values({ email, firstName: input.firstName, clientId: ctx.clientId, registered: false })
      .returning();
    if (!row) throw new Error("invitation insert failed");
    await recordAudit(tx, {
      actor: me.userName,
      action: "invitation.create",
      subject: `pendingUser:${row.id}`,
      detail: { email, clientId: ctx.clientId },
    });
    return { row, ctx };
  });
  await sendRegistrationEmail(mailer, config, row, ctx);
  return toInvitation(row);
};

const openInvitationOf = async (db: HubDb | HubTx, ctx: ClientContext, id: number) => {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, id), eq(p.clientId, ctx.clientId), eq(p.registered, false)));
  if (!row) throw notFound("That invitation");
  return row;
};

export const resendInvitation = async (
  db: HubDb,
  mailer: Mailer,
  config: HubConfig,
  me: Principal,
  id: number,
): Promise<TInvitation> => {
  const ctx = await requireClientAdmin(db, me);
  const row = await openInvitationOf(db, ctx, id);
  await sendRegistrationEmail(mailer, config, row, ctx);
  await recordAudit(db, {
    actor: me.userName,
    action: "invitation.resend",
    subject: `pendingUser:${row.id}`,
    detail: { email: row.email },
  });
  return toInvitation(row);
};

/** Spec 7's pending user by email (trimmed, lower-cased), within the caller's client. */
export const invitationByEmail = async (db: HubDb, me: Principal, email: string): Promise<TInvitation> => {
  const ctx = await requireClient(db, me);
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.clientId, ctx.clientId), eq(p.registered, false), sql`lower(${p.email}) = ${email}`));
  if (!row) throw notFound("An open invitation for that email");
  return toInvitation(row);
};

/** Corrects an open invitation's email or first name; a new address gets the registration email. */
export const updateInvitation = async (
  db: HubDb,
  mailer: Mailer,
  config: HubConfig,
  me: Principal,
  id: number,
  input: TInvitationCreate,
): Promise<TInvitation> => {
  const email = input.email.trim().toLowerCase();
  const { row, ctx, moved } = await db.transaction(async (tx) => {
    const ctx = await requireClientAdmin(tx, me, { lock: true });
    const before = await openInvitationOf(tx, ctx, id);
    const moved = before.email.toLowerCase() !== email;
    if (moved) {
      const [user] = await tx.select({ userId: u.userId }).from(u).where(sql`lower(${u.email}) = ${email}`).limit(1);
      if (user)
        throw conflict("A user with this email already exists.", { email: "A user with this email already exists" });
      const [other] = await tx
        .select({ id: p.id })
        .from(p)
        .where(and(sql`lower(${p.email}) = ${email}`, eq(p.registered, false)))
        .limit(1);
      if (other)
        throw conflict("This email has already been invited.", { email: "This email has already been invited" });
    }
    const [row] = await tx.update(p).set({ email, firstName: input.firstName }).where(eq(p.id, id)).returning();
    if (!row) throw notFound("That invitation");
    await recordAudit(tx, {
      actor: me.userName,
      action: "invitation.update",
      subject: `pendingUser:${id}`,
      detail: { from: before.email, to: email },
    });
    return { row, ctx, moved };
  });
  if (moved) await sendRegistrationEmail(mailer, config, row, ctx);
  return toInvitation(row);
};

export const revokeInvitation = async (db: HubDb, me: Principal, id: number): Promise<void> => {
  await db.transaction(async (tx) => {
    const ctx = await requireClientAdmin(tx, me);
    const [row] = await tx
      .delete(p)
      .where(and(eq(p.id, id), eq(p.clientId, ctx.clientId), eq(p.registered, false)))
      .returning();
    if (!row) throw notFound("That invitation");
    await recordAudit(tx, {
      actor: me.userName,
      action: "invitation.revoke",
      subject: `pendingUser:${row.id}`,
      detail: { email: row.email, clientId: ctx.clientId },
    });
  });
};
