import type { dashboardsApi } from "@hub/contracts/dashboards/api";
import { stylesApi } from "@hub/contracts/library/resources-api";
import {
  FLOOR_CHANGE_EVENT,
  type TFloorUnitListQuery,
  type TOpenOrderListQuery,
} from "@hub/contracts/orders/open-orders";
import { openOrdersApi } from "@hub/contracts/orders/open-orders-api";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call, pathTo } from "../../../lib/api";
import { currentIdToken } from "../../../lib/identity-client";
import { sessionClientHeaders } from "../../../lib/session-client";

/** Query keys of Manufacturing Status; a floor change invalidates `all`. */
export const openOrderKeys = {
  all: ["floor", "open-orders"] as const,
  list: (q: OpenOrderQuery) => ["floor", "open-orders", "list", q] as const,
  units: (orderId: number) => ["floor", "open-orders", "units", orderId] as const,
};

export type OpenOrderQuery = Omit<Partial<TOpenOrderListQuery>, "page" | "size"> & { page: number; size: number };

export const useOpenOrders = (q: OpenOrderQuery) =>
  useQuery({
    queryKey: openOrderKeys.list(q),
    queryFn: () => call(openOrdersApi.list, { query: q }),
    placeholderData: keepPreviousData,
  });

/** The floor's units in one state across the open orders (/openOrders/units: the home page's units by state). */
export const useFloorUnits = (q: Partial<TFloorUnitListQuery>) =>
  useQuery({
    queryKey: [...openOrderKeys.all, "floor-units", q] as const,
    queryFn: () => call(openOrdersApi.floorUnits, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useOrderUnits = (orderId: number | null) =>
  useQuery({
    queryKey: openOrderKeys.units(orderId ?? 0),
    queryFn: () =>
      call(openOrdersApi.units, { params: { orderId: orderId ?? 0 }, query: { size: 500, sort: "lineNumber,asc" } }),
    enabled: orderId !== null,
  });

export const useStyleOptions = () =>
  useQuery({
    queryKey: ["library", "styles", "lookup", "open-orders"],
    queryFn: () => call(stylesApi.lookup, { query: { size: 100 } }),
    staleTime: 5 * 60_000,
  });

export type LiveState = "connecting" | "live" | "reconnecting";

/**
 * Follows the floor's server-sent events (`openOrdersApi.events`) and refetches the
 * page's queries after a change (at most one refetch per 400 ms, so a burst of scans costs one). The stream is
 * read with fetch so the ID token goes in the Authorization header (EventSource cannot send it,
 * and a token never goes in a URL); it reconnects after an error.
 */
export const useFloorLive = (
  refetchEveryMs = 400,
  /** The stream to follow and the queries to refetch: Production Overview passes its own (dashboards). */
  stream: typeof openOrdersApi.events | typeof dashboardsApi.productionEvents = openOrdersApi.events,
  queryKey: readonly unknown[] = openOrderKeys.all,
): LiveState => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // At most one refetch per `refetchEveryMs`: a change starts the wait, later ones ride along. (Restarting
    // the wait on every change would never refetch while 20 stations scan without pause.)
    const refresh = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey });
      }, refetchEveryMs);
    };
    const run = async () => {
      while (!stopped) {
        controller = new AbortController();
        try {
          const token = await currentIdToken();
          const res = await fetch(`/api${pathTo(stream)}`, {
            headers: { authorization: `Bearer ${token}`, accept: "text/event-stream", ...sessionClientHeaders() },
            signal: controller.signal,
          });
          if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = "";
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer += value;
            let cut = buffer.indexOf("\n\n");
            while (cut >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const event = /^event: (.*)$/m.exec(block)?.[1];
              if (event === "ready") setState("live");
              // A missed stretch (resync) or a change: refetch what is shown.
              if (event === FLOOR_CHANGE_EVENT || event === "resync" || event === "ready") refresh();
              cut = buffer.indexOf("\n\n");
            }
          }
        } catch {
          // aborted, or the network went: try again below
        }
        if (stopped) break;
        setState("reconnecting");
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    };
    void run();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
    };
  }, [queryClient, refetchEveryMs, stream, queryKey]);
  return state;
};
