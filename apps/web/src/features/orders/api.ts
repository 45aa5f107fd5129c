import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import {
  type TItemEditRequest,
  type TOrder,
  type TOrderListQuery,
  type TPlaceOrderRequest,
  type TQuoteRequest,
  ZBulkOrderResultSchema,
  ZCommentListSchema,
  ZCommentSchema,
  ZEntryOptionsSchema,
  ZEntryStyleDetailsSchema,
  ZEntryStyleListSchema,
  ZHistoryListSchema,
  ZIssueListSchema,
  ZIssueSchema,
  ZOrderPageSchema,
  ZOrderSchema,
  ZQuoteSchema,
} from "@hub/contracts/orders/orders";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Query keys of the orders area: invalidate `all` after a change that lists show. */
export const ordersKeys = {
  all: ["orders"] as const,
  list: (q: Partial<TOrderListQuery>) => ["orders", "list", q] as const,
  detail: (id: number) => ["orders", "detail", id] as const,
  comments: (id: number) => ["orders", "detail", id, "comments"] as const,
  issues: (id: number) => ["orders", "detail", id, "issues"] as const,
  history: (id: number) => ["orders", "detail", id, "history"] as const,
  entry: (clientId: number | null) => ["orders", "entry", clientId] as const,
  styles: (clientId: number | null, searchString: string) =>
    ["orders", "entry", clientId, "styles", searchString] as const,
  style: (clientId: number | null, styleId: number) => ["orders", "entry", clientId, "style", styleId] as const,
  quote: (req: TQuoteRequest) => ["orders", "quote", req] as const,
};

/** `?clientId=` for the entry calls: internal admins and facility users name the client; a client user's is its own. */
const clientQuery = (clientId: number | null) => (clientId === null ? {} : { clientId });

export const useOrdersList = (q: Partial<TOrderListQuery>) =>
  useQuery({
    queryKey: ordersKeys.list(q),
    queryFn: () => api("/orders", ZOrderPageSchema, { query: { ...q } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useOrder = (id: number | null) =>
  useQuery({
    queryKey: ordersKeys.detail(id ?? 0),
    queryFn: () => api(`/orders/${id}`, ZOrderSchema),
    enabled: id !== null,
    staleTime: 0,
  });

export const useComments = (id: number) =>
  useQuery({
    queryKey: ordersKeys.comments(id),
    queryFn: () => api(`/orders/${id}/comments`, ZCommentListSchema),
    staleTime: 0,
  });
export const useIssues = (id: number) =>
  useQuery({
    queryKey: ordersKeys.issues(id),
    queryFn: () => api(`/orders/${id}/issues`, ZIssueListSchema),
    staleTime: 0,
  });
export const useHistory = (id: number) =>
  useQuery({
    queryKey: ordersKeys.history(id),
    queryFn: () => api(`/orders/${id}/history`, ZHistoryListSchema),
    staleTime: 0,
  });

/** Order entry: the client's address book and payment method. Off until a client is chosen (when one must be). */
export const useEntryOptions = (clientId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ordersKeys.entry(clientId),
    queryFn: () => api("/orders/entry/options", ZEntryOptionsSchema, { query: clientQuery(clientId) }),
    enabled,
    staleTime: 0,
  });

export const useEntryStyles = (clientId: number | null, searchString: string, enabled: boolean) =>
  useQuery({
    queryKey: ordersKeys.styles(clientId, searchString),
    queryFn: () =>
      api("/orders/entry/styles", ZEntryStyleListSchema, {
        query: { ...clientQuery(clientId), searchString: searchString || undefined, size: 30 },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useEntryStyle = (clientId: number | null, styleId: number | null) =>
  useQuery({
    queryKey: ordersKeys.style(clientId, styleId ?? 0),
    queryFn: () => api(`/orders/entry/styles/${styleId}`, ZEntryStyleDetailsSchema, { query: clientQuery(clientId) }),
    enabled: styleId !== null,
  });

/** Every line priced live; off while there is nothing to price. */
export const useQuote = (req: TQuoteRequest, enabled: boolean) =>
  useQuery({
    queryKey: ordersKeys.quote(req),
    queryFn: () => api("/orders/quote", ZQuoteSchema, { method: "POST", body: req }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Places an order with the attempt's Idempotency-Key: a retry or a double click creates one order. */
export const usePlaceOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TPlaceOrderRequest; key: string }) =>
      api("/orders", ZOrderSchema, { method: "POST", body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: async (order) => {
      client.setQueryData(ordersKeys.detail(order.id), order);
      await client.invalidateQueries({ queryKey: ["orders", "list"] });
    },
  });
};

/** An action on one order that answers the order: complete, cancel, charge, refund, item edit. */
const useOrderAction = <V>(id: number, call: (v: V) => Promise<TOrder>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (order) => {
      client.setQueryData(ordersKeys.detail(id), order);
      await client.invalidateQueries({ queryKey: ordersKeys.history(id) });
      await client.invalidateQueries({ queryKey: ["orders", "list"] });
    },
  });
};

export const useCompleteOrder = (id: number) =>
  useOrderAction(id, (reason: string | undefined) =>
    api(`/orders/${id}/complete`, ZOrderSchema, { method: "POST", body: { reason } }),
  );
export const useCancelOrder = (id: number) =>
  useOrderAction(id, (reason: string) =>
    api(`/orders/${id}/cancel`, ZOrderSchema, { method: "POST", body: { reason } }),
  );
export const useChargeOrder = (id: number) =>
  useOrderAction(id, (_: undefined) => api(`/orders/${id}/charge`, ZOrderSchema, { method: "POST" }));
export const useRefundOrder = (id: number) =>
  useOrderAction(id, ({ amountCents, reason, key }: { amountCents: number; reason?: string; key: string }) =>
    api(`/orders/${id}/refund`, ZOrderSchema, {
      method: "POST",
      body: { amountCents, reason },
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
export const useEditItem = (id: number) =>
  useOrderAction(id, ({ itemId, body }: { itemId: number; body: TItemEditRequest }) =>
    api(`/orders/${id}/items/${itemId}`, ZOrderSchema, { method: "PUT", body }),
  );

export const useBulkOrders = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; action: "complete" | "cancel"; reason?: string }) =>
      api("/orders/bulk", ZBulkOrderResultSchema, { method: "POST", body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKeys.all });
    },
  });
};

export const useAddComment = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api(`/orders/${id}/comments`, ZCommentSchema, { method: "POST", body: { body } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKeys.comments(id) });
    },
  });
};

export const useRaiseIssue = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; itemId?: number }) =>
      api(`/orders/${id}/issues`, ZIssueSchema, { method: "POST", body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKeys.issues(id) });
    },
  });
};

export const useUpdateIssue = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ issueId, response }: { issueId: number; response?: string }) =>
      response === undefined
        ? api(`/orders/${id}/issues/${issueId}/resolve`, ZIssueSchema, { method: "POST" })
        : api(`/orders/${id}/issues/${issueId}/respond`, ZIssueSchema, { method: "POST", body: { response } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKeys.issues(id) });
    },
  });
};

/** The :orderId of an order page, or null when it is not an id. */
export const parseOrderId = (raw: string | undefined): number | null =>
  raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
