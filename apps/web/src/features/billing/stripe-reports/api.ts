import type { TProviderTxnQuery } from "@hub/contracts/billing/provider-report";
import { providerReportApi } from "@hub/contracts/billing/provider-report-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export type ProviderTxnQuery = Omit<Partial<TProviderTxnQuery>, "page" | "size"> & { page: number; size: number };

export const useProviderTransactions = (q: ProviderTxnQuery) =>
  useQuery({
    queryKey: ["billing", "providerTransactions", q] as const,
    queryFn: () => call(providerReportApi.transactions, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
