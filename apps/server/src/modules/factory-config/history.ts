import { FACTORY_LIST_NONE, type TFactoryListField } from "@hub/contracts";
import type { HubTx } from "@hub/db";
import { schema } from "@hub/db";

/**
 * A change to one of the facility's own lists (its stations, its QC reason codes) kept in the
 * facility's history beside its settings' changes (GET /factoryConfig/history), in the change's
 * transaction. The floor's lists call it through the resource engine's `history`.
 */
export const recordFacilityListChange = async (
  tx: HubTx,
  field: TFactoryListField,
  change: { ownerId: number; actor: string; from: string | null; to: string | null },
): Promise<void> => {
  await tx.insert(schema.factoryConfigHistory).values({
    factoryId: change.ownerId,
    field,
    fromValue: change.from ?? FACTORY_LIST_NONE,
    toValue: change.to ?? FACTORY_LIST_NONE,
    changedBy: change.actor,
  });
};
