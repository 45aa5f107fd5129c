import {
  type TApplyProfileRequest,
  type TProductPriceRequest,
  type TStyleCompositionRequest,
  ZProductDetailsSchema,
  ZProductPriceSchema,
  ZStyleCompositionSchema,
} from "@hub/contracts/library/style-composition";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { libraryKeys } from "../shared/api";

/** Query keys of a style's composition, preview and prices (under the library's "styles" keys). */
export const styleKeys = {
  all: () => libraryKeys.resource("styles"),
  composition: (id: number) => [...styleKeys.all(), "composition", id] as const,
  details: (id: number) => [...styleKeys.all(), "productDetails", id] as const,
  price: (req: TProductPriceRequest) => [...styleKeys.all(), "productPrice", req] as const,
};

export const useComposition = (styleId: number) =>
  useQuery({
    queryKey: styleKeys.composition(styleId),
    queryFn: () => api(`/library/styles/${styleId}/composition`, ZStyleCompositionSchema),
    staleTime: 0,
  });

export const useSaveComposition = (styleId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStyleCompositionRequest) =>
      api(`/library/styles/${styleId}/composition`, ZStyleCompositionSchema, { method: "PUT", body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(styleKeys.composition(styleId), saved);
      // Option counts in the list and the buyer's view change with the composition.
      await queryClient.invalidateQueries({ queryKey: libraryKeys.lists("styles") });
      await queryClient.invalidateQueries({ queryKey: styleKeys.details(styleId) });
    },
  });
};

export const useApplyProfile = (styleId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TApplyProfileRequest) =>
      api(`/library/styles/${styleId}/applyProfile`, ZStyleCompositionSchema, { method: "POST", body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(styleKeys.composition(styleId), saved);
      await queryClient.invalidateQueries({ queryKey: styleKeys.details(styleId) });
    },
  });
};

export const useProductDetails = (styleId: number) =>
  useQuery({
    queryKey: styleKeys.details(styleId),
    queryFn: () => api(`/getProductDetails`, ZProductDetailsSchema, { query: { styleId } }),
    staleTime: 0,
  });

/** The buyer's price of a variant; off until every option has a choice. */
export const useProductPrice = (req: TProductPriceRequest, enabled: boolean) =>
  useQuery({
    queryKey: styleKeys.price(req),
    queryFn: () => api("/getProductPrice", ZProductPriceSchema, { method: "POST", body: req }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The :id of a style page, or null when it is not an id. */
export const parseStyleId = (raw: string | undefined): number | null =>
  raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
