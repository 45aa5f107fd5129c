import { declareApi } from "../common/operation";
import { INVENTORY_TYPES } from "./common";
import { ZSnapshotPageSchema, ZSnapshotQuerySchema } from "./snapshot";

const SNAPSHOT = { signedIn: true, types: INVENTORY_TYPES, card: "inventorySnapshot" } as const;

/** Inventory Snapshot (/inventorySnapshot, issue 18): stock at a day, rebuilt from the ledger; the service scopes by facility. */
export const inventorySnapshotApi = declareApi("inventory", {
  snapshot: {
    method: "GET",
    path: "/inventory/snapshot",
    access: SNAPSHOT,
    query: ZSnapshotQuerySchema,
    responses: { 200: ZSnapshotPageSchema },
  },
  exportSnapshotCsv: {
    method: "GET",
    path: "/inventory/snapshot/export.csv",
    access: SNAPSHOT,
    query: ZSnapshotQuerySchema,
    file: "text/csv",
  },
});
