import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import { ordersApi } from "@hub/contracts/orders/api";
import { returnsApi } from "@hub/contracts/returns/api";
import type { TCreateReturnRequest, TReturnListQuery } from "@hub/contracts/returns/returns";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Query keys of the returns area, so invalidation is never a guess. */
export const returnKeys = {
  all: () => ["returns"] as const,
  lists: () => [...returnKeys.all(), "list"] as const,
  list: (query: Partial<TReturnListQuery>) => [...returnKeys.lists(), query] as const,
  detail: (id: number) => [...returnKeys.all(), "detail", id] as const,
  returnable: (orderId: number) => [...returnKeys.all(), "returnable", orderId] as const,
  orderSearch: (text: string) => [...returnKeys.all(), "order-search", text] as const,
};

export const useReturnList = (query: Partial<TReturnListQuery>) =>
  useQuery({
    queryKey: returnKeys.list(query),
    queryFn: () => call(returnsApi.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useReturn = (id: number) =>
  useQuery({
    queryKey: returnKeys.detail(id),
    queryFn: () => call(returnsApi.get, { params: { id } }),
    staleTime: 0,
  });

/** An order's lines with what is left to return of each. */
export const useReturnable = (orderId: number | null) =>
  useQuery({
    queryKey: returnKeys.returnable(orderId ?? 0),
    queryFn: () => call(returnsApi.returnable, { query: { orderId: orderId ?? 0 } }),
    enabled: orderId !== null,
    staleTime: 0,
  });

/** Orders to pick from ("New return"), by order number, PO, SKU or client. */
export const useOrderSearch = (text: string) =>
  useQuery({
    queryKey: returnKeys.orderSearch(text),
    queryFn: () =>
      call(ordersApi.list, { query: { searchString: text || undefined, size: 20, sort: "placedAt,desc" } }),
    placeholderData: keepPreviousData,
  });

export const useCreateReturn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateReturnRequest) => call(returnsApi.create, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: returnKeys.all() });
    },
  });
};

export type ReturnAction = "receive" | "remake" | "cancel";

const useSettle = (id: number) => {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: returnKeys.all() });
    // The order's payment state and a remake order changed too.
    await queryClient.invalidateQueries({ queryKey: ["orders"] });
    await queryClient.invalidateQueries({ queryKey: returnKeys.detail(id) });
  };
};

export const useReturnAction = (id: number) => {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: ({ action, reason }: { action: ReturnAction; reason?: string }) =>
      call(returnsApi[action], { params: { id }, body: reason ? { reason } : {} }),
    onSuccess: settle,
  });
};

/** A refund carries an Idempotency-Key made when its dialog opens: a double click refunds once. */
export const useRefundReturn = (id: number) => {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: ({ body, key }: { body: { amountCents?: number; reason?: string }; key: string }) =>
      call(returnsApi.refund, { params: { id }, body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: settle,
  });
};
