import type { Access, Operation } from "@hub/contracts/common/operation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isLoopback } from "./config";
import { forbidden, unauthenticated } from "./errors";
import type { Principal } from "./principal";

/**
 * Every route declares who may call it (`Access`, declared with its operation in contracts and
 * copied to `config.access` by `register`). Registration fails for a route without a declaration,
 * so no route can forget it.
 */
export type { Access };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type PrincipalResolver = (request: FastifyRequest) => Promise<Principal | null>;

export type RegisteredRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  operation: Operation | undefined;
};
const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on an app (its access guard's registry), in the order they were added. */
export const registeredRoutesOf = (app: FastifyInstance): readonly RegisteredRoute[] => routesByApp.get(app) ?? [];

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
  const registeredRoutes: RegisteredRoute[] = [];
  routesByApp.set(app, registeredRoutes);
  app.addHook("onRoute", (route) => {
    const config = route.config as { access?: Access; operation?: Operation } | undefined;
    const access = config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      registeredRoutes.push({ method, url: route.url, access, operation: config?.operation });
    const internal = route.url.startsWith("/api/docs") || route.url === "/*" || route.url === "*";
    if (internal || methods.every((m) => m === "HEAD")) return;
    if (!access) throw new Error(`Route ${methods.join(",")} ${route.url} declares no access (config.access).`);
    // Every route comes from a declared operation (ADR 0011): register(app, areaApi.name, handler).
    if (!config?.operation) {
      throw new Error(`Route ${methods.join(",")} ${route.url} is not a declared operation (use register()).`);
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

/**
 * Whether a signed-in principal may call an operation of this access, as the guard decides it
 * (type, card, any card, superadmin, plan): for a page that links to other screens only when the
 * caller may open them (the home page).
 */
export const principalMay = (p: Principal, access: Access): boolean => {
  if ("public" in access) return true;
  if (access.superadmin && !p.isSuperadmin) return false;
  if (access.types && !access.types.includes(p.userType)) return false;
  if (access.card && !p.cards.has(access.card)) return false;
  if (access.anyCard && !access.anyCard.some((card) => p.cards.has(card))) return false;
  if (access.minPlanLevel && p.userType === "client" && (p.planLevel ?? 0) < access.minPlanLevel) return false;
  return true;
};
