import { createHash } from "node:crypto";
import type { TUserTypeName } from "@hub/contracts";
import { API_KEY_PATTERN, USER_TYPES } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { and, type Column, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { preparedStatement, rowsOf } from "./database";

/** Who is calling: the Hub user behind a verified ID token, with what they may see. */
export type Principal = {
  userId: number;
  userName: string;
  userType: TUserTypeName;
  isSuperadmin: boolean;
  isInternal: boolean;
  isFacility: boolean;
  roles: string[];
  cards: Set<string>;
  clientId: number | null;
  isClientAdmin: boolean;
  planLevel: number | null;
  factoryIds: number[];
  /**
   * Internal users only: the client they work in (spec 4 session client), from the
   * `x-session-client` header, kept only when that client exists; null otherwise.
   */
  sessionClientId: number | null;
  /**
   * Set when the caller authenticated with one of its client's API keys instead of an ID token:
   * such a principal is a client user with no cards and no admin rights, and reaches only the
   * routes that declare `config.apiKey: true`.
   */
  apiKey?: { id: number; mode: "test" | "live" };
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route also accepts API keys (x-api-key or Authorization: Bearer hub_…); off by default. */
    apiKey?: boolean;
  }
}

/** The SHA-256 digest stored for an API key (keys are random, so no salt or slow hash is needed). */
export const hashApiKey = (key: string): string => createHash("sha256").update(key).digest("hex");

/** A key never used, or last used more than a minute ago: its last use is moved (at most once a minute). */
const USED_LONG_AGO = sql`(${schema.apiKeys.lastUsedAt} is null or ${schema.apiKeys.lastUsedAt} < now() - interval '1 minute')`;

/** An API key's row by its hash, with its client's plan (a named statement: every call with a key reads it). */
const API_KEY = preparedStatement(["keyHash"], (v) => {
  const k = schema.apiKeys;
  return sql`select ${k.id} as "id", ${k.mode} as "mode", ${k.prefix} as "prefix", ${k.clientId} as "clientId",
      ${USED_LONG_AGO} as "usedLongAgo",
      ${schema.subscriptions.level} as "planLevel"
    from ${k}
    join ${schema.clients} on ${schema.clients.clientId} = ${k.clientId}
    left join ${schema.subscriptions} on ${schema.subscriptions.subscriptionId} = ${schema.clients.subscriptionId}
    where ${k.keyHash} = ${v.keyHash} and ${k.revokedAt} is null and ${schema.clients.active}`;
});
type ApiKeyRow = {
  id: number;
  mode: string;
  prefix: string;
  clientId: number;
  usedLongAgo: boolean;
  planLevel: number | null;
};

/**
 * The principal of an API key: the key's client, acting as a client user without cards, admin
 * rights or a user id (0, spec 3's default). Unknown, malformed or revoked keys, and keys of an
 * inactive client, answer null (401).
 * last_used_at moves at most once a minute (the update is skipped, and guarded, when it is recent).
 */
export const loadApiKeyPrincipal = async (db: HubDb, key: string): Promise<Principal | null> => {
  if (!API_KEY_PATTERN.test(key)) return null;
  const [row] = rowsOf<ApiKeyRow>(await API_KEY(db, { keyHash: hashApiKey(key) }));
  if (!row) return null;
  if (row.usedLongAgo) {
    // Tested again in the update: two requests that both read it long ago write it once.
    await db
      .update(schema.apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(schema.apiKeys.id, row.id), USED_LONG_AGO));
  }
  return {
    userId: 0,
    userName: `api-key:${row.prefix}`,
    userType: "client",
    isSuperadmin: false,
    isInternal: false,
    isFacility: false,
    roles: [],
    cards: new Set(),
    clientId: row.clientId,
    isClientAdmin: false,
    planLevel: row.planLevel ?? null,
    factoryIds: [],
    sessionClientId: null,
    apiKey: { id: row.id, mode: row.mode === "live" ? "live" : "test" },
  };
};

const typeName = (typeId: number): TUserTypeName => {
  const t = USER_TYPES.find((u) => u.id === typeId);
  if (!t) throw new Error(`unknown user type id ${typeId}`);
  return t.name;
};

/** The cards a user has: type and role grants, plus the user's own grants, less its own denials. */
export const cardsOf = async (db: HubDb, userId: number, typeId: number, roleIds: number[]): Promise<Set<string>> => {
  const subject = [eq(schema.cardGrants.typeId, typeId), eq(schema.cardGrants.userId, userId)];
  if (roleIds.length > 0) subject.push(inArray(schema.cardGrants.roleId, roleIds));
  const rows = await db
    .select({
      routeName: schema.cardGrants.routeName,
      granted: schema.cardGrants.granted,
      userId: schema.cardGrants.userId,
    })
    .from(schema.cardGrants)
    .where(or(...subject));
  return cardsFromGrants(rows.map((r) => ({ routeName: r.routeName, granted: r.granted, own: r.userId !== null })));
};

/** Grants to cards: every granted card, less those the user's own grants deny. */
const cardsFromGrants = (grants: readonly { routeName: string; granted: boolean; own: boolean }[]) => {
  const cards = new Set<string>();
  for (const g of grants) if (g.granted) cards.add(g.routeName);
  for (const g of grants) if (g.own && !g.granted) cards.delete(g.routeName);
  return cards;
};

