import { ORDER_MESSAGES } from "@hub/contracts";
import type { HubDb, HubTx } from "@hub/db";
import { schema } from "@hub/db";
import { eq, type SQL } from "drizzle-orm";
import { badRequest, notFound } from "../../platform/errors";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";

const o = schema.orders;
const c = schema.clients;

/**
 * Which orders a caller sees: the tenant rule (platform/tenant-scope.ts) over the order's own
 * client and facility columns. An order keeps the facility that served its client when it was
 * placed (`orders.factory_id`), so a facility's orders are found on the order's own column and the
 * planner knows how many orders a facility has (docs/adr/0003-orders.md, "Search at a million orders").
 */
export const orderScope = (p: Principal): SQL | undefined =>
  tenantScope(p, { clientId: o.clientId, factoryId: o.factoryId });

/** The client an order is for; `clientCode` is its site name (the order search finds orders by it). */
export type OrderClient = { clientId: number; clientName: string; clientCode: string; factoryId: number };

/** The client columns an order needs. */
const ORDER_CLIENT_COLUMNS = {
  clientId: c.clientId,
  clientName: c.clientName,
  clientCode: c.siteName,
  factoryId: c.factoryId,
};

/**
 * The client an order is placed for: a client user's (or API key's) own; a facility user the one
 * named, if its facility serves it; an internal admin the one named or else the session client.
 * A client the caller may not order for answers 404, as if it did not exist.
 */
export const orderClientFor = async (
  db: HubDb | HubTx,
  p: Principal,
  requested: number | undefined,
): Promise<OrderClient> => {
  const clientId = orderClientIdFor(p, requested);
  const [row] = await db.select(ORDER_CLIENT_COLUMNS).from(c).where(eq(c.clientId, clientId));
  return checkOrderClient(p, row);
};

/** Which client an order is for: a client user's own; a facility or internal admin names one (400 without). */
export const orderClientIdFor = (p: Principal, requested: number | undefined): number => {
  let clientId: number | null;
  if (p.isInternal) clientId = requested ?? p.sessionClientId;
  else if (p.isFacility) clientId = requested ?? null;
  else {
    if (requested !== undefined && requested !== p.clientId) throw notFound("That client");
    clientId = p.clientId;
  }
  if (clientId === null) throw badRequest(ORDER_MESSAGES.chooseClient, { clientId: ORDER_MESSAGES.chooseClient });
  return clientId;
};

/** The client row of `orderClientIdFor`'s id, checked: it exists, a facility's own, with a facility. */
export const checkOrderClient = (
  p: Principal,
  row: { clientId: number; clientName: string; clientCode: string; factoryId: number | null } | undefined,
): OrderClient => {
  if (!row) throw notFound("That client");
  if (p.isFacility && (row.factoryId === null || !p.factoryIds.includes(row.factoryId))) throw notFound("That client");
  if (row.factoryId === null) throw badRequest(ORDER_MESSAGES.noFacility, { clientId: ORDER_MESSAGES.noFacility });
  return { clientId: row.clientId, clientName: row.clientName, clientCode: row.clientCode, factoryId: row.factoryId };
};

/** A principal that sees the library as the order's client does (styles offered to it, no costs). */
export const clientView = (clientId: number): Principal => ({
  userId: 0,
  userName: "order-entry",
  userType: "client",
  isSuperadmin: false,
  isInternal: false,
  isFacility: false,
  roles: [],
  cards: new Set(),
  clientId,
  isClientAdmin: false,
  planLevel: null,
  factoryIds: [],
  sessionClientId: null,
});

/** A principal that sees one facility's library (its sku maps). */
export const facilityView = (factoryId: number): Principal => ({
  ...clientView(0),
  clientId: null,
  userType: "factory",
  isFacility: true,
  factoryIds: [factoryId],
});
