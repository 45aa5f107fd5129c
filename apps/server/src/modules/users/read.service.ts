import { type TUserDetail, type TUserListItem, type TUserListQuery, type TUserPage, USER_TYPES } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { toCsv } from "../../platform/csv";
import { notFound } from "../../platform/errors";
import { toPage } from "../../platform/paging";
import { cardsOf } from "../../platform/principal";
import { rolesByUser, selectList, toListItems, typeById, u, usersFilter } from "./users-rows";

/** Reading users: the list, its CSV, the lookups other areas use, and one user's detail with its card grants. */

/** GET /api/users: every user, searched, sorted and paged. */
export const listUsers = async (db: HubDb, q: TUserListQuery): Promise<TUserPage> => {
  const { where, order } = usersFilter(q);
  const rows = await selectList(db, where)
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(u).where(where);
  return toPage(await toListItems(db, rows), count?.n ?? 0, q);
};

/** GET /api/users/export.csv: every user the list's search and filters find, in its order. */
export const exportUsersCsv = async (db: HubDb, q: Omit<TUserListQuery, "page" | "size">): Promise<string> => {
  const { where, order } = usersFilter(q);
  const users = await toListItems(
    db,
    await selectList(db, where)
      .orderBy(...order)
      .limit(100_000),
  );
  return toCsv(
    ["Username", "First name", "Last name", "Email", "Type", "Client", "Roles", "Status", "Test user", "Created"],
    users.map((x) => [
      x.userName,
      x.firstName,
      x.lastName,
      x.email,
      USER_TYPES.find((t) => t.name === x.userType)?.label ?? x.userType,
      x.clientName,
      x.roles,
      x.available ? "Active" : "Inactive",
      x.testUser ? "Yes" : "No",
      x.createdAt,
    ]),
  );
};

/** Internal admins: users of an internal type (icreate). */
export const listInternalAdmins = async (db: HubDb): Promise<TUserListItem[]> => {
  const internal = USER_TYPES.filter((t) => t.isInternal).map((t) => t.id);
  return toListItems(db, await selectList(db, inArray(u.typeId, internal)).orderBy(asc(sql`lower(${u.userName})`)));
};

/** Users by email, trimmed and lowercased (emails are not unique across Hub users). */
export const listUsersByEmail = async (db: HubDb, email: string): Promise<TUserListItem[]> =>
  toListItems(db, await selectList(db, sql`lower(${u.email}) = ${email.trim().toLowerCase()}`).orderBy(asc(u.userId)));

/** A client's users; 404 for a client that does not exist. */
export const listUsersByClient = async (db: HubDb, clientId: number): Promise<TUserListItem[]> => {
  const [client] = await db
    .select({ clientId: schema.clients.clientId })
    .from(schema.clients)
    .where(eq(schema.clients.clientId, clientId));
  if (!client) throw notFound("That client");
  return toListItems(db, await selectList(db, eq(u.clientId, clientId)).orderBy(asc(sql`lower(${u.userName})`)));
};

const userGrants = async (db: HubDb, userId: number) => {
  const rows = await db
    .select({ routeName: schema.cardGrants.routeName, granted: schema.cardGrants.granted })
    .from(schema.cardGrants)
    .where(eq(schema.cardGrants.userId, userId))
    .orderBy(asc(schema.cardGrants.routeName));
  return {
    granted: rows.filter((r) => r.granted).map((r) => r.routeName),
    denied: rows.filter((r) => !r.granted).map((r) => r.routeName),
  };
};

/** GET /api/users/:id */
export const getUser = async (db: HubDb, userId: number): Promise<TUserDetail> => {
  const [row] = await db
    .select({ user: u, clientName: schema.clients.clientName })
    .from(u)
    .leftJoin(schema.clients, eq(schema.clients.clientId, u.clientId))
    .where(eq(u.userId, userId));
  if (!row) throw notFound("That user");
  const user = row.user;
  const roles = (await rolesByUser(db, [userId])).get(userId) ?? [];
  const grants = await userGrants(db, userId);
  const roleIds = roles.map((r) => r.roleId);
  const effective = await cardsOf(db, userId, user.typeId, roleIds);
  const inheritedRows = await db
    .selectDistinct({ routeName: schema.cardGrants.routeName })
    .from(schema.cardGrants)
    .where(
      and(
        eq(schema.cardGrants.granted, true),
        or(
          eq(schema.cardGrants.typeId, user.typeId),
          roleIds.length > 0 ? inArray(schema.cardGrants.roleId, roleIds) : undefined,
        ),
      ),
    );
  return {
    userId: user.userId,
    userName: user.userName,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: typeById(user.typeId).name,
    typeId: user.typeId,
    roles: roles.map((r) => r.roleName),
    userRoles: roles.map((r) => ({ id: r.id, roleName: r.roleName })),
    clientId: user.clientId,
    clientName: row.clientName,
    defaultSite: user.defaultSite,
    allowedSites: user.allowedSites,
    isClientAdmin: user.isClientAdmin,
    manufacturerId: user.manufacturerId,
    userFactoryId: user.userFactoryId,
    manufacturingFactoryId: user.manufacturingFactoryId,
    available: user.available,
    testUser: user.testUser,
    deliverableEmail: user.deliverableEmail,
    isInternalAdmin: user.isInternalAdmin,
    logiComposerUsername: user.logiComposerUsername,
    keyPrefix: user.keyPrefix,
    createdAt: user.createdAt.toISOString(),
    cardAccess: {
      inherited: inheritedRows.map((r) => r.routeName).sort(),
      ...grants,
      effective: [...effective].sort(),
    },
  };
};