/**
 * The principal of a user name, in one query (every authenticated request runs it): the user with
 * its client's plan level, its roles and the card grants that apply to it (its type's, its roles'
 * and its own), as JSON arrays; the cards are worked out as `cardsOf` does. Built once and run as a
 * named statement (`preparedStatement`), on PostgreSQL and on the embedded database alike: parsed
 * and planned again at every request, it took 1.2 of the embedded database's 1.8 ms.
 */
const principalStatement = (withSession: boolean) =>
  preparedStatement(["userName", "sessionId"], (v) => {
    const u = schema.users;
    const s = schema.identitySessions;
    const ur = schema.userRoles;
    const r = schema.roles;
    const g = schema.cardGrants;
    const fields: Record<keyof PrincipalRow, SQL | Column> = {
      userId: u.userId,
      userName: u.userName,
      typeId: u.typeId,
      available: u.available,
      clientId: u.clientId,
      isClientAdmin: u.isClientAdmin,
      userFactoryId: u.userFactoryId,
      manufacturerId: u.manufacturerId,
      manufacturingFactoryId: u.manufacturingFactoryId,
      planLevel: schema.subscriptions.level,
      roles: sql`coalesce((
        select json_agg(json_build_object('id', ${r.id}, 'roleName', ${r.roleName}) order by ${r.id})
        from ${ur} join ${r} on ${r.id} = ${ur.roleId} where ${ur.userId} = ${u.userId}), '[]'::json)`,
      grants: sql`coalesce((
        select json_agg(json_build_object('routeName', ${g.routeName}, 'granted', ${g.granted}, 'own', ${g.userId} is not null))
        from ${g}
        where ${g.typeId} = ${u.typeId} or ${g.userId} = ${u.userId}
           or ${g.roleId} in (select ${ur.roleId} from ${ur} where ${ur.userId} = ${u.userId})), '[]'::json)`,
      // The built-in pool's session, checked here rather than by a statement of its own.
      sessionLive: withSession
        ? sql`coalesce((select ${s.revokedAt} is null and ${s.expiresAt} > now()
            from ${s} where ${s.id} = ${v.sessionId}::uuid), false)`
        : sql`true`,
    };
    const columns = sql.join(
      Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
      sql`, `,
    );
    return sql`select ${columns}
      from ${u}
      left join ${schema.clients} on ${schema.clients.clientId} = ${u.clientId}
      left join ${schema.subscriptions} on ${schema.subscriptions.subscriptionId} = ${schema.clients.subscriptionId}
      where lower(${u.userName}) = lower(${v.userName})`;
  });

/** A row of `principalStatement`. */
type PrincipalRow = {
  userId: number;
  userName: string;
  typeId: number;
  available: boolean;
  clientId: number | null;
  isClientAdmin: boolean;
  userFactoryId: number | null;
  manufacturerId: number | null;
  manufacturingFactoryId: number | null;
  planLevel: number | null;
  roles: { id: number; roleName: string }[];
  grants: { routeName: string; granted: boolean; own: boolean }[];
  sessionLive: boolean;
};
const PRINCIPAL = principalStatement(false);
const PRINCIPAL_IN_SESSION = principalStatement(true);

/**
 * The principal of a user name, or null when the user is unknown or unavailable. With a
 * `sessionId` (the built-in pool's ID token, see `IdentityProvider.readIdToken`), also null
 * unless that session is live: not revoked and not expired.
 */
export const loadPrincipal = async (db: HubDb, userName: string, sessionId?: string): Promise<Principal | null> => {
  const [user] = rowsOf<PrincipalRow>(
    sessionId === undefined
      ? await PRINCIPAL(db, { userName, sessionId: null })
      : await PRINCIPAL_IN_SESSION(db, { userName, sessionId }),
  );
  if (!user?.available || !user.sessionLive) return null;
  const roleRows = user.roles;
  const cards = cardsFromGrants(user.grants);
  const userType = typeName(user.typeId);
  const meta = USER_TYPES.find((t) => t.name === userType);
  const factoryIds = [user.userFactoryId, user.manufacturerId, user.manufacturingFactoryId].filter(
    (id): id is number => id !== null,
  );
  return {
    userId: user.userId,
    userName: user.userName,
    userType,
    isSuperadmin: roleRows.some((r) => r.roleName === "superadmin"),
    isInternal: meta?.isInternal ?? false,
    isFacility: meta?.isFacility ?? false,
    roles: roleRows.map((r) => r.roleName),
    cards,
    clientId: user.clientId,
    isClientAdmin: user.isClientAdmin,
    planLevel: user.planLevel ?? null,
    factoryIds: [...new Set(factoryIds)],
    sessionClientId: null,
  };
};

/** Whether a client exists (an internal user's session client, read at each of their requests). */
const SESSION_CLIENT = preparedStatement(["clientId"], (v) => {
  const c = schema.clients;
  return sql`select ${c.clientId} as "clientId" from ${c} where ${c.clientId} = ${v.clientId}`;
});

/**
 * Spec 4: internal users work in a stored session client, sent as the `x-session-client` header.
 * The id is kept only for internal users and only when the client exists; anything else (absent,
 * not a number, an unknown or deleted client) is ignored, so a stale choice never breaks a call.
 */
export const withSessionClient = async (
  db: HubDb,
  principal: Principal,
  header: string | string[] | undefined,
): Promise<Principal> => {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!principal.isInternal || !raw || !/^[1-9][0-9]{0,9}$/.test(raw.trim())) return principal;
  const id = Number(raw.trim());
  if (id > 2_147_483_647) return principal;
  const [client] = rowsOf<{ clientId: number }>(await SESSION_CLIENT(db, { clientId: id }));
  return client ? { ...principal, sessionClientId: client.clientId } : principal;
};
