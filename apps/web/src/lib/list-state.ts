import { useCallback, useMemo, useState } from "react";
import { useLocation, useSearchParams } from "react-router";

export type ListState = { page: number; size: number; sort: string | undefined; searchString: string };

/**
 * A list's paging, sorting and search live in the URL (page, size, sort, q), so a reload or a
 * shared link shows the same page. Defaults are left out of the URL.
 */
export const useListState = (defaults: { size?: number; sort?: string } = {}) => {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const defaultSize = defaults.size ?? 25;
  const state: ListState = useMemo(() => {
    const page = Number.parseInt(params.get("page") ?? "0", 10);
    const size = Number.parseInt(params.get("size") ?? String(defaultSize), 10);
    return {
      page: Number.isFinite(page) && page >= 0 ? page : 0,
      size: Number.isFinite(size) && size > 0 && size <= 500 ? size : defaultSize,
      sort: params.get("sort") ?? defaults.sort,
      searchString: params.get("q") ?? "",
    };
  }, [params, defaultSize, defaults.sort]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      // A late update from a list the person has already left must not pull them back to it.
      if (window.location.pathname !== pathname) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...state, ...patch };
          // A new search or sort starts again at the first page.
          if (patch.searchString !== undefined || patch.sort !== undefined || patch.size !== undefined)
            merged.page = patch.page ?? 0;
          const put = (key: string, value: string | undefined, fallback: string | undefined) => {
            if (value === undefined || value === "" || value === fallback) next.delete(key);
            else next.set(key, value);
          };
          put("page", String(merged.page), "0");
          put("size", String(merged.size), String(defaultSize));
          put("sort", merged.sort, defaults.sort);
          put("q", merged.searchString, "");
          return next;
        },
        { replace: true },
      );
    },
    [setParams, state, defaultSize, defaults.sort, pathname],
  );

  /** The query the paging contract takes. */
  const query = useMemo(
    () => ({ page: state.page, size: state.size, sort: state.sort, searchString: state.searchString || undefined }),
    [state],
  );
  return { state, update, query };
};

/**
 * A list's own filters (status, kind, supplier…) in the URL beside useListState's: `get(key)`
 * reads one, `set(key, value)` writes it (null or "" removes it) and starts again at the first page.
 */
export const useListFilters = () => {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
          next.delete("page");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { get: (key: string) => params.get(key), set };
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` days up to today (UTC, as the server counts), today included. */
export const lastDays = (days: number) => () => {
  const to = new Date();
  return { from: isoDay(new Date(to.getTime() - (days - 1) * 86_400_000)), to: isoDay(to) };
};

/** From the first day of the month a year ago to today (UTC): thirteen calendar months of a report. */
export const thirteenMonths = () => {
  const now = new Date();
  return { from: isoDay(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1))), to: isoDay(now) };
};

/**
 * A report's date range in the URL (`from`, `to`, both `YYYY-MM-DD`): a missing or malformed end
 * falls back to the report's default range, worked out once per visit.
 */
export const useDateRangeParams = (
  filters: { get: (key: string) => string | null },
  fallbackRange: () => { from: string; to: string },
) => {
  const [fallback] = useState(fallbackRange);
  const fromParam = filters.get("from");
  const toParam = filters.get("to");
  return {
    from: fromParam && ISO_DAY.test(fromParam) ? fromParam : fallback.from,
    to: toParam && ISO_DAY.test(toParam) ? toParam : fallback.to,
  };
};
