import type { TUserTypeName } from "@hub/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isLoopback } from "./config";
import { forbidden, unauthenticated } from "./errors";
import type { Principal } from "./principal";

/**
 * Every route declares who may call it, in its `config.access`:
 * - `{ public: true }`: anyone, signed in or not;
 * - `{ signedIn: true, ... }`: a verified ID token of an available user, and then optionally
 *   one of `types`, the `card` (a card-access route name from the nav tree), `superadmin`, or a
 *   minimum subscription `minPlanLevel` for client users.
 * `demoOnly` routes answer 403 outside demo mode. A `loopback` route also lets in, without a
 * token, callers on this machine: the TCP peer is a loopback address and no proxy header says the
 * request was forwarded (X-Forwarded-For is never trusted to make a caller local); anyone else
 * without a token gets 403 `localOnly`, not 401.
 * Registration fails for a route without a declaration, so no route can forget it.
 */
export type Access =
  | { public: true; demoOnly?: boolean }
  | {
      signedIn: true;
      types?: readonly TUserTypeName[];
      card?: string;
      /** Any one of these cards lets the caller in (a route two kinds of user reach; the service narrows). */
      anyCard?: readonly string[];
      superadmin?: boolean;
      minPlanLevel?: number;
      demoOnly?: boolean;
      loopback?: { message: string };
    };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type PrincipalResolver = (request: FastifyRequest) => Promise<Principal | null>;

export const registeredRoutes: { method: string; url: string; access: Access | undefined }[] = [];

/**
 * A caller on this machine: the socket's peer (not request.ip, which trustProxy takes from
 * X-Forwarded-For) is loopback, and the request carries no forwarding header, so a reverse proxy
 * on the same machine does not make the whole network local.
 */
export const isLocalCaller = (request: FastifyRequest): boolean =>
  isLoopback(request.socket.remoteAddress) &&
  request.headers["x-forwarded-for"] === undefined &&
  request.headers["x-real-ip"] === undefined &&
  request.headers.forwarded === undefined;

/** Enforces each route's declared access before its body is even parsed. */
export const installAccessGuard = (
  app: FastifyInstance,
  resolvePrincipal: PrincipalResolver,
  demoMode: boolean,
): void => {
  app.decorateRequest("principal", null);
  app.addHook("onRoute", (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registeredRoutes.push({ method, url: route.url, access });
    const internal = route.url.startsWith("/api/docs") || route.url === "/*" || route.url === "*";
    if (!access && !internal) {
      throw new Error(`Route ${methods.join(",")} ${route.url} declares no access (config.access).`);
    }
  });
  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if (access.demoOnly && !demoMode) throw forbidden("This page exists only in demo mode.");
    if ("public" in access) return;
    if (access.loopback && isLocalCaller(request)) return;
    const principal = await resolvePrincipal(request);
    if (!principal) throw access.loopback ? forbidden(access.loopback.message) : unauthenticated();
    request.principal = principal;
    if (access.superadmin && !principal.isSuperadmin) throw forbidden();
    if (access.types && !access.types.includes(principal.userType)) throw forbidden();
    if (access.card && !principal.cards.has(access.card)) throw forbidden();
    if (access.anyCard && !access.anyCard.some((card) => principal.cards.has(card))) throw forbidden();
    if (access.minPlanLevel && principal.userType === "client" && (principal.planLevel ?? 0) < access.minPlanLevel) {
      throw forbidden(`This needs a plan of level ${access.minPlanLevel} or higher.`);
    }
  });
};

/** The signed-in principal of a route that declared `signedIn` (the guard has already checked it). */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw unauthenticated();
  return request.principal;
};
