import type { Operation } from "@hub/contracts/common/operation";
import { productsApi } from "@hub/contracts/products/api";
import type {
  PRODUCT_PACK_FILTERS,
  TProductCreateRequest,
  TProductDuplicateRequest,
  TProductStatus,
} from "@hub/contracts/products/products";
import { FROZEN_FIELD } from "@hub/contracts/products/tech-pack/handoff";
import type { TApprovalRequest, TTaskRequest, TTechPackTab } from "@hub/contracts/products/tech-pack/tech-pack";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { call } from "../../lib/api";
import { ApiError } from "../../lib/api-error";

export type ProductQuery = {
  page: number;
  size: number;
  sort?: string;
  searchString?: string;
  status?: TProductStatus;
  collection?: string;
  batch?: string;
  tag?: string;
  pack?: (typeof PRODUCT_PACK_FILTERS)[number];
};

/** Query keys of products and tech packs, so invalidation is never a guess. */
export const productKeys = {
  all: () => ["products"] as const,
  lists: () => [...productKeys.all(), "list"] as const,
  list: (q: ProductQuery) => [...productKeys.lists(), q] as const,
  counts: (q: Omit<ProductQuery, "page" | "size" | "sort" | "status">) =>
    [...productKeys.lists(), "counts", q] as const,
  facets: () => [...productKeys.lists(), "facets"] as const,
  product: (id: number) => [...productKeys.all(), "product", id] as const,
  versions: (id: number) => [...productKeys.all(), "versions", id] as const,
  pack: (stpId: number) => [...productKeys.all(), "stp", stpId] as const,
  header: (stpId: number) => [...productKeys.pack(stpId), "header"] as const,
  tab: (stpId: number, tab: TTechPackTab | string) => [...productKeys.pack(stpId), "tab", tab] as const,
  history: (stpId: number, q: object) => [...productKeys.pack(stpId), "history", q] as const,
  compare: (stpId: number, from: number) => [...productKeys.pack(stpId), "compare", from] as const,
};

export const useProductList = (q: ProductQuery) =>
  useQuery({
    queryKey: productKeys.list(q),
    queryFn: () => call(productsApi.list, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useStatusCount = (q: Omit<ProductQuery, "page" | "size" | "sort" | "status">) =>
  useQuery({
    queryKey: productKeys.counts(q),
    queryFn: () => call(productsApi.statusCount, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useProductFacets = () =>
  useQuery({
    queryKey: productKeys.facets(),
    queryFn: () => call(productsApi.facets),
    staleTime: 30_000,
  });

export const useCreateProduct = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TProductCreateRequest) => call(productsApi.create, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.lists() }),
  });
};

export const useDuplicateProduct = (productId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TProductDuplicateRequest) => call(productsApi.duplicate, { params: { productId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.lists() }),
  });
};

export const useDeleteProduct = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => call(productsApi.remove, { params: { productId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all() }),
  });
};

export const useVersions = (productId: number | null) =>
  useQuery({
    queryKey: productKeys.versions(productId ?? 0),
    queryFn: () => call(productsApi.versions, { params: { productId: productId ?? 0 } }),
    enabled: productId !== null,
    staleTime: 0,
  });

export const useCreateVersion = (productId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      call(productsApi.createVersion, { params: { productId }, body: note ? { note } : {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all() }),
  });
};

/** What changed from version `from` to version `stpId` (both tech packs of one product), tab by tab. */
export const useVersionCompare = (stpId: number | null, from: number | null) =>
  useQuery({
    queryKey: productKeys.compare(stpId ?? 0, from ?? 0),
    queryFn: () => call(productsApi.compare, { params: { stpId: stpId ?? 0 }, query: { from: from ?? 0 } }),
    enabled: stpId !== null && from !== null && stpId !== from,
  });

/** The facility acknowledges a version sent to it (it builds from it). */
export const useAcknowledgeVersion = (stpId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(productsApi.acknowledge, { params: { stpId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.header(stpId) }),
  });
};

export const useTechPackHeader = (stpId: number | null) =>
  useQuery({
    queryKey: productKeys.header(stpId ?? 0),
    queryFn: () => call(productsApi.header, { params: { stpId: stpId ?? 0 } }),
    enabled: stpId !== null,
    staleTime: 0,
  });

