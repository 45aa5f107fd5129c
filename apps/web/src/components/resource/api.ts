import { resourceUrls } from "@hub/contracts/common/resource-urls";
import type { TLookupItem } from "@hub/contracts/library/common";
import { ZDeletedSchema, ZLookupListSchema } from "@hub/contracts/library/common";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";
import { downloadListCsv } from "../../lib/transfer";

export type ResourceQuery = {
  page: number;
  size: number;
  sort?: string;
  searchString?: string;
  archived?: "hide" | "only" | "all";
};

/**
 * Query keys of one resource, from its API path: "/library/fabrics" → ["library", "fabrics", …].
 * So invalidating a prefix (["library"]) reaches every resource under it, and a resource's own
 * key (list, detail, lookup) is never a guess.
 */
export const resourceKeys = (path: string) => {
  const all = path.split("/").filter(Boolean);
  return {
    all: () => all,
    lists: () => [...all, "list"],
    list: (query: ResourceQuery) => [...all, "list", query],
    detail: (id: number) => [...all, "detail", id],
    lookup: (search: string, ids: string) => [...all, "lookup", search, ids],
  };
};

/** A ref field's resource: a key under the same prefix ("styles"), or an API path of its own ("/inventory/items"). */
export const refPath = (prefix: string, resource: string): string =>
  resource.startsWith("/") ? resource : `${prefix}/${resource}`;

export const useResourceList = <T>(path: string, schema: z.ZodType<T>, query: ResourceQuery) =>
  useQuery({
    queryKey: resourceKeys(path).list(query),
    queryFn: () => api(resourceUrls(path).list, schema, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useResourceDetail = <T>(path: string, schema: z.ZodType<T>, id: number | null) =>
  useQuery({
    queryKey: resourceKeys(path).detail(id ?? 0),
    queryFn: () => api(resourceUrls(path).detail(id ?? 0), schema),
    enabled: id !== null,
    staleTime: 0,
  });

const useInvalidate = (path: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: resourceKeys(path).all() });
};

export const useSaveResource = <TRequest, TDetail>(path: string, schema: z.ZodType<TDetail>, id: number | null) => {
  const invalidate = useInvalidate(path);
  return useMutation({
    mutationFn: (body: TRequest) =>
      id === null
        ? api(resourceUrls(path).create, schema, { method: "POST", body })
        : api(resourceUrls(path).update(id), schema, { method: "PUT", body }),
    onSuccess: invalidate,
  });
};

export const useDeleteResource = (path: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(resourceUrls(path).remove(id), ZDeletedSchema, { method: "DELETE" }),
    onSuccess: async (_r, id) => {
      queryClient.removeQueries({ queryKey: resourceKeys(path).detail(id) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys(path).all() });
    },
  });
};

/** Archive or restore, and the out-of-stock / back-in-stock actions: a POST that answers the detail. */
export const useResourceAction = <TDetail>(path: string, schema: z.ZodType<TDetail>) => {
  const invalidate = useInvalidate(path);
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: string; body?: unknown }) =>
      api(resourceUrls(path).action(id, action), schema, { method: "POST", body: body ?? {} }),
    onSuccess: invalidate,
  });
};

/** Options for a select: rows whose label matches the text typed, plus the rows already chosen. */
export const useLookup = (path: string, search: string, ids: readonly number[] = []) => {
  const idList = [...ids].sort((a, b) => a - b).join(",");
  const keys = resourceKeys(path);
  const matches = useQuery({
    queryKey: keys.lookup(search, ""),
    queryFn: () =>
      api(resourceUrls(path).lookup, ZLookupListSchema, { query: { searchString: search || undefined, size: 20 } }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: keys.lookup("", idList),
    queryFn: () => api(resourceUrls(path).lookup, ZLookupListSchema, { query: { ids: idList } }),
    enabled: idList !== "",
  });
  const byId = new Map<number, TLookupItem>();
  for (const item of [...(chosen.data ?? []), ...(matches.data ?? [])]) byId.set(item.id, item);
  return { options: matches.data ?? [], byId, loading: matches.isFetching };
};

const ZNamesSchema = z.array(z.string()).nullable();

/** Suggestions for a free-text field: an endpoint that answers a list of names. */
export const useNames = (path: string) =>
  useQuery({
    queryKey: [...path.split("/").filter(Boolean), "names"],
    queryFn: async () => (await api(path, ZNamesSchema)) ?? [],
  });

/** Downloads the CSV of a list's current filter (the request carries the ID token, so a plain link would not do). */
export const downloadCsv = (path: string, query: Omit<ResourceQuery, "page" | "size">): Promise<void> =>
  downloadListCsv(resourceUrls(path).exportCsv, query, path.split("/").filter(Boolean).at(-1) ?? "export");
