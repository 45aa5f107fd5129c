import { randomBytes, randomInt } from "node:crypto";
import {
  type ACCOUNT_KINDS,
  ROLE_NAMES,
  type TCreateAccountRequest,
  type TUserDetail,
  type TUserUpdateRequest,
  toUserUpdateRequest,
  ZNewPasswordSchema,
} from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import { isUniqueViolation } from "../../platform/db-errors";
import type { ModuleDeps } from "../../platform/deps";
import { badRequest, conflict, forbidden, HttpError } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { getUser } from "./read.service";
import { typeById, typeIdOf, u } from "./users-rows";

/** Saving users: an edit of the Hub record, and a new account (the user pool's, with a temporary password and its email). */

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
