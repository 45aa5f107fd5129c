import { LIBRARY_MESSAGES } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badRequest, forbidden } from "../errors";
import type { Principal } from "../principal";
import { tenantScope } from "../tenant-scope";

/**
 * Who owns a resource's rows, and so who reads and changes them. An owner names the owner column
 * (the same property on the table, on its rows and in a request that may name one: `key`), says
 * which rows a caller reads (`read`) and may change (`write`) as SQL over that column (undefined:
 * every row; `false`: none), and which owner a new row gets (`resolve`, from the caller and the
 * id the request names, if any). Rows outside `read` answer 404, as if they did not exist.
 */
export type Owner<K extends string = string> = {
  /** The owner column's property on the table and its rows, and the request field that may name an owner. */
  key: K;
  /** For messages: "facility". */
  noun: string;
  read: (p: Principal, column: PgColumn) => SQL | undefined;
  write: (p: Principal, column: PgColumn) => SQL | undefined;
  resolve: (db: HubDb | HubTx, p: Principal, requested: number | undefined) => Promise<number>;
};

const none = sql`false`;

/**
 * Facilities own the manufacturing library, inventory and suppliers: the tenant rule
 * (platform/tenant-scope.ts) over the facility column: internal admins read and change every
 * facility's rows, facility users their own facilities'; anyone else none.
 */
export const facilityScope = (p: Principal, factoryId: PgColumn): SQL | undefined => tenantScope(p, { factoryId });

/**
 * The facility a new row belongs to: a facility user's own (the one named, if it is theirs, else
 * their first); for internal admins the one named, or the first facility.
 */
export const resolveFacility = async (
  db: HubDb | HubTx,
  p: Principal,
  requested: number | undefined,
): Promise<number> => {
  if (p.isFacility) {
    if (requested !== undefined && !p.factoryIds.includes(requested)) {
      throw badRequest("You can add to your own facility's library only.", { factoryId: "Not your facility" });
    }
    const own = requested ?? p.factoryIds[0];
    if (own === undefined) throw forbidden(LIBRARY_MESSAGES.noFactory);
    return own;
  }
  if (!p.isInternal) throw forbidden();
  const f = schema.factories;
  const [row] = await db
    .select({ id: f.factoryId })
    .from(f)
    .where(requested === undefined ? undefined : eq(f.factoryId, requested))
    .orderBy(asc(f.factoryId))
    .limit(1);
  if (!row)
    throw badRequest(
      requested === undefined ? "There is no facility yet to own this." : "That facility does not exist.",
      { factoryId: "Unknown facility" },
    );
  return row.id;
};

export const facilityOwner: Owner<"factoryId"> = {
  key: "factoryId",
  noun: "facility",
  read: facilityScope,
  write: (p, column) => (p.isInternal || p.isFacility ? facilityScope(p, column) : none),
  resolve: resolveFacility,
};

export const CLIENT_OWNER_MESSAGES = {
  chooseClient: "Choose a client to work in first (the client switcher at the top).",
  ownOnly: "You can add to your own client's records only.",
  unknown: "That client does not exist.",
} as const;

const c = schema.clients;

/**
 * Clients own their records (coupons, addresses…): the tenant rule (platform/tenant-scope.ts)
 * over the client column: a client user reads and changes its client's rows; an internal admin
 * those of the session client (x-session-client), or every client's when none is chosen; a
 * facility user reads the rows of the clients its facilities serve and changes none. A new row belongs to the client user's client; an internal admin's to the client the
 * request names, else the session client (400 asking to choose one when there is neither).
 */
export const clientOwner: Owner<"clientId"> = {
  key: "clientId",
  noun: "client",
  read: (p, column) => tenantScope(p, { clientId: column }),
  write: (p, column) => {
    if (p.isFacility) return none;
    return clientOwner.read(p, column);
  },
  resolve: async (db, p, requested) => {
    if (p.isInternal) {
      const id = requested ?? p.sessionClientId;
      if (id === null) throw badRequest(CLIENT_OWNER_MESSAGES.chooseClient, { clientId: "Choose a client" });
      const [row] = await db.select({ id: c.clientId }).from(c).where(eq(c.clientId, id));
      if (!row) throw badRequest(CLIENT_OWNER_MESSAGES.unknown, { clientId: "Unknown client" });
      return row.id;
    }
    if (p.isFacility || p.clientId === null) throw forbidden("This is for users of a client.");
    if (requested !== undefined && requested !== p.clientId) {
      throw badRequest(CLIENT_OWNER_MESSAGES.ownOnly, { clientId: "Not your client" });
    }
    return p.clientId;
  },
};

export const TEAM_OWNER_MESSAGES = {
  chooseTeam: "Name the team this belongs to.",
  notMember: "You can add to your own teams only.",
  noTeam: "You are not in a team yet.",
  unknown: "That team does not exist.",
} as const;

const tu = schema.teamUsers;

/** An active membership: not pending, invitation accepted (or none). */
const activeMember = (userId: number) =>
  and(
    eq(tu.userId, userId),
    eq(tu.pending, false),
    or(isNull(tu.invitationStatus), eq(tu.invitationStatus, "ACCEPTED")),
  );

/** The teams a user is an active member of. */
const memberTeams = (userId: number) => sql`(select ${tu.teamId} from ${tu} where ${activeMember(userId)})`;

/**
 * Product-development teams own their design library: active members read and change their
 * teams' rows, internal admins every team's. A new row belongs to the team the request names
 * (one of the caller's, for members), else the member's default team, else their first.
 */
export const teamOwner: Owner<"teamId"> = {
  key: "teamId",
  noun: "team",
  read: (p, column) => (p.isInternal ? undefined : inArray(column, memberTeams(p.userId))),
  write: (p, column) => teamOwner.read(p, column),
  resolve: async (db, p, requested) => {
    const t = schema.teams;
    if (p.isInternal) {
      if (requested === undefined) throw badRequest(TEAM_OWNER_MESSAGES.chooseTeam, { teamId: "Choose a team" });
      const [row] = await db.select({ id: t.id }).from(t).where(eq(t.id, requested));
      if (!row) throw badRequest(TEAM_OWNER_MESSAGES.unknown, { teamId: "Unknown team" });
      return row.id;
    }
    const teams = await db
      .select({ id: tu.teamId })
      .from(tu)
      .where(activeMember(p.userId))
      .orderBy(sql`${tu.defaultTeam} desc`, asc(tu.teamId));
    const ids = [...new Set(teams.map((x) => x.id))];
    if (requested !== undefined) {
      if (!ids.includes(requested)) throw badRequest(TEAM_OWNER_MESSAGES.notMember, { teamId: "Not your team" });
      return requested;
    }
    const first = ids[0];
    if (first === undefined) throw forbidden(TEAM_OWNER_MESSAGES.noTeam);
    return first;
  },
};
