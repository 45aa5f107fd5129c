import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import {
  type TCreateShipmentRequest,
  type TParcel,
  type TShipmentListQuery,
  type TShippingProvider,
  type TTrackingUpdateRequest,
  ZPackOrderSchema,
  ZPackScanResultSchema,
  ZRatesSchema,
  ZShipmentPageSchema,
  ZShipmentSchema,
  ZShippingOptionsSchema,
} from "@hub/contracts/floor/shipping";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { openPdf } from "../../lib/open-pdf";

/** Query keys of the shipping area, so invalidation is never a guess. */
export const shippingKeys = {
  all: () => ["shipping"] as const,
  lists: () => [...shippingKeys.all(), "list"] as const,
  list: (query: Partial<TShipmentListQuery>) => [...shippingKeys.lists(), query] as const,
  detail: (id: number) => [...shippingKeys.all(), "detail", id] as const,
  packOrder: (orderId: number) => [...shippingKeys.all(), "pack-order", orderId] as const,
  options: () => [...shippingKeys.all(), "options"] as const,
};

export const useShipmentList = (query: Partial<TShipmentListQuery>, enabled = true) =>
  useQuery({
    queryKey: shippingKeys.list(query),
    queryFn: () => api("/shipments", ZShipmentPageSchema, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });

export const useShipment = (id: number) =>
  useQuery({
    queryKey: shippingKeys.detail(id),
    queryFn: () => api(`/shipments/${id}`, ZShipmentSchema),
    staleTime: 0,
  });

export const usePackOrder = (orderId: number | null) =>
  useQuery({
    queryKey: shippingKeys.packOrder(orderId ?? 0),
    queryFn: () => api(`/shipping/orders/${orderId}`, ZPackOrderSchema),
    enabled: orderId !== null,
    staleTime: 0,
  });

export const useShippingOptions = () =>
  useQuery({
    queryKey: shippingKeys.options(),
    queryFn: () => api("/shipping/options", ZShippingOptionsSchema),
    staleTime: 5 * 60_000,
  });

export const packScan = (scanId: string, code: string) =>
  api("/shipping/pack-scan", ZPackScanResultSchema, { method: "POST", body: { scanId, code } });

export const fetchRates = (body: TParcel & { orderId: number; provider: TShippingProvider }) =>
  api("/shipping/rates", ZRatesSchema, { method: "POST", body });

const useSettle = () => {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: shippingKeys.all() });
    // The order's status follows its units.
    await queryClient.invalidateQueries({ queryKey: ["orders"] });
  };
};

/** Buying a box's label carries an Idempotency-Key made for the attempt: a double click buys once. */
export const useCreateShipment = () => {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ body, key }: { body: TCreateShipmentRequest; key: string }) =>
      api("/shipments", ZShipmentSchema, { method: "POST", body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: settle,
  });
};

export type ShipmentAction = "ship" | "void" | "track" | "notify-store";

export const useShipmentAction = (id: number) => {
  const settle = useSettle();
  return useMutation({
    mutationFn: (action: ShipmentAction) =>
      api(`/shipments/${id}/${action}`, ZShipmentSchema, { method: "POST", body: action === "ship" ? {} : undefined }),
    onSuccess: settle,
  });
};

export const useTrackingUpdate = (id: number) => {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: TTrackingUpdateRequest) =>
      api(`/shipments/${id}/tracking`, ZShipmentSchema, { method: "PUT", body }),
    onSuccess: settle,
  });
};

/**
 * Opens a shipment's PDF (label or packing slip) in a new tab to print: fetched with the ID token
 * (a plain link carries none); the tab opens during the click so no popup blocker stops it.
 */
export const openShipmentPdf = (id: number, doc: "label" | "packing-slip", fileName: string) =>
  openPdf(`/shipments/${id}/${doc}.pdf`, fileName);
