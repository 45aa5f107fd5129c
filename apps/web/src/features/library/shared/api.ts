import type { z } from "zod";
import {
  resourceKeys,
  useDeleteResource,
  useResourceAction,
  useResourceDetail,
  useLookup as useResourceLookup,
} from "../../../components/resource/api";

/** The library's API prefix: every library resource is at /library/{key}. */
export const LIBRARY_PREFIX = "/library";

/** Query keys of the library, per resource key (the resource engine's keys of /library/{key}). */
export const libraryKeys = {
  all: () => [LIBRARY_PREFIX.slice(1)],
  resource: (key: string) => resourceKeys(`${LIBRARY_PREFIX}/${key}`).all(),
  lists: (key: string) => resourceKeys(`${LIBRARY_PREFIX}/${key}`).lists(),
  detail: (key: string, id: number) => resourceKeys(`${LIBRARY_PREFIX}/${key}`).detail(id),
};

/** Deletes a row of a library resource (by key). */
export const useDeleteLibrary = (key: string) => useDeleteResource(`${LIBRARY_PREFIX}/${key}`);

/** Archive or restore, out of stock or back in stock: a POST on a row that answers its detail. */
export const useLibraryAction = <T>(key: string, schema: z.ZodType<T>) =>
  useResourceAction(`${LIBRARY_PREFIX}/${key}`, schema);

export const useLibraryDetail = <T>(key: string, schema: z.ZodType<T>, id: number | null) =>
  useResourceDetail(`${LIBRARY_PREFIX}/${key}`, schema, id);

/** Options for a select of a library resource (by key). */
export const useLookup = (key: string, search: string, ids: readonly number[] = []) =>
  useResourceLookup(`${LIBRARY_PREFIX}/${key}`, search, ids);
