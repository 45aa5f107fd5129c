import { schema } from "@hub/db";
import { type Column, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Principal } from "../../platform/principal";

/**
 * Who sees which shipments and units: facility users their facilities' (the factory that packs
 * them), client users their own client's (read only: routes refuse them every change), internal
 * admins all, or the session client's when one is chosen. Others' rows answer 404.
 */
export const tenantScope = (p: Principal, factoryId: Column, clientId: Column): SQL | undefined => {
  if (p.isInternal) return p.sessionClientId === null ? undefined : eq(clientId, p.sessionClientId);
  if (p.isFacility) return p.factoryIds.length === 0 ? sql`false` : inArray(factoryId, p.factoryIds);
  return p.clientId === null ? sql`false` : eq(clientId, p.clientId);
};

export const shipmentScope = (p: Principal) => tenantScope(p, schema.shipments.factoryId, schema.shipments.clientId);
export const unitScope = (p: Principal) => tenantScope(p, schema.floorUnits.factoryId, schema.floorUnits.clientId);
export const orderFactoryScope = (p: Principal) => tenantScope(p, schema.orders.factoryId, schema.orders.clientId);
