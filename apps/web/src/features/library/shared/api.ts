import type { z } from "zod";
import { resourceKeys, useResourceDetail, useLookup as useResourceLookup } from "../../../components/resource/api";

/** The library's API prefix: every library resource is at /library/{key}. */
export const LIBRARY_PREFIX = "/library";

/** Query keys of the library, per resource key (the resource engine's keys of /library/{key}). */
export const libraryKeys = {
  all: () => [LIBRARY_PREFIX.slice(1)],
  resource: (key: string) => resourceKeys(`${LIBRARY_PREFIX}/${key}`).all(),
  lists: (key: string) => resourceKeys(`${LIBRARY_PREFIX}/${key}`).lists(),
};

export const useLibraryDetail = <T>(key: string, schema: z.ZodType<T>, id: number | null) =>
  useResourceDetail(`${LIBRARY_PREFIX}/${key}`, schema, id);

/** Options for a select of a library resource (by key). */
export const useLookup = (key: string, search: string, ids: readonly number[] = []) =>
  useResourceLookup(`${LIBRARY_PREFIX}/${key}`, search, ids);
