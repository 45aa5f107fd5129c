import type { TFactorySettings } from "@hub/contracts/factory-config/factory-config";
import { factoryConfigApi } from "@hub/contracts/factory-config/factory-config-api";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";

/** Query keys of Factory Config: one factory (no facility named = the caller's default one). */
export const factoryConfigKeys = {
  all: ["factoryConfig"] as const,
  config: (factoryId: number | undefined) => [...factoryConfigKeys.all, "config", factoryId ?? null] as const,
  history: (factoryId: number, q: { page: number; size: number }) =>
    [...factoryConfigKeys.all, "history", factoryId, q] as const,
};

/**
 * A facility's settings: the caller's own facility, or the one an internal admin named (else the
 * session client's facility, else the first). Pack Out and the cut planner start from them too.
 */
export const useFactoryConfig = (factoryId?: number) =>
  useQuery({
    queryKey: factoryConfigKeys.config(factoryId),
    queryFn: () => call(factoryConfigApi.get, { query: { factoryId } }),
  });

/** The caller's facility's label size, barcode and paper (Factory Config), for the Labels menus; undefined until read or when `enabled` is false. */
export const useLabelDefaults = (enabled: boolean) => {
  const config = useQuery({
    queryKey: factoryConfigKeys.config(undefined),
    queryFn: () => call(factoryConfigApi.get, { query: {} }),
    enabled,
  });
  const s = config.data?.settings;
  return s ? { format: s.unitLabelFormat, symbology: s.labelSymbology, paper: s.labelPaper } : undefined;
};

/** A page of the facility's changes, newest first. */
export const useFactoryConfigHistory = (factoryId: number, q: { page: number; size: number }) =>
  useQuery({
    queryKey: factoryConfigKeys.history(factoryId, q),
    queryFn: () => call(factoryConfigApi.history, { query: { factoryId, page: q.page, size: q.size } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * Saves every setting of a facility. `shownAs` is the key the page read it under (no facility
 * named, or the one chosen); the settings and the history are read again everywhere.
 */
export const useSaveFactoryConfig = (shownAs: number | undefined) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { factoryId: number; body: TFactorySettings }) =>
      call(factoryConfigApi.save, { query: { factoryId: input.factoryId }, body: input.body }),
    onSuccess: async (saved) => {
      client.setQueryData(factoryConfigKeys.config(shownAs), saved);
      client.setQueryData(factoryConfigKeys.config(saved.factoryId), saved);
      await client.invalidateQueries({ queryKey: factoryConfigKeys.all, refetchType: "none" });
      await client.invalidateQueries({ queryKey: [...factoryConfigKeys.all, "history"] });
    },
  });
};
