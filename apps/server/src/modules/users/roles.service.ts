import {
  ACCOUNT_KINDS,
  cardSections,
  ROLE_NAMES,
  type TUserFormOptions,
  type TUserRole,
  type TUserTypeName,
  USER_TYPES,
} from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, type SQL } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { u } from "./users-rows";

/** The users screens' form options, and a user's roles (the superadmin role only by a superadmin). */

/** The form options of the edit and create screens. */
export const formOptions = async (db: HubDb): Promise<TUserFormOptions> => {
  const [roles, clients, factories] = await Promise.all([
    db
      .select({ id: schema.roles.id, roleName: schema.roles.roleName })
      .from(schema.roles)
      .orderBy(asc(schema.roles.roleName)),
    db
      .select({
        clientId: schema.clients.clientId,
        clientName: schema.clients.clientName,
        siteName: schema.clients.siteName,
      })
      .from(schema.clients)
      .orderBy(asc(schema.clients.clientName)),
    db
      .select({ factoryId: schema.factories.factoryId, name: schema.factories.name, kind: schema.factories.kind })
      .from(schema.factories)
      .orderBy(asc(schema.factories.name)),
  ]);
  return {
    userTypes: USER_TYPES.map((t) => ({
      id: t.id,
      name: t.name,
      label: t.label,
      isFacility: t.isFacility,
      isInternal: t.isInternal,
    })),
    accountKinds: [...ACCOUNT_KINDS],
    roles,
    clients,
    factories,
    cardSections: cardSections(),
  };
};

export const listRoles = (db: HubDb) =>
  db
    .select({ id: schema.roles.id, roleName: schema.roles.roleName })
    .from(schema.roles)
    .orderBy(asc(schema.roles.roleName));

export const listUserTypes = async (db: HubDb) =>
  db
    .select({
      id: schema.userTypes.id,
      name: schema.userTypes.name,
      label: schema.userTypes.label,
      isFacility: schema.userTypes.isFacility,
      isInternal: schema.userTypes.isInternal,
    })
    .from(schema.userTypes)
    .orderBy(asc(schema.userTypes.id))
    .then((rows) =>
      rows.flatMap((r) => (USER_TYPES.some((t) => t.name === r.name) ? [{ ...r, name: r.name as TUserTypeName }] : [])),
    );

const userRoleRows = (db: HubDb, where: SQL) =>
  db
    .select({
      id: schema.userRoles.id,
      userId: schema.userRoles.userId,
      roleId: schema.userRoles.roleId,
      roleName: schema.roles.roleName,
    })
    .from(schema.userRoles)
    .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
    .where(where)
    .orderBy(asc(schema.roles.roleName));

/** GET /api/userRole?userId= */
export const listUserRoles = async (db: HubDb, userId: number): Promise<TUserRole[]> => {
  const [user] = await db.select({ userId: u.userId }).from(u).where(eq(u.userId, userId));
  if (!user) throw notFound("That user");
  return userRoleRows(db, eq(schema.userRoles.userId, userId));
};

/** POST /api/userRole: links a user to a role; the superadmin role only by a superadmin. */
export const createUserRole = async (
  db: HubDb,
  me: Principal,
  input: { userId: number; roleName: string },
): Promise<TUserRole> => {
  const [user] = await db.select({ userId: u.userId, userName: u.userName }).from(u).where(eq(u.userId, input.userId));
  if (!user) throw notFound("That user");
  const [role] = await db.select().from(schema.roles).where(eq(schema.roles.roleName, input.roleName));
  if (!role) throw badRequest(`Unknown role: ${input.roleName}.`, { roleName: "Unknown role" });
  if (role.roleName === ROLE_NAMES.superadmin && !me.isSuperadmin)
    throw forbidden("Only a superadmin can grant the superadmin role.");
  const [existing] = await db
    .select({ id: schema.userRoles.id })
    .from(schema.userRoles)
    .where(and(eq(schema.userRoles.userId, user.userId), eq(schema.userRoles.roleId, role.id)));
  if (existing) throw conflict("The user already has that role.", { roleName: "The user already has this role" });
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.userRoles)
      .values({ userId: user.userId, roleId: role.id })
      .returning({ id: schema.userRoles.id });
    if (!row) throw new Error("user role insert failed");
    await recordAudit(tx, {
      actor: me.userName,
      action: "userRole.create",
      subject: `user:${user.userId}:${user.userName}`,
      detail: { roleName: role.roleName, userRoleId: row.id },
    });
    return row.id;
  });
  return { id, userId: user.userId, roleId: role.id, roleName: role.roleName };
};

/** DELETE /api/userRole/:id: removes a link; nobody removes their own superadmin role. */
export const deleteUserRole = async (db: HubDb, me: Principal, id: number): Promise<void> => {
  const [link] = await userRoleRows(db, eq(schema.userRoles.id, id));
  if (!link) throw notFound("That user role");
  if (link.roleName === ROLE_NAMES.superadmin) {
    if (link.userId === me.userId)
      throw badRequest("You cannot remove your own superadmin role. Ask another superadmin.");
    if (!me.isSuperadmin) throw forbidden("Only a superadmin can remove the superadmin role.");
  }
  const [user] = await db.select({ userName: u.userName }).from(u).where(eq(u.userId, link.userId));
  await db.transaction(async (tx) => {
    await tx.delete(schema.userRoles).where(eq(schema.userRoles.id, id));
    await recordAudit(tx, {
      actor: me.userName,
      action: "userRole.delete",
      subject: `user:${link.userId}:${user?.userName ?? ""}`,
      detail: { roleName: link.roleName, userRoleId: id },
    });
  });
};
