import { homeApi } from "@hub/contracts/home/api";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Query keys of the home page (its numbers depend on the session client, sent with every call). */
export const homeKeys = {
  summary: (sessionClientId: number | null) => ["home", "summary", sessionClientId] as const,
};

export const useHomeSummary = (sessionClientId: number | null) =>
  useQuery({
    queryKey: homeKeys.summary(sessionClientId),
    queryFn: () => call(homeApi.summary, {}),
    staleTime: 30_000,
  });
