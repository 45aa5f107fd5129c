import { IDEMPOTENCY_HEADER } from "@hub/contracts/common/constants";
import { shippingApi } from "@hub/contracts/shipping/api";
import type {
  TCreateShipmentRequest,
  TParcel,
  TShipment,
  TShipmentListQuery,
  TShippingProvider,
  TTrackingUpdateRequest,
} from "@hub/contracts/shipping/shipping";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, pathTo } from "../../lib/api";
import { openPdf } from "../../lib/open-pdf";
import { downloadFile } from "../../lib/transfer";

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
    queryFn: () => call(shippingApi.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });

export const useShipment = (id: number) =>
  useQuery({
    queryKey: shippingKeys.detail(id),
    queryFn: () => call(shippingApi.get, { params: { id } }),
    staleTime: 0,
  });

export const usePackOrder = (orderId: number | null) =>
  useQuery({
    queryKey: shippingKeys.packOrder(orderId ?? 0),
    queryFn: () => call(shippingApi.packOrder, { params: { orderId: orderId ?? 0 } }),
    enabled: orderId !== null,
    staleTime: 0,
  });

export const useShippingOptions = () =>
  useQuery({
    queryKey: shippingKeys.options(),
    queryFn: () => call(shippingApi.options),
    staleTime: 5 * 60_000,
  });

export const packScan = (scanId: string, code: string) => call(shippingApi.packScan, { body: { scanId, code } });

export const fetchRates = (body: TParcel & { orderId: number; provider: TShippingProvider }) =>
  call(shippingApi.rates, { body });

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
      call(shippingApi.create, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: settle,
  });
};

export type ShipmentAction = "ship" | "void" | "track" | "notify-store";

/** The shipment's action with no form (shipping today, voiding, tracking now, telling the store again). */
const callAction = (id: number, action: ShipmentAction) => {
  const params = { id };
  if (action === "ship") return call(shippingApi.ship, { params, body: {} });
  if (action === "void") return call(shippingApi.void, { params });
  if (action === "track") return call(shippingApi.track, { params });
  return call(shippingApi.notifyStore, { params });
};

export const useShipmentAction = (id: number) => {
  const settle = useSettle();
  return useMutation({
    mutationFn: (action: ShipmentAction) => callAction(id, action),
    onSuccess: settle,
  });
};

export const useTrackingUpdate = (id: number) => {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: TTrackingUpdateRequest) => call(shippingApi.updateTracking, { params: { id }, body }),
    onSuccess: settle,
  });
};

/**
 * Opens a shipment's PDF (label or packing slip) in a new tab to print: fetched with the ID token
 * (a plain link carries none); the tab opens during the click so no popup blocker stops it.
 */
export const openShipmentPdf = (id: number, doc: "label" | "packing-slip", fileName: string) =>
  openPdf(pathTo(doc === "label" ? shippingApi.labelPdf : shippingApi.packingSlipPdf, { params: { id } }), fileName);

/**
 * A shipment's label in the format it was bought in (the facility's Factory Config): a PDF opens in
 * a tab to print; a ZPL label (for a thermal printer) is downloaded as label-SH-….zpl.
 */
export const openShipmentLabel = (x: Pick<TShipment, "id" | "shipmentNumber" | "labelFormat">) =>
  x.labelFormat === "zpl"
    ? downloadFile(pathTo(shippingApi.labelZpl, { params: { id: x.id } }), `label-${x.shipmentNumber}.zpl`)
    : openShipmentPdf(x.id, "label", `label-${x.shipmentNumber}.pdf`);

/** The label button's words: Print label, or Download ZPL label for a thermal printer's label. */
export const labelActionText = (x: Pick<TShipment, "labelFormat">) =>
  x.labelFormat === "zpl" ? "Download ZPL label" : "Print label";
