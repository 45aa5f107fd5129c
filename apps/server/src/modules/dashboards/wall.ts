import { timingSafeEqual } from "node:crypto";
import {
  type TWallLink,
  type TWallLinkRequest,
  type TWallView,
  WALL_DASHBOARDS,
  WALL_LINK_INVALID,
} from "@hub/contracts/dashboards/production";
import type { HubDb } from "@hub/db";
import { schema } from "@hub/db";
import { inArray } from "drizzle-orm";
import type { HubConfig } from "../../platform/config";
import { badRequest, HttpError } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { productionDashboard } from "./production.service";
import { signWallPayload, type WallPayload, wallMac } from "./wall-token";

/**
 * Wall display links (docs/glossary.md "Wall display"): a signed, expiring token that opens one
 * dashboard for one scope on a floor TV without signing in. It carries no user token, only what
 * the screen shows: the dashboard, the scope as it was when an authorised user made it (a client,
 * some facilities, or everything), a label and the expiry. It is signed with HMAC-SHA256 under a
 * key derived from HUB_SECRET_KEY (`config.secretKey`), so changing that key ends every link.
 * The web opens `/wall#<token>`: the part after `#` never reaches a server or its logs, and the
 * page posts the token in a body.
 */

type WallScope = { clientId: number | null; factoryIds: number[] | null };

export const signWallToken = (config: HubConfig, payload: WallPayload): string =>
  signWallPayload(config.secretKey, payload);

const invalid = () => new HttpError(401, "UNAUTHENTICATED", WALL_LINK_INVALID);

/** The payload of a valid, unexpired token; a 401 otherwise. */
export const verifyWallToken = (config: HubConfig, token: string, now = Date.now()): WallPayload => {
  const [body, sig, ...rest] = token.split(".");
  if (!body || !sig || rest.length > 0) throw invalid();
  const expected = wallMac(config.secretKey, body);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let payload: WallPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as WallPayload;
  } catch {
    throw invalid();
  }
  if (typeof payload.e !== "number" || payload.e * 1000 <= now || !WALL_DASHBOARDS.includes(payload.d)) throw invalid();
  return payload;
};

/** The scope a caller's link keeps: a client user its client; a facility user its facilities; an admin the session client or all. */
const scopeOf = (p: Principal): WallScope => {
  if (p.isInternal) return { clientId: p.sessionClientId, factoryIds: null };
  if (p.isFacility) return { clientId: null, factoryIds: [...p.factoryIds] };
  if (p.clientId === null) throw badRequest("You have no client to show.");
  return { clientId: p.clientId, factoryIds: null };
};

const labelOf = async (db: HubDb, scope: WallScope): Promise<string> => {
  if (scope.factoryIds) {
    const rows = await db
      .select({ name: schema.factories.name })
      .from(schema.factories)
      .where(inArray(schema.factories.factoryId, scope.factoryIds.length ? scope.factoryIds : [0]));
    return rows.map((r) => r.name).join(", ") || "No facility";
  }
  if (scope.clientId !== null) {
    const rows = await db
      .select({ name: schema.clients.clientName })
      .from(schema.clients)
      .where(inArray(schema.clients.clientId, [scope.clientId]));
    return rows[0]?.name ?? "Client";
  }
  return "All clients";
};

export const createWallLink = async (
  db: HubDb,
  config: HubConfig,
  p: Principal,
  body: TWallLinkRequest,
): Promise<TWallLink> => {
  const scope = scopeOf(p);
  const label = await labelOf(db, scope);
  const expires = Math.floor(Date.now() / 1000) + body.hours * 3600;
  const token = signWallToken(config, {
    d: body.dashboard,
    c: scope.clientId,
    f: scope.factoryIds,
    l: label,
    e: expires,
  });
  return { token, path: `/wall#${token}`, expiresAt: new Date(expires * 1000).toISOString(), scope: label };
};

/** Who the wall display reads as: no user, no cards; only the scope the link carries. */
const wallPrincipal = (w: WallPayload): Principal => ({
  userId: 0,
  userName: "wall-display",
  userType: w.f ? "factory" : w.c !== null ? "client" : "icreate",
  isSuperadmin: false,
  isInternal: !w.f && w.c === null,
  isFacility: Boolean(w.f),
  roles: [],
  cards: new Set(),
  clientId: w.f ? null : w.c,
  isClientAdmin: false,
  planLevel: null,
  factoryIds: w.f ?? [],
  sessionClientId: null,
});

export const wallView = async (db: HubDb, config: HubConfig, token: string): Promise<TWallView> => {
  const w = verifyWallToken(config, token);
  const production = await productionDashboard(db, wallPrincipal(w), { range: "7d" });
  return { dashboard: w.d, scope: w.l, expiresAt: new Date(w.e * 1000).toISOString(), production };
};
