import { QUERY_STALE_TIME_MS } from "@hub/contracts/common/constants";
import { QueryClient } from "@tanstack/react-query";

/** Spec 9: stale time 5 minutes, no retries, no refetch on focus or reconnect. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_TIME_MS, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});

/** Query-key factories, one per resource, so invalidation is never a guess. */
export const queryKeys = {
  config: () => ["config"] as const,
  userData: (username: string) => ["userdata", username.toLowerCase()] as const,
};
