import { schema } from "@hub/db";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";

/**
 * Who sees which shipments and units: the tenant rule (platform/tenant-scope.ts) over each
 * table's facility (the factory that packs them) and client columns. Client users read only:
 * the routes refuse them every change. Others' rows answer 404.
 */
export const shipmentScope = (p: Principal) =>
  tenantScope(p, { factoryId: schema.shipments.factoryId, clientId: schema.shipments.clientId });
/** Units: the floor's rule (floor/scope.ts). */
export { unitScope } from "../floor/scope";
/** An order a facility packs and ships: the orders' own scope. */
export { orderScope as orderFactoryScope } from "../orders/scope";
