import { randomBytes, randomInt } from "node:crypto";
import {
  ACCOUNT_KINDS,
  cardSections,
  ROLE_NAMES,
  type TCreateAccountRequest,
  type TUserDetail,
  type TUserFormOptions,
  type TUserListItem,
  type TUserListQuery,
  type TUserPage,
  type TUserRole,
  type TUserTypeName,
  type TUserUpdateRequest,
  toUserUpdateRequest,
  USER_TYPES,
  ZNewPasswordSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { toCsv } from "../../platform/csv";
import { isUniqueViolation } from "../../platform/db-errors";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../platform/errors";
import { orderByFor, searchAny, toPage } from "../../platform/paging";
import { cardsOf, type Principal } from "../../platform/principal";

const u = schema.users;

const typeById = (typeId: number) => {
  const t = USER_TYPES.find((x) => x.id === typeId);
  if (!t) throw new Error(`unknown user type id ${typeId}`);
  return t;
};
const typeIdOf = (name: TUserTypeName): number => {
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

const rolesByUser = async (
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

const selectList = (db: HubDb, where: SQL | undefined) =>
  db.select(listColumns).from(u).leftJoin(schema.clients, eq(schema.clients.clientId, u.clientId)).where(where);
type ListRow = Awaited<ReturnType<typeof selectList>>[number];

const toListItems = async (db: HubDb, rows: ListRow[]): Promise<TUserListItem[]> => {
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
const usersFilter = (q: Omit<TUserListQuery, "page" | "size">) => ({
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

const rolesNamed = async (db: HubDb | HubTx, names: string[]) => {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const rows = await db.select().from(schema.roles).where(inArray(schema.roles.roleName, unique));
  const missing = unique.filter((n) => !rows.some((r) => r.roleName === n));
  if (missing.length > 0)
    throw badRequest(`Unknown role: ${missing.join(", ")}.`, { roles: `Unknown role: ${missing.join(", ")}` });
  return rows;
};

const checkFactory = async (db: HubDb, factoryId: number | null, field: string) => {
  if (factoryId === null) return;
  const [f] = await db
    .select({ id: schema.factories.factoryId })
    .from(schema.factories)
    .where(eq(schema.factories.factoryId, factoryId));
  if (!f) throw badRequest("That facility does not exist.", { [field]: "That facility does not exist" });
};

/** PUT /api/users/:id: user fields, role links and the user's own card grants, in one transaction. */
export const updateUser = async (
  db: HubDb,
  me: Principal,
  userId: number,
  input: TUserUpdateRequest,
): Promise<TUserDetail> => {
  const before = await getUser(db, userId);
  const self = me.userId === userId;
  const wantsSuperadmin = input.roles.includes(ROLE_NAMES.superadmin);
  const hadSuperadmin = before.roles.includes(ROLE_NAMES.superadmin);
  if (self && hadSuperadmin && !wantsSuperadmin) {
    throw badRequest("You cannot remove your own superadmin role. Ask another superadmin.", {
      roles: "You cannot remove your own superadmin role",
    });
  }
  if (self && !input.available) {
    throw badRequest("You cannot deactivate your own account.", {
      available: "You cannot deactivate your own account",
    });
  }
  if (self && input.userType !== before.userType) {
    throw badRequest("You cannot change your own user type.", { userType: "You cannot change your own user type" });
  }
  if (wantsSuperadmin !== hadSuperadmin && !me.isSuperadmin) {
    throw forbidden("Only a superadmin can grant or remove the superadmin role.");
  }
  if (hadSuperadmin && !me.isSuperadmin) throw forbidden("Only a superadmin can change a superadmin's account.");
  const roles = await rolesNamed(db, input.roles);
  if (input.clientId !== null) {
    const [client] = await db
      .select({ clientId: schema.clients.clientId })
      .from(schema.clients)
      .where(eq(schema.clients.clientId, input.clientId));
    if (!client) throw badRequest("That client does not exist.", { clientId: "That client does not exist" });
  }
  await checkFactory(db, input.userFactoryId, "userFactoryId");
  await checkFactory(db, input.manufacturingFactoryId, "manufacturingFactoryId");
  const allowedSites = [...input.allowedSites];
  if (input.defaultSite && !allowedSites.some((s) => s.toLowerCase() === input.defaultSite?.toLowerCase()))
    allowedSites.unshift(input.defaultSite);

  await db.transaction(async (tx) => {
    await tx
      .update(u)
      .set({
        typeId: typeIdOf(input.userType),
        clientId: input.clientId,
        defaultSite: input.defaultSite,
        allowedSites,
        userFactoryId: input.userFactoryId,
        manufacturingFactoryId: input.manufacturingFactoryId,
        available: input.available,
        testUser: input.testUser,
        isClientAdmin: input.isClientAdmin,
        isInternalAdmin: typeById(typeIdOf(input.userType)).isInternal,
      })
      .where(eq(u.userId, userId));
    await tx.delete(schema.userRoles).where(eq(schema.userRoles.userId, userId));
    if (roles.length > 0) await tx.insert(schema.userRoles).values(roles.map((r) => ({ userId, roleId: r.id })));
    await tx.delete(schema.cardGrants).where(eq(schema.cardGrants.userId, userId));
    const grants = [
      ...[...new Set(input.cardGrants.granted)].map((routeName) => ({ routeName, userId, granted: true })),
      ...[...new Set(input.cardGrants.denied)].map((routeName) => ({ routeName, userId, granted: false })),
    ];
    if (grants.length > 0) await tx.insert(schema.cardGrants).values(grants);
    await recordAudit(tx, {
      actor: me.userName,
      action: before.available && !input.available ? "user.deactivate" : "user.update",
      subject: `user:${userId}:${before.userName}`,
      detail: {
        before: toUserUpdateRequest(before),
        after: { ...input, allowedSites },
      },
    });
  });
  return getUser(db, userId);
};

/** A temporary password that satisfies the user pool's policy (lower, upper, number, symbol, 8+). */
export const generateTemporaryPassword = (): string => {
  const symbols = "!#%+-=";
  for (;;) {
    const candidate = `${randomBytes(9).toString("base64url").replace(/[-_]/g, "x")}${"ABCDEFGHJKLMNPQRSTUVWXYZ"[randomInt(24)]}${"abcdefghijkmnpqrstuvwxyz"[randomInt(24)]}${randomInt(10)}${symbols[randomInt(symbols.length)]}`;
    if (ZNewPasswordSchema.safeParse(candidate).success) return candidate;
  }
};

const KIND_LABEL: Record<(typeof ACCOUNT_KINDS)[number], string> = {
  icreate: "internal admin",
  manufacturer: "manufacturer",
  factory: "factory",
};

/** POST /api/users: the user pool account with a temporary password, the Hub record, the email. */
export const createAccount = async (
  deps: ModuleDeps,
  me: Principal,
  input: TCreateAccountRequest,
): Promise<{ user: TUserDetail; emailSentTo: string }> => {
  const { db, identity, mailer, config } = deps;
  const [taken] = await db
    .select({ userId: u.userId })
    .from(u)
    .where(sql`lower(${u.userName}) = lower(${input.username})`);
  if (taken)
    throw conflict("An account with that username already exists.", {
      username: "This username is taken. Choose another.",
    });
  const [sameEmail] = await db
    .select({ id: schema.identityUsers.id })
    .from(schema.identityUsers)
    .where(sql`lower(${schema.identityUsers.email}) = ${input.email}`);
  if (sameEmail)
    throw conflict("An account with that email already exists.", {
      email: "An account with this email already exists.",
    });
  let factoryKind: string | null = null;
  if (input.kind !== "icreate") {
    const [factory] = await db
      .select()
      .from(schema.factories)
      .where(eq(schema.factories.factoryId, input.factoryId ?? 0));
    if (!factory) throw badRequest("That facility does not exist.", { factoryId: "That facility does not exist" });
    factoryKind = factory.kind;
  }

  const temporaryPassword = generateTemporaryPassword();
  try {
    await identity.adminCreateUser({
      username: input.username,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      temporaryPassword,
    });
  } catch (error) {
    if ((error instanceof HttpError && error.code === "UsernameExistsException") || isUniqueViolation(error)) {
      throw conflict("An account with that username already exists.", {
        username: "This username is taken. Choose another.",
      });
    }
    // A pool that signs in by email too (Cognito with email as an alias) knows emails the Hub's tables may not.
    if (error instanceof HttpError && error.code === "AliasExistsException") {
      throw conflict("An account with that email already exists.", {
        email: "An account with this email already exists.",
      });
    }
    throw error;
  }
  const facility = input.kind === "icreate" ? null : input.factoryId;
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(u)
        .values({
          userName: input.username,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          typeId: typeIdOf(input.kind),
          available: true,
          deliverableEmail: true,
          isInternalAdmin: input.kind === "icreate",
          testUser: false,
          userFactoryId: facility,
          manufacturingFactoryId: facility,
          manufacturerId: input.kind === "manufacturer" ? facility : null,
        })
        .returning({ userId: u.userId });
      if (!row) throw new Error("user insert failed");
      await recordAudit(tx, {
        actor: me.userName,
        action: "user.create",
        subject: `user:${row.userId}:${input.username}`,
        detail: { kind: input.kind, email: input.email, factoryId: facility, factoryKind },
      });
      return row.userId;
    });
  } catch (error) {
    // The user pool account has no Hub record: take it back so the username can be used again.
    await identity.adminDeleteUser(input.username).catch(() => {});
    // Two admins creating the same username at once: the database's unique index decides.
    if (isUniqueViolation(error))
      throw conflict("An account with that username already exists.", {
        username: "This username is taken. Choose another.",
      });
    throw error;
  }

  const signInUrl = `${config.publicUrl}/auth/login`;
  await mailer.send({
    to: input.email,
    subject: "Your Hub account",
    text: [
      `Hello ${input.firstName},`,
      "",
      `An administrator created a Hub ${KIND_LABEL[input.kind]} account for you.`,
      "",
      `Username: ${input.username}`,
      `Temporary password: ${temporaryPassword}`,
      "",
      `Sign in at ${signInUrl}`,
      "",
      "You must choose a new password the first time you sign in: the temporary password works only once, for that.",
    ].join("\n"),
  });
  return { user: await getUser(db, userId), emailSentTo: input.email };
};

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
