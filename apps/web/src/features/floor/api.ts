import type { TToteCreateRequest, TToteListQuery } from "@hub/contracts/floor/actions";
import { floorApi, UNIT_ACTION_OPERATIONS } from "@hub/contracts/floor/api";
import { qcReasonsApi, stationsApi } from "@hub/contracts/floor/setup-api";
import type { TRoutedUnitAction, TUnitActionBody } from "@hub/contracts/floor/unit-actions";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { ApiError } from "../../lib/api-error";
import { isNetworkError, type TInspectBody } from "./scan-queue";

/** Query keys of the floor: an order's units live under the order's key, so order changes refresh them. */
export const floorKeys = {
  all: ["floor"] as const,
  orderUnits: (orderId: number) => ["orders", "detail", orderId, "units"] as const,
  unitEvents: (orderId: number, unitId: number) => ["orders", "detail", orderId, "units", unitId] as const,
  unitPrintFiles: (unitId: number) => ["floor", "units", unitId, "printFiles"] as const,
  stations: ["floor", "stations", "lookup"] as const,
  reasons: ["floor", "qcReasons", "lookup"] as const,
  totes: ["floor", "totes"] as const,
  toteList: (query: Partial<TToteListQuery>) => ["floor", "totes", "list", query] as const,
};

/** A fresh client scan id for one scan (one press of Enter). */
export const newScanId = (): string =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const TRIES = 3;

/**
 * Sends one scan with its client scan id, and on a network error (no answer: the request may or
 * may not have reached the Hub) sends it again with the same id, so the Hub answers it once.
 */
export const sendScan = async <T>(call: (scanId: string) => Promise<T>, scanId = newScanId()): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(scanId);
    } catch (error) {
      const transport = error instanceof ApiError && error.status === 0;
      if (!transport || attempt >= TRIES) throw error;
      await new Promise((r) => setTimeout(r, 300 * attempt));
    }
  }
};

export const getUnitByBarcode = (barcode: string) => call(floorApi.getUnitByBarcode, { params: { barcode } });

/** A kiosk's unit lookup that keeps working offline: null when the network is down (the scan is then queued). */
export const getUnitOrOffline = async (barcode: string) => {
  try {
    return await getUnitByBarcode(barcode);
  } catch (error) {
    if (isNetworkError(error)) return null;
    throw error;
  }
};

/** The critical points of measure QC measures on a unit made from a tech pack (issue 19). */
export const getQcPoints = (barcode: string) => call(floorApi.qcPoints, { params: { barcode } });

/** A unit action (the unit actions' table, contracts floor/unit-actions.ts) on a scanned unit. */
export const unitAction = (
  barcode: string,
  action: TRoutedUnitAction,
  body: Omit<TUnitActionBody, "scanId"> = {},
  scanId?: string,
) =>
  sendScan(
    (scanId) => call(UNIT_ACTION_OPERATIONS[action].byBarcode, { params: { barcode }, body: { ...body, scanId } }),
    scanId,
  );

/** The print files of a unit's client, for "Change print file". */
export const useUnitPrintFiles = (unitId: number | null) =>
  useQuery({
    queryKey: floorKeys.unitPrintFiles(unitId ?? 0),
    queryFn: () => call(floorApi.unitPrintFiles, { params: { id: unitId ?? 0 } }),
    enabled: unitId !== null,
  });

export const getTote = (barcode: string) => call(floorApi.getTote, { params: { barcode } });

export const assignUnit = (tote: string, unitBarcode: string, stationId?: number, scanId?: string) =>
  sendScan(
    (scanId) =>
      call(floorApi.assignToTote, {
        params: { barcode: tote },
        body: { unitBarcode, scanId, ...(stationId ? { stationId } : {}) },
      }),
    scanId,
  );

export const toteAction = (tote: string, action: "clear" | "startTransit", stationId?: number, scanId?: string) =>
  sendScan(
    (scanId) =>
      call(action === "clear" ? floorApi.clearTote : floorApi.startTransit, {
        params: { barcode: tote },
        body: { scanId, ...(stationId ? { stationId } : {}) },
      }),
    scanId,
  );

export const inspect = (barcode: string, body: TInspectBody, scanId?: string) =>
  sendScan((scanId) => call(floorApi.inspectByBarcode, { params: { barcode }, body: { ...body, scanId } }), scanId);

export const recut = (barcode: string, body: { reasonId: number; stationId?: number }, scanId?: string) =>
  sendScan((scanId) => call(floorApi.recutByBarcode, { params: { barcode }, body: { ...body, scanId } }), scanId);

export const useStations = () =>
  useQuery({
    queryKey: floorKeys.stations,
    queryFn: () => call(stationsApi.list, { query: { size: 200 } }),
    staleTime: 60_000,
  });

export const useQcReasons = () =>
  useQuery({
    queryKey: floorKeys.reasons,
    queryFn: () => call(qcReasonsApi.list, { query: { size: 200 } }),
    staleTime: 60_000,
  });

export const useOrderUnits = (orderId: number) =>
  useQuery({
    queryKey: floorKeys.orderUnits(orderId),
    queryFn: () => call(floorApi.orderUnits, { params: { id: orderId } }),
    staleTime: 0,
  });

export const useUnitEvents = (orderId: number, unitId: number | null) =>
  useQuery({
    queryKey: floorKeys.unitEvents(orderId, unitId ?? 0),
    queryFn: () => call(floorApi.unitEvents, { params: { id: orderId, unitId: unitId ?? 0 } }),
    enabled: unitId !== null,
  });

export const useReleaseOrder = (orderId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(floorApi.release, { params: { id: orderId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["orders"] }),
  });
};

/** The facility's totes (All Totes): search, status filter, sort and page from the URL. */
export const useToteList = (query: Partial<TToteListQuery>) =>
  useQuery({
    queryKey: floorKeys.toteList(query),
    queryFn: () => call(floorApi.listTotes, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** New totes with the next free barcodes. */
export const useCreateTotes = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TToteCreateRequest) => call(floorApi.createTotes, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: floorKeys.totes }),
  });
};
