import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import { ordersApi } from "@hub/contracts/orders/api";
import type {
  TItemEditRequest,
  TOrder,
  TOrderListQuery,
  TPlaceOrderRequest,
  TQuoteRequest,
} from "@hub/contracts/orders/orders";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Query keys of the orders area: invalidate `all` after a change that lists show. */
export const ordersKeys = {
  all: ["orders"] as const,
  list: (q: Partial<TOrderListQuery>) => ["orders", "list", q] as const,
  detail: (id: number) => ["orders", "detail", id] as const,
  comments: (id: number) => ["orders", "detail", id, "comments"] as const,
  issues: (id: number) => ["orders", "detail", id, "issues"] as const,
  history: (id: number) => ["orders", "detail", id, "history"] as const,
  cost: (id: number) => ["orders", "detail", id, "cost"] as const,
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
    queryFn: () => call(ordersApi.list, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useOrder = (id: number | null) =>
  useQuery({
    queryKey: ordersKeys.detail(id ?? 0),
    queryFn: () => call(ordersApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: 0,
  });

export const useComments = (id: number) =>
  useQuery({
    queryKey: ordersKeys.comments(id),
    queryFn: () => call(ordersApi.comments, { params: { id } }),
    staleTime: 0,
  });
export const useIssues = (id: number) =>
  useQuery({
    queryKey: ordersKeys.issues(id),
    queryFn: () => call(ordersApi.issues, { params: { id } }),
    staleTime: 0,
  });
/** The Cost tab: quoted beside actual (facility users and internal admins). */
export const useOrderCost = (id: number, enabled = true) =>
  useQuery({
    queryKey: ordersKeys.cost(id),
    queryFn: () => call(ordersApi.cost, { params: { id } }),
    enabled,
    staleTime: 0,
  });

export const useHistory = (id: number) =>
  useQuery({
    queryKey: ordersKeys.history(id),
    queryFn: () => call(ordersApi.history, { params: { id } }),
    staleTime: 0,
  });

/** Order entry: the client's address book and payment method. Off until a client is chosen (when one must be). */
export const useEntryOptions = (clientId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ordersKeys.entry(clientId),
    queryFn: () => call(ordersApi.entryOptions, { query: clientQuery(clientId) }),
    enabled,
    staleTime: 0,
  });

export const useEntryStyles = (clientId: number | null, searchString: string, enabled: boolean) =>
  useQuery({
    queryKey: ordersKeys.styles(clientId, searchString),
    queryFn: () =>
      call(ordersApi.entryStyles, {
        query: { ...clientQuery(clientId), searchString: searchString || undefined, size: 30 },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useEntryStyle = (clientId: number | null, styleId: number | null) =>
  useQuery({
    queryKey: ordersKeys.style(clientId, styleId ?? 0),
    queryFn: () => call(ordersApi.entryStyle, { params: { styleId: styleId ?? 0 }, query: clientQuery(clientId) }),
    enabled: styleId !== null,
  });

/** Every line priced live; off while there is nothing to price. */
export const useQuote = (req: TQuoteRequest, enabled: boolean) =>
  useQuery({
    queryKey: ordersKeys.quote(req),
    queryFn: () => call(ordersApi.quote, { body: req }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Places an order with the attempt's Idempotency-Key: a retry or a double click creates one order. */
export const usePlaceOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TPlaceOrderRequest; key: string }) =>
      call(ordersApi.place, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: async (order) => {
      client.setQueryData(ordersKeys.detail(order.id), order);
      await client.invalidateQueries({ queryKey: ["orders", "list"] });
    },
  });
};

/** An action on one order that answers the order: complete, cancel, charge, refund, item edit. */
const useOrderAction = <V>(id: number, act: (v: V) => Promise<TOrder>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: act,
    onSuccess: async (order) => {
      client.setQueryData(ordersKeys.detail(id), order);
      await client.invalidateQueries({ queryKey: ordersKeys.history(id) });
      await client.invalidateQueries({ queryKey: ["orders", "list"] });
    },
  });
};

export const useCompleteOrder = (id: number) =>
  useOrderAction(id, (reason: string | undefined) => call(ordersApi.complete, { params: { id }, body: { reason } }));
export const useCancelOrder = (id: number) =>
  useOrderAction(id, (reason: string) => call(ordersApi.cancel, { params: { id }, body: { reason } }));
export const useChargeOrder = (id: number) =>
  useOrderAction(id, (_: undefined) => call(ordersApi.charge, { params: { id } }));
export const useRedoPlatformOrder = (id: number) =>
  useOrderAction(id, (_: undefined) => call(ordersApi.redoPlatformOrder, { params: { id } }));
export const useRefundOrder = (id: number) =>
  useOrderAction(id, ({ amountCents, reason, key }: { amountCents: number; reason?: string; key: string }) =>
    call(ordersApi.refund, { params: { id }, body: { amountCents, reason }, headers: { [IDEMPOTENCY_HEADER]: key } }),
  );
export const useEditItem = (id: number) =>
  useOrderAction(id, ({ itemId, body }: { itemId: number; body: TItemEditRequest }) =>
    call(ordersApi.editItem, { params: { id, itemId }, body }),
  );

export const useBulkOrders = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; action: "complete" | "cancel"; reason?: string }) =>
      call(ordersApi.bulk, { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKeys.all });
    },
  });
};

export const useAddComment = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(ordersApi.addComment, { params: { id }, body: { body } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKeys.comments(id) });
    },
  });
};

export const useRaiseIssue = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; itemId?: number }) => call(ordersApi.raiseIssue, { params: { id }, body }),
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
        ? call(ordersApi.resolveIssue, { params: { id, issueId } })
        : call(ordersApi.respondIssue, { params: { id, issueId }, body: { response } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ordersKeys.issues(id) });
    },
  });
};

/** The :orderId of an order page, or null when it is not an id. */
export const parseOrderId = (raw: string | undefined): number | null =>
  raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
