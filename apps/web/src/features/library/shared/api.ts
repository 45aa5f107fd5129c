import type { TLookupItem } from "@hub/contracts/library/common";
import { ZDeletedSchema, ZLookupListSchema } from "@hub/contracts/library/common";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api, request } from "../../../lib/api";
import { downloadListCsv } from "../../../lib/transfer";

export type LibraryQuery = {
  page: number;
  size: number;
  sort?: string;
  searchString?: string;
  archived?: "hide" | "only" | "all";
};

/** Query keys of the library, per resource, so invalidation is never a guess. */
export const libraryKeys = {
  all: () => ["library"] as const,
  resource: (key: string) => [...libraryKeys.all(), key] as const,
  lists: (key: string) => [...libraryKeys.resource(key), "list"] as const,
  list: (key: string, query: LibraryQuery) => [...libraryKeys.lists(key), query] as const,
  detail: (key: string, id: number) => [...libraryKeys.resource(key), "detail", id] as const,
  lookup: (key: string, search: string, ids: string) => [...libraryKeys.resource(key), "lookup", search, ids] as const,
  names: (path: string) => [...libraryKeys.all(), "names", path] as const,
};

export const useLibraryList = <S extends z.ZodType>(key: string, schema: S, query: LibraryQuery) =>
  useQuery({
    queryKey: libraryKeys.list(key, query),
    queryFn: () => api(`/library/${key}`, schema, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useLibraryDetail = <S extends z.ZodType>(key: string, schema: S, id: number | null) =>
  useQuery({
    queryKey: libraryKeys.detail(key, id ?? 0),
    queryFn: () => api(`/library/${key}/${id}`, schema),
    enabled: id !== null,
    staleTime: 0,
  });

const invalidate = async (queryClient: ReturnType<typeof useQueryClient>, key: string) => {
  await queryClient.invalidateQueries({ queryKey: libraryKeys.resource(key) });
};

export const useSaveLibrary = <S extends z.ZodType>(key: string, schema: S, id: number | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      id === null
        ? api(`/library/${key}`, schema, { method: "POST", body })
        : api(`/library/${key}/${id}`, schema, { method: "PUT", body }),
    onSuccess: () => invalidate(queryClient, key),
  });
};

export const useDeleteLibrary = (key: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/library/${key}/${id}`, ZDeletedSchema, { method: "DELETE" }),
    onSuccess: async (_r, id) => {
      queryClient.removeQueries({ queryKey: libraryKeys.detail(key, id) });
      await invalidate(queryClient, key);
    },
  });
};

/** Archive or restore, and the out-of-stock / back-in-stock actions: a POST that answers the detail. */
export const useLibraryAction = (key: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: string; body?: unknown }) =>
      request(`/library/${key}/${id}/${action}`, { method: "POST", body: body ?? {} }),
    onSuccess: () => invalidate(queryClient, key),
  });
};

/** Options for a select: rows whose label matches the text typed, plus the rows already chosen. */
export const useLookup = (key: string, search: string, ids: readonly number[] = []) => {
  const idList = [...ids].sort((a, b) => a - b).join(",");
  const matches = useQuery({
    queryKey: libraryKeys.lookup(key, search, ""),
    queryFn: () =>
      api(`/library/${key}/lookup`, ZLookupListSchema, { query: { searchString: search || undefined, size: 20 } }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: libraryKeys.lookup(key, "", idList),
    queryFn: () => api(`/library/${key}/lookup`, ZLookupListSchema, { query: { ids: idList } }),
    enabled: idList !== "",
  });
  const byId = new Map<number, TLookupItem>();
  for (const item of [...(chosen.data ?? []), ...(matches.data ?? [])]) byId.set(item.id, item);
  return { options: matches.data ?? [], byId, loading: matches.isFetching };
};

export const useNames = (path: string) =>
  useQuery({ queryKey: libraryKeys.names(path), queryFn: async () => ((await request(path)) as string[]) ?? [] });

/** Downloads the CSV of a list's current filter (the request carries the ID token, so a plain link would not do). */
export const downloadCsv = (key: string, query: Omit<LibraryQuery, "page" | "size">): Promise<void> =>
  downloadListCsv(`/library/${key}/export.csv`, query, key);
