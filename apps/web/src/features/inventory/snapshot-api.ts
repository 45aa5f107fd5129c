import type { TSnapshotQuery } from "@hub/contracts/inventory/snapshot";
import { inventorySnapshotApi } from "@hub/contracts/inventory/snapshot-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api";

export type SnapshotQuery = Omit<Partial<TSnapshotQuery>, "page" | "size" | "date"> & {
  page: number;
  size: number;
  date: string;
};

/** Inventory Snapshot's page (its own keys: a ledger movement of today changes today's snapshot only). */
export const useInventorySnapshot = (q: SnapshotQuery) =>
  useQuery({
    queryKey: ["inventory", "snapshot", q] as const,
    queryFn: () => call(inventorySnapshotApi.snapshot, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
