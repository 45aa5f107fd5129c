import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import { inventoryApi, purchaseOrdersApi as po, suppliersApi as sup } from "@hub/contracts/inventory/api";
import type { TMaterialKind } from "@hub/contracts/inventory/common";
import type { TPoRequest, TPoStatus, TReceiveRequest } from "@hub/contracts/inventory/purchase-orders";
import type { TAdjustmentRequest, TReturnRequest, TStockSettingsRequest } from "@hub/contracts/inventory/stock";
import type { TSupplierRequest } from "@hub/contracts/inventory/suppliers";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

type PageQuery = { page: number; size: number; sort?: string; searchString?: string };
export type StockQuery = PageQuery & { materialKind?: TMaterialKind; belowThreshold?: true };
export type PoQuery = PageQuery & { status?: TPoStatus; supplierId?: number };

/** Query keys of the inventory area (stock, purchase orders, suppliers), so invalidation is never a guess. */
export const inventoryKeys = {
  all: () => ["inventory"] as const,
  stock: () => [...inventoryKeys.all(), "stock"] as const,
  stockList: (q: StockQuery) => [...inventoryKeys.stock(), "list", q] as const,
  stockItem: (kind: TMaterialKind, id: number, page: number, size: number) =>
    [...inventoryKeys.stock(), "item", kind, id, page, size] as const,
  purchaseOrders: () => [...inventoryKeys.all(), "purchaseOrders"] as const,
  poList: (q: PoQuery) => [...inventoryKeys.purchaseOrders(), "list", q] as const,
  po: (id: number) => [...inventoryKeys.purchaseOrders(), "detail", id] as const,
  suppliers: () => [...inventoryKeys.all(), "suppliers"] as const,
  supplierList: (q: PageQuery) => [...inventoryKeys.suppliers(), "list", q] as const,
  supplier: (id: number) => [...inventoryKeys.suppliers(), "detail", id] as const,
};

// ---- stock -----------------------------------------------------------------------------------
export const useStockList = (query: StockQuery) =>
  useQuery({
    queryKey: inventoryKeys.stockList(query),
    queryFn: () => call(inventoryApi.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useStockItem = (kind: TMaterialKind, id: number | null, page: number, size: number) =>
  useQuery({
    queryKey: inventoryKeys.stockItem(kind, id ?? 0, page, size),
    queryFn: () => call(inventoryApi.get, { params: { kind, id: id ?? 0 }, query: { page, size } }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all() });
};

export const useSaveStockSettings = (kind: TMaterialKind, id: number) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TStockSettingsRequest) => call(inventoryApi.putSettings, { params: { kind, id }, body }),
    onSuccess: invalidate,
  });
};

export const useAdjustStock = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TAdjustmentRequest) => call(inventoryApi.adjust, { body }),
    onSuccess: invalidate,
  });
};

export const useReturnStock = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TReturnRequest) => call(inventoryApi.returnStock, { body }),
    onSuccess: invalidate,
  });
};

// ---- purchase orders -------------------------------------------------------------------------
export const usePoList = (query: PoQuery) =>
  useQuery({
    queryKey: inventoryKeys.poList(query),
    queryFn: () => call(po.listPurchaseOrders, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePo = (id: number | null) =>
  useQuery({
    queryKey: inventoryKeys.po(id ?? 0),
    queryFn: () => call(po.getPurchaseOrder, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: 0,
  });

export const useCreatePo = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TPoRequest) => call(po.createPurchaseOrder, { body }),
    onSuccess: invalidate,
  });
};

/** Receives lines; `key` is the dialog opening's Idempotency-Key, so a double click or a retry receives once. */
export const useReceivePo = (id: number) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, key }: { body: TReceiveRequest; key: string }) =>
      call(po.receivePurchaseOrder, { params: { id }, body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: invalidate,
  });
};

export const usePoAction = (id: number) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ action, reason }: { action: "close" | "cancel"; reason: string | null }) =>
      call(action === "close" ? po.closePurchaseOrder : po.cancelPurchaseOrder, { params: { id }, body: { reason } }),
    onSuccess: invalidate,
  });
};

// ---- suppliers -------------------------------------------------------------------------------
export const useSupplierList = (query: PageQuery) =>
  useQuery({
    queryKey: inventoryKeys.supplierList(query),
    queryFn: () => call(sup.listSuppliers, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSupplier = (id: number | null) =>
  useQuery({
    queryKey: inventoryKeys.supplier(id ?? 0),
    queryFn: () => call(sup.getSupplier, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: 0,
  });

export const useSaveSupplier = (id: number | null) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TSupplierRequest) =>
      id === null ? call(sup.createSupplier, { body }) : call(sup.updateSupplier, { params: { id }, body }),
    onSuccess: invalidate,
  });
};

export const useDeleteSupplier = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(sup.removeSupplier, { params: { id } }),
    onSuccess: async (_r, id) => {
      queryClient.removeQueries({ queryKey: inventoryKeys.supplier(id) });
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.suppliers() });
    },
  });
};
