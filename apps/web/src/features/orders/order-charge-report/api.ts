import { orderChargesApi } from "@hub/contracts/orders/charges-api";
import type { TChargeReportQuery } from "@hub/contracts/orders/documents";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";

/** Query keys of the order charge report; charges and refunds made on an order invalidate `all`. */
export const chargeReportKeys = {
  all: ["orders", "charges"] as const,
  list: (q: Partial<TChargeReportQuery>) => ["orders", "charges", q] as const,
};

export type ChargeReportQuery = Omit<Partial<TChargeReportQuery>, "page" | "size"> & { page: number; size: number };

export const useChargeReport = (q: ChargeReportQuery) =>
  useQuery({
    queryKey: chargeReportKeys.list(q),
    queryFn: () =>
      call(orderChargesApi.list, {
        query: {
          page: q.page,
          size: q.size,
          sort: q.sort,
          searchString: q.searchString,
          from: q.from,
          to: q.to,
          clientId: q.clientId,
          kind: q.kind,
          status: q.status,
        },
      }),
    placeholderData: keepPreviousData,
  });
