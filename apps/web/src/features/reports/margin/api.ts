import type { TMarginQuery } from "@hub/contracts/orders/margin";
import { marginApi } from "@hub/contracts/orders/margin-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

export type MarginQuery = Omit<Partial<TMarginQuery>, "page" | "size" | "groupBy"> & {
  page: number;
  size: number;
  groupBy: TMarginQuery["groupBy"];
};

/** The margin report's groups; cuts and scans elsewhere change the actual cost, so it is never cached long. */
export const useMarginReport = (q: MarginQuery) =>
  useQuery({
    queryKey: ["marginReport", q] as const,
    queryFn: () => call(marginApi.report, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
