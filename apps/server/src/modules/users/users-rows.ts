import { type TUserListItem, type TUserListQuery, type TUserTypeName, USER_TYPES } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { orderByFor, searchAny } from "../../platform/paging";

/** Users' table and the helpers the users services share: types by name, the list's columns and filter. */

export const u = schema.users;

export const typeById = (typeId: number) => {
  const t = USER_TYPES.find((x) => x.id === typeId);
  if (!t) throw new Error(`unknown user type id ${typeId}`);
  return t;
};
export const typeIdOf = (name: TUserTypeName): number => {
  const t = USER_TYPES.find((x) => x.name === name);
  if (!t) throw new Error(`unknown user type ${name}`);
  return t.id;
};

/** A user type's name as SQL, so the list can sort by it. */
const typeNameSql = sql`case ${u.typeId} ${sql.join(
  USER_TYPES.map((t) => sql`when ${sql.raw(String(t.id))} then ${t.name}`),
  sql` `,
)} end`;

const listColumns = {
  userId: u.userId,
  userName: u.userName,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  typeId: u.typeId,
  clientId: u.clientId,
  clientName: schema.clients.clientName,
  available: u.available,
  testUser: u.testUser,
  createdAt: u.createdAt,
};

export const rolesByUser = async (
  db: HubDb | HubTx,
  userIds: number[],
): Promise<Map<number, { id: number; roleName: string; roleId: number }[]>> => {
  const map = new Map<number, { id: number; roleName: string; roleId: number }[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({
      id: schema.userRoles.id,
      userId: schema.userRoles.userId,
      roleId: schema.roles.id,
      roleName: schema.roles.roleName,
    })
    .from(schema.userRoles)
    .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
    .where(inArray(schema.userRoles.userId, userIds))
    .orderBy(asc(schema.roles.roleName));
  for (const r of rows) {
    const list = map.get(r.userId) ?? [];
    list.push({ id: r.id, roleName: r.roleName, roleId: r.roleId });
    map.set(r.userId, list);
  }
  return map;
};

export const selectList = (db: HubDb, where: SQL | undefined) =>
  db.select(listColumns).from(u).leftJoin(schema.clients, eq(schema.clients.clientId, u.clientId)).where(where);
type ListRow = Awaited<ReturnType<typeof selectList>>[number];

export const toListItems = async (db: HubDb, rows: ListRow[]): Promise<TUserListItem[]> => {
  const roles = await rolesByUser(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    userId: r.userId,
    userName: r.userName,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    userType: typeById(r.typeId).name,
    clientId: r.clientId,
    clientName: r.clientName,
    available: r.available,
    testUser: r.testUser,
    roles: (roles.get(r.userId) ?? []).map((x) => x.roleName),
    createdAt: r.createdAt.toISOString(),
  }));
};

/** The users list's filter and order, shared by the page and the CSV export. */
export const usersFilter = (q: Omit<TUserListQuery, "page" | "size">) => ({
  where: and(
    searchAny(q.searchString, [u.userName, u.email, u.firstName, u.lastName]),
    q.type ? eq(u.typeId, typeIdOf(q.type)) : undefined,
    q.clientId ? eq(u.clientId, q.clientId) : undefined,
  ),
  order: orderByFor(
    q.sort,
    {
      userName: sql`lower(${u.userName})`,
      email: u.email,
      lastName: sql`lower(${u.lastName})`,
      userType: typeNameSql,
      createdAt: u.createdAt,
    },
    ["userName", "asc"],
    u.userId,
  ),
});
