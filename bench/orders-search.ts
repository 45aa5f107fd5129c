/**
 * The order search of bench part 7 (bench/orders.ts), as the facility user: 7 texts × status filter
 * × 4 sorts × pages 0-2, `size=25`.
 *  - closed loop: 50 clients without pause, through the API, and the service's own queries
 *    (`listOrders`: it picks the plan, so its SQL is several statements) run directly on a pool of
 *    the same size: the database's limit for the same work, and the API's share of it;
 *  - open loop: 20 searches a second arriving at random, through the API, timed from arrival;
 *  - each text alone, by every sort: what one person waits for.
 */
import { performance } from "node:perf_hooks";
import type { TOrderListQuery } from "@hub/contracts";
import type { HubDb } from "@hub/db";
import { listOrders } from "../apps/server/src/modules/orders/orders.service";
import { facilityView } from "../apps/server/src/modules/orders/scope";
import { closedLoop, httpClosedLoop, type Load, openLoop } from "./lib/load";

export const SEARCH_CONCURRENCY = 50;
export const OPEN_LOOP_PER_SECOND = 20;
const OPEN_LOOP_SECONDS = 30;
const SEARCH_REQUESTS = 3_000;
const SEARCH_MAX_MS = 60_000;

export const TEXTS = [
  "hod-110-m-blk",
  "so-00123",
  "po-4512",
  "maya patel",
  "tee-100-xl",
  "bench-99",
  "bluebird studio",
];
export const STATUSES = [undefined, "placed", "in_production", "completed"] as const;
export const SORTS = ["placedAt,desc", "totalCents,desc", "orderNumber,asc", "clientName,asc"] as const;

/** After how many requests the mix repeats (7 texts, 4 statuses every 7, 4 sorts, 3 pages). */
const MIX_PERIOD = 84;

export const queryOf = (i: number): TOrderListQuery => ({
  searchString: TEXTS[i % TEXTS.length] as string,
  status: STATUSES[Math.floor(i / TEXTS.length) % STATUSES.length],
  sort: SORTS[i % SORTS.length] as string,
  page: i % 3,
  size: 25,
});
const urlOf = (q: TOrderListQuery) =>
  `/api/orders?size=${q.size}&page=${q.page}&sort=${q.sort}&searchString=${encodeURIComponent(q.searchString ?? "")}${q.status ? `&status=${q.status}` : ""}`;

export type Search = {
  api: Load;
  direct: Load;
  open: Load;
  /** Each text alone: its matches and the median time of page 0 with its count, by sort. */
  alone: { text: string; found: string; bySort: { sort: string; ms: number }[] }[];
};

export const benchSearch = async (
  address: string,
  token: string,
  directDb: HubDb,
  factoryId: number,
  progress: (m: string) => void,
): Promise<Search> => {
  const get = async (i: number) => {
    const res = await fetch(`${address}${urlOf(queryOf(i))}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    return res.status === 200;
  };
  // Warm-up: every query of the mix once through the service (84 distinct: texts × statuses × sorts
  // × pages), then some through the API. The API's loop runs first, right after the orders were
  // generated: without this it met the cold pages the queries' loop after it found warm (the same
  // queries on a kept database: 104 and 107 searches/s, where the run had measured 90 and 117).
  const viewer = facilityView(factoryId);
  for (let i = 0; i < MIX_PERIOD; i++) await listOrders(directDb, viewer, queryOf(i));
  for (let i = 0; i < 20; i++) await get(i);
  progress("search through the API, closed loop");
  // Sent from a worker thread, as clients outside the Hub would (the open loop below stays in process:
  // its arrivals are timed on this thread's clock).
  const api = await httpClosedLoop(
    SEARCH_CONCURRENCY,
    SEARCH_MAX_MS,
    Array.from({ length: SEARCH_REQUESTS }, (_, i) => ({
      url: `${address}${urlOf(queryOf(i))}`,
      method: "GET",
      headers: { authorization: `Bearer ${token}` },
      status: 200,
    })),
  );
  progress("the same queries directly");
  // The service's own search for the same facility user, without HTTP, sign-in or JSON.
  const run = async (i: number) => {
    await listOrders(directDb, viewer, queryOf(i));
    return true;
  };
  for (let i = 0; i < 20; i++) await run(i);
  const direct = await closedLoop(SEARCH_CONCURRENCY, SEARCH_REQUESTS, SEARCH_MAX_MS, run);
  progress(`search through the API, open loop (${OPEN_LOOP_PER_SECOND}/s for ${OPEN_LOOP_SECONDS} s)`);
  // The API sat idle for the minute the queries' loop took: a kept-alive connection from before is
  // one the server may close as the client reuses it (the embedded open loop's first request failed
  // with ECONNRESET in most runs). A few requests first, failures ignored, as a client coming back.
  for (let i = 0; i < 5; i++) await get(i).catch(() => false);
  const open = await openLoop(OPEN_LOOP_PER_SECOND, OPEN_LOOP_SECONDS, get);
  const alone: Search["alone"] = [];
  for (const text of TEXTS) {
    let found = "";
    const bySort: { sort: string; ms: number }[] = [];
    for (const sort of SORTS) {
      const times: number[] = [];
      for (let k = 0; k < 5; k++) {
        const started = performance.now();
        const page = await listOrders(directDb, viewer, { searchString: text, sort, page: 0, size: 25 });
        times.push(performance.now() - started);
        found = page.totalCapped ? `>${page.total}` : String(page.total);
      }
      times.sort((x, y) => x - y);
      bySort.push({ sort: sort.split(",")[0] ?? sort, ms: times[2] ?? 0 });
    }
    alone.push({ text, found, bySort });
  }
  return { api, direct, open, alone };
};
