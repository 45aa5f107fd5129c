import { schema } from "@hub/db";
import type { Principal } from "../../platform/principal";
import { tenantScope } from "../../platform/tenant-scope";

/**
 * Whose units a caller reads across orders (the floor's reports, shipping, dashboards): the tenant
 * rule (platform/tenant-scope.ts) over the unit's facility and client columns. A facility user its
 * facilities' units; an internal admin every unit, or the session client's when one is chosen (as
 * Manufacturing Status shows its orders); a client user its own client's.
 */
export const unitScope = (p: Principal) =>
  tenantScope(p, { factoryId: schema.floorUnits.factoryId, clientId: schema.floorUnits.clientId });