/**
 * A tech-pack tab's operations: its GET and PUT (`/productDev/stps/:stpId/tabs/<key>`), declared in
 * contracts (`techPackTabsApi[key]`, or the product details' `productsApi.details`/`saveDetails`).
 */
export type TechPackTabOps<T> = {
  key: string;
  label: string;
  read: Omit<Operation, "responses"> & {
    path: `/productDev/stps/:stpId/tabs/${string}`;
    responses: { 200: z.ZodType<T> };
  };
  save: Omit<Operation, "responses"> & {
    path: `/productDev/stps/:stpId/tabs/${string}`;
    body: z.ZodType;
    responses: { 200: z.ZodType<T> };
  };
};

/** A tab's GET (fresh when the tab opens; otherwise only its own save or Reload changes it). */
export const useTechPackTab = <T>(stpId: number, tab: TechPackTabOps<T>) =>
  useQuery({
    queryKey: productKeys.tab(stpId, tab.key),
    queryFn: () => call(tab.read, { params: { stpId } }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: "always",
  });

export const useSaveTechPackTab = <T>(stpId: number, { key, save }: TechPackTabOps<T>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => call(save, { params: { stpId }, body }),
    onSuccess: async (saved) => {
      qc.setQueryData(productKeys.tab(stpId, key), saved);
      // Costing follows the BOM, the BOM's columns follow the colourways, the chart the sizing:
      // the other tabs of this pack are read again when they open.
      await qc.invalidateQueries({
        queryKey: productKeys.pack(stpId),
        predicate: (q) => q.queryKey[4] !== key,
      });
      await qc.invalidateQueries({ queryKey: productKeys.lists() });
    },
    onError: async (error) => {
      // Approved (or sent) meanwhile: the header learns it, and offers New version beside the message.
      if (error instanceof ApiError && error.fields?.[FROZEN_FIELD])
        await qc.invalidateQueries({ queryKey: productKeys.header(stpId) });
    },
  });
};

export const useSummary = (stpId: number) =>
  useQuery({
    queryKey: productKeys.tab(stpId, "summary"),
    queryFn: () => call(productsApi.summary, { params: { stpId } }),
    staleTime: 0,
  });

export const useConfirmSetup = (stpId: number) =>
  useQuery({
    queryKey: productKeys.tab(stpId, "confirmSetup"),
    queryFn: () => call(productsApi.confirmSetup, { params: { stpId } }),
    staleTime: 0,
  });

export const useApproval = (stpId: number) =>
  useQuery({
    queryKey: productKeys.tab(stpId, "approval"),
    queryFn: () => call(productsApi.approval, { params: { stpId } }),
    staleTime: 0,
  });

export const useApprovalAction = (stpId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: "submit" | "approve" | "reject" | "send"; body: TApprovalRequest }) =>
      call(productsApi[action], { params: { stpId }, body }),
    onSuccess: async (saved) => {
      qc.setQueryData(productKeys.tab(stpId, "approval"), saved);
      await qc.invalidateQueries({ queryKey: productKeys.all() });
    },
  });
};

export const useTasks = (stpId: number) =>
  useQuery({
    queryKey: productKeys.tab(stpId, "taskList"),
    queryFn: () => call(productsApi.tasks, { params: { stpId } }),
    staleTime: 0,
  });

export const useSaveTask = (stpId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TTaskRequest }) =>
      id === null
        ? call(productsApi.createTask, { params: { stpId }, body })
        : call(productsApi.updateTask, { params: { stpId, taskId: id }, body }),
    onSuccess: (saved) => qc.setQueryData(productKeys.tab(stpId, "taskList"), saved),
  });
};

export const useDeleteTask = (stpId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(productsApi.deleteTask, { params: { stpId, taskId: id } }),
    onSuccess: (saved) => qc.setQueryData(productKeys.tab(stpId, "taskList"), saved),
  });
};

export const useHistory = (stpId: number, q: { page: number; size: number; searchString?: string; tab?: string }) =>
  useQuery({
    queryKey: productKeys.history(stpId, q),
    queryFn: () => call(productsApi.history, { params: { stpId }, query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
