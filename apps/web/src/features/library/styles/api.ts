import { pricingApi, styleWorkspaceApi } from "@hub/contracts/library/api";
import type { TApplyProfileRequest, TProductPriceRequest, TStyleTab } from "@hub/contracts/library/style-composition";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api, call, pathTo } from "../../../lib/api";
import { libraryKeys } from "../shared/api";

/** Query keys of a style's composition, preview and prices (under the library's "styles" keys). */
export const styleKeys = {
  all: () => libraryKeys.resource("styles"),
  composition: (id: number) => [...styleKeys.all(), "composition", id] as const,
  tabs: (id: number) => [...styleKeys.all(), "tabs", id] as const,
  tab: (id: number, tab: TStyleTab) => [...styleKeys.tabs(id), tab] as const,
  details: (id: number) => [...styleKeys.all(), "productDetails", id] as const,
  price: (req: TProductPriceRequest) => [...styleKeys.all(), "productPrice", req] as const,
};

export const useComposition = (styleId: number) =>
  useQuery({
    queryKey: styleKeys.composition(styleId),
    queryFn: () => call(styleWorkspaceApi.composition, { params: { id: styleId } }),
    staleTime: 0,
  });

export const useApplyProfile = (styleId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TApplyProfileRequest) => call(styleWorkspaceApi.applyProfile, { params: { id: styleId }, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(styleKeys.composition(styleId), saved);
      await queryClient.invalidateQueries({ queryKey: styleKeys.details(styleId) });
      await queryClient.invalidateQueries({ queryKey: styleKeys.tabs(styleId) });
    },
  });
};

/** Each tab's read and save. */
const TABS = {
  details: { read: styleWorkspaceApi.detailsTab, save: styleWorkspaceApi.saveDetailsTab },
  pricing: { read: styleWorkspaceApi.pricingTab, save: styleWorkspaceApi.savePricingTab },
  options: { read: styleWorkspaceApi.optionsTab, save: styleWorkspaceApi.saveOptionsTab },
  materials: { read: styleWorkspaceApi.materialsTab, save: styleWorkspaceApi.saveMaterialsTab },
  steps: { read: styleWorkspaceApi.stepsTab, save: styleWorkspaceApi.saveStepsTab },
} satisfies Record<TStyleTab, unknown>;

/**
 * One tab of the style workspace (styleWorkspaceApi.<tab>Tab). It is read fresh whenever
 * the tab opens, and otherwise changes only by an explicit reload or the tab's own save, so a form
 * keyed by `dataUpdatedAt` never loses what is being typed to a background refetch.
 */
export const useStyleTab = <S extends z.ZodType>(styleId: number, tab: TStyleTab, schema: S) =>
  useQuery({
    queryKey: styleKeys.tab(styleId, tab),
    queryFn: () => api(pathTo(TABS[tab].read, { params: { id: styleId } }), schema),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: "always",
  });

/** Saves one tab with the version it loaded; the answer (the tab at its new version) replaces the cache. */
export const useSaveStyleTab = <S extends z.ZodType>(styleId: number, tab: TStyleTab, schema: S) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      api(pathTo(TABS[tab].save, { params: { id: styleId } }), schema, { method: TABS[tab].save.method, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(styleKeys.tab(styleId, tab), saved);
      // Lists (option counts, prices), the buyer's view and the header show what a tab saves.
      await queryClient.invalidateQueries({ queryKey: libraryKeys.lists("styles") });
      await queryClient.invalidateQueries({ queryKey: libraryKeys.detail("styles", styleId) });
      await queryClient.invalidateQueries({ queryKey: styleKeys.details(styleId) });
      await queryClient.invalidateQueries({ queryKey: styleKeys.composition(styleId) });
    },
  });
};

export const useProductDetails = (styleId: number) =>
  useQuery({
    queryKey: styleKeys.details(styleId),
    queryFn: () => call(pricingApi.getProductDetails, { query: { styleId } }),
    staleTime: 0,
  });

/** The buyer's price of a variant; off until every option has a choice. */
export const useProductPrice = (req: TProductPriceRequest, enabled: boolean) =>
  useQuery({
    queryKey: styleKeys.price(req),
    queryFn: () => call(pricingApi.getProductPrice, { body: req }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The :id of a style page, or null when it is not an id. */
export const parseStyleId = (raw: string | undefined): number | null =>
  raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
