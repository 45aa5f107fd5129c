import type { TFinanceClientQuery, TFinanceQuery } from "@hub/contracts/billing/finance";
import { financeApi } from "@hub/contracts/billing/finance-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** Query keys of Financials; charges and refunds elsewhere change them, so they are never cached long. */
export const financeKeys = {
  all: ["financials"] as const,
  summary: (q: TFinanceQuery) => ["financials", "summary", q] as const,
  clients: (q: Partial<TFinanceClientQuery>) => ["financials", "clients", q] as const,
};

export const useFinanceSummary = (q: TFinanceQuery) =>
  useQuery({
    queryKey: financeKeys.summary(q),
    queryFn: () => call(financeApi.summary, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export type FinanceClientQuery = Omit<Partial<TFinanceClientQuery>, "page" | "size"> & { page: number; size: number };

export const useFinanceClients = (q: FinanceClientQuery) =>
  useQuery({
    queryKey: financeKeys.clients(q),
    queryFn: () => call(financeApi.clients, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
