import type { ZIdParamsSchema } from "@hub/contracts/common/ids";
import type { Access, Operation } from "@hub/contracts/common/operation";
import { idInPath, type ResourceApi, resourceBase } from "@hub/contracts/common/resource-api";
import type { TLookupItem, TLookupQuery, ZLookupListSchema } from "@hub/contracts/library/common";
import type { ZNameListSchema } from "@hub/contracts/library/materials";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { call } from "../../lib/api";
import { downloadListCsv } from "../../lib/transfer";

export type ResourceQuery = {
  page: number;
  size: number;
  sort?: string;
  searchString?: string;
  archived?: "hide" | "only" | "all";
};

/** A resource's declaration (contracts `resourceApi`), typed by the screens' request, row and detail. */
export type ResourceOps<TRequest = unknown, TDetail = unknown, TRow = unknown> = ResourceApi<{
  request: z.ZodType<TRequest>;
  page: z.ZodType<{ items: TRow[]; total: number }>;
  detail: z.ZodType<TDetail>;
}>;

/** What a select searches: a declared lookup ({id,label} for searchString, or the rows `ids`). */
export type LookupOperation = Operation<{
  method: "GET";
  path: `/${string}`;
  access: Access;
  query: z.ZodType<TLookupQuery>;
  responses: { 200: typeof ZLookupListSchema };
}>;

/** A POST on a row that answers its detail, without a body (out of stock, back in stock). */
export type StockOperation<TDetail> = Operation<{
  method: "POST";
  path: `/${string}/:id/${string}`;
  access: Access;
  params: typeof ZIdParamsSchema;
  responses: { 200: z.ZodType<TDetail> };
}>;

/** An operation that answers a list of names (fabric types, part categories). */
export type NamesOperation = Operation<{
  method: "GET";
  path: `/${string}`;
  access: Access;
  responses: { 200: typeof ZNameListSchema };
}>;

const keysOf = (base: string) => {
  const all = base.split("/").filter(Boolean);
  return {
    all: () => all,
    lists: () => [...all, "list"],
    list: (query: ResourceQuery) => [...all, "list", query],
    detail: (id: number) => [...all, "detail", id],
    lookup: (search: string, ids: string) => [...all, "lookup", search, ids],
  };
};

/**
 * Query keys of one resource, from its base path: /library/fabrics → ["library", "fabrics", …].
 * So invalidating a prefix (["library"]) reaches every resource under it, and a resource's own
 * key (list, detail, lookup) is never a guess.
 */
export const resourceKeys = (api: ResourceApi) => keysOf(resourceBase(api));

export const useResourceList = <TRow>(api: ResourceOps<unknown, unknown, TRow>, query: ResourceQuery) =>
  useQuery({
    queryKey: resourceKeys(api).list(query),
    queryFn: () => call(api.list, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** A row's detail, by the declaration's get (the id in the path, or spec 7's ?id=). */
const getDetail = <TDetail>(api: ResourceOps<unknown, TDetail>, id: number): Promise<TDetail> => {
  const { get } = api;
  return idInPath(get) ? call(get, { params: { id } }) : call(get, { query: { id } });
};

export const useResourceDetail = <TDetail>(api: ResourceOps<unknown, TDetail>, id: number | null) =>
  useQuery({
    queryKey: resourceKeys(api).detail(id ?? 0),
    queryFn: () => getDetail(api, id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });

const useInvalidate = (api: ResourceApi) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: resourceKeys(api).all() });
};

export const useSaveResource = <TRequest, TDetail>(api: ResourceOps<TRequest, TDetail>, id: number | null) => {
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: (body: TRequest): Promise<TDetail> => {
      const { update } = api;
      if (id === null) return call(api.create, { body });
      return idInPath(update) ? call(update, { params: { id }, body }) : call(update, { query: { id }, body });
    },
    onSuccess: invalidate,
  });
};

export const useDeleteResource = (api: ResourceApi) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => {
      const { remove } = api;
      return idInPath(remove) ? call(remove, { params: { id } }) : call(remove, { query: { id } });
    },
    onSuccess: async (_r, id) => {
      queryClient.removeQueries({ queryKey: resourceKeys(api).detail(id) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys(api).all() });
    },
  });
};

/**
 * Archive or restore, and the out-of-stock / back-in-stock actions: a declared POST on a row that
 * answers its detail; `run` makes the call.
 */
export const useResourceAction = <TDetail>(api: ResourceApi) => {
  const invalidate = useInvalidate(api);
  return useMutation({
    mutationFn: (run: () => Promise<TDetail>) => run(),
    onSuccess: invalidate,
  });
};

/** Options for a select: rows whose label matches the text typed, plus the rows already chosen. */
export const useLookup = (lookup: LookupOperation, search: string, ids: readonly number[] = []) => {
  const idList = [...ids].sort((a, b) => a - b).join(",");
  const keys = keysOf(lookup.path.replace(/\/lookup$/, ""));
  const matches = useQuery({
    queryKey: keys.lookup(search, ""),
    queryFn: () => call(lookup, { query: { searchString: search || undefined, size: 20 } }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: keys.lookup("", idList),
    queryFn: () => call(lookup, { query: { ids: idList } }),
    enabled: idList !== "",
  });
  const byId = new Map<number, TLookupItem>();
  for (const item of [...(chosen.data ?? []), ...(matches.data ?? [])]) byId.set(item.id, item);
  return { options: matches.data ?? [], byId, loading: matches.isFetching };
};

/** Suggestions for a free-text field: an operation that answers a list of names. */
export const useNames = (names: NamesOperation) =>
  useQuery({
    queryKey: [...names.path.split("/").filter(Boolean), "names"],
    queryFn: async () => (await call(names)) ?? [],
  });

/** Downloads the CSV of a list's current filter (the request carries the ID token, so a plain link would not do). */
export const downloadCsv = (api: ResourceApi, query: Omit<ResourceQuery, "page" | "size">): Promise<void> =>
  downloadListCsv(api.exportCsv, query, resourceBase(api).split("/").filter(Boolean).at(-1) ?? "export");
