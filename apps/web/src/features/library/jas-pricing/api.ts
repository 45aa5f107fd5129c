import type { TPriceListQuery } from "@hub/contracts/library/jas-pricing";
import { jasPricingApi } from "@hub/contracts/library/jas-pricing-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export type PriceListQuery = Omit<Partial<TPriceListQuery>, "page" | "size"> & { page: number; size: number };

/** A client's price list; `enabled` waits for a chosen client where the caller must choose one. */
export const usePriceList = (q: PriceListQuery, enabled: boolean) =>
  useQuery({
    queryKey: ["library", "jasPricing", q] as const,
    queryFn: () => call(jasPricingApi.list, { query: q }),
    placeholderData: keepPreviousData,
    enabled,
  });
