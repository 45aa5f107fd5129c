import type { HubDb, HubTx } from "@hub/db";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { facilityScope, resolveFacility } from "../../platform/resource/owners";
import { col, ensureOwnedRefs, nameList } from "../../platform/resource/resource";

/**
 * The library is facility-owned (`facilityOwner` in platform/resource/owners.ts); these names
 * stay for the library's own services (stock, sku decoding, import).
 */
export const factoryScope = facilityScope;
export const resolveOwnerFactory = resolveFacility;
export { col, nameList };

/**
 * Referenced ids must be rows of the same facility: otherwise a 400 naming the field. Archived
 * rows may stay referenced, but new references to them are refused when `activeOnly`.
 */
export const ensureRefs = (
  db: HubDb | HubTx,
  table: PgTable & { id: PgColumn; factoryId: PgColumn },
  ids: readonly number[],
  factoryId: number,
  field: string,
  what: string,
): Promise<void> =>
  ensureOwnedRefs(db, { table, ownerColumn: table.factoryId, ownerId: factoryId }, ids, field, what, "in this library");
