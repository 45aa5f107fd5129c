import {
  type TProductCreateRequest,
  type TProductDuplicateRequest,
  type TProductStatus,
  ZProductFacetsSchema,
  ZProductPageSchema,
  ZProductSchema,
  ZProductStatusCountSchema,
  ZProductVersionSchema,
  ZProductVersionsSchema,
} from "@hub/contracts/products/products";
import { FROZEN_FIELD } from "@hub/contracts/tech-pack/handoff";
import {
  type TApprovalRequest,
  type TTaskRequest,
  type TTechPackTab,
  ZApprovalSchema,
  ZConfirmSetupSchema,
  ZTaskListSchema,
  ZTechPackHeaderSchema,
  ZTechPackHistoryPageSchema,
  ZTechPackSummarySchema,
} from "@hub/contracts/tech-pack/tech-pack";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";
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
};

export const useProductList = (q: ProductQuery) =>
  useQuery({
    queryKey: productKeys.list(q),
    queryFn: () => api("/productDev/products", ZProductPageSchema, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useStatusCount = (q: Omit<ProductQuery, "page" | "size" | "sort" | "status">) =>
  useQuery({
    queryKey: productKeys.counts(q),
    queryFn: () => api("/productDev/products/statusCount", ZProductStatusCountSchema, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useProductFacets = () =>
  useQuery({
    queryKey: productKeys.facets(),
    queryFn: () => api("/productDev/products/facets", ZProductFacetsSchema),
    staleTime: 30_000,
  });

const ZCreated = z.object({ product: ZProductSchema, stpId: z.number() });

export const useCreateProduct = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TProductCreateRequest) => api("/productDev/products", ZCreated, { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.lists() }),
  });
};

export const useDuplicateProduct = (productId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TProductDuplicateRequest) =>
      api(`/productDev/products/${productId}/duplicate`, ZCreated, { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.lists() }),
  });
};

export const useDeleteProduct = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => api(`/productDev/products/${productId}`, z.null(), { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all() }),
  });
};

export const useVersions = (productId: number | null) =>
  useQuery({
    queryKey: productKeys.versions(productId ?? 0),
    queryFn: () => api(`/productDev/products/${productId}/versions`, ZProductVersionsSchema),
    enabled: productId !== null,
    staleTime: 0,
  });

export const useCreateVersion = (productId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      api(`/productDev/products/${productId}/versions`, ZProductVersionSchema, {
        method: "POST",
        body: note ? { note } : {},
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all() }),
  });
};

export const useTechPackHeader = (stpId: number | null) =>
  useQuery({
    queryKey: productKeys.header(stpId ?? 0),
    queryFn: () => api(`/productDev/stps/${stpId}`, ZTechPackHeaderSchema),
    enabled: stpId !== null,
    staleTime: 0,
  });

/** A tab's GET (fresh when the tab opens; otherwise only its own save or Reload changes it). */
export const useTechPackTab = <S extends z.ZodType>(stpId: number, tab: string, schema: S) =>
  useQuery({
    queryKey: productKeys.tab(stpId, tab),
    queryFn: () => api(`/productDev/stps/${stpId}/tabs/${tab}`, schema),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: "always",
  });

export const useSaveTechPackTab = <S extends z.ZodType>(stpId: number, tab: string, schema: S) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api(`/productDev/stps/${stpId}/tabs/${tab}`, schema, { method: "PUT", body }),
    onSuccess: async (saved) => {
      qc.setQueryData(productKeys.tab(stpId, tab), saved);
      // Costing follows the BOM, the BOM's columns follow the colourways, the chart the sizing:
      // the other tabs of this pack are read again when they open.
      await qc.invalidateQueries({
        queryKey: productKeys.pack(stpId),
        predicate: (q) => q.queryKey[4] !== tab,
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
    queryFn: () => api(`/productDev/stps/${stpId}/summary`, ZTechPackSummarySchema),
    staleTime: 0,
  });

export const useConfirmSetup = (stpId: number) =>
  useQuery({
    queryKey: productKeys.tab(stpId, "confirmSetup"),
    queryFn: () => api(`/productDev/stps/${stpId}/confirmSetup`, ZConfirmSetupSchema),
    staleTime: 0,
  });

export const useApproval = (stpId: number) =>
  useQuery({
    queryKey: productKeys.tab(stpId, "approval"),
    queryFn: () => api(`/productDev/stps/${stpId}/approval`, ZApprovalSchema),
    staleTime: 0,
  });

export const useApprovalAction = (stpId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: "submit" | "approve" | "reject" | "send"; body: TApprovalRequest }) =>
      api(`/productDev/stps/${stpId}/approval/${action}`, ZApprovalSchema, { method: "POST", body }),
    onSuccess: async (saved) => {
      qc.setQueryData(productKeys.tab(stpId, "approval"), saved);
      await qc.invalidateQueries({ queryKey: productKeys.all() });
    },
  });
};

export const useTasks = (stpId: number) =>
  useQuery({
    queryKey: productKeys.tab(stpId, "taskList"),
    queryFn: () => api(`/productDev/stps/${stpId}/tasks`, ZTaskListSchema),
    staleTime: 0,
  });

export const useSaveTask = (stpId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TTaskRequest }) =>
      id === null
        ? api(`/productDev/stps/${stpId}/tasks`, ZTaskListSchema, { method: "POST", body })
        : api(`/productDev/stps/${stpId}/tasks/${id}`, ZTaskListSchema, { method: "PUT", body }),
    onSuccess: (saved) => qc.setQueryData(productKeys.tab(stpId, "taskList"), saved),
  });
};

export const useDeleteTask = (stpId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/productDev/stps/${stpId}/tasks/${id}`, ZTaskListSchema, { method: "DELETE" }),
    onSuccess: (saved) => qc.setQueryData(productKeys.tab(stpId, "taskList"), saved),
  });
};

export const useHistory = (stpId: number, q: { page: number; size: number; searchString?: string; tab?: string }) =>
  useQuery({
    queryKey: productKeys.history(stpId, q),
    queryFn: () => api(`/productDev/stps/${stpId}/history`, ZTechPackHistoryPageSchema, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
