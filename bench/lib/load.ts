/**
 * Load loops of the bench, printed, never asserted: a closed loop (a fixed number of workers, each
 * sending its next request as soon as the last is answered) and an open loop (requests arriving at
 * random at a fixed rate whether or not earlier ones are answered, timed from their arrival).
 */
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { percentile } from "./stats";

export type Load = { p50: number; p95: number; perSecond: number; ok: number; failed: number };

export const fmtMs = (v: number, unit = "ms") => (Number.isFinite(v) ? `${v.toFixed(1)} ${unit}` : "n/a");

const summary = (times: number[], failed: number, wallMs: number): Load => {
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    perSecond: (times.length / wallMs) * 1000,
    ok: times.length - failed,
    failed,
  };
};

/** `workers` loops, each sending until `total` requests are done or `maxMs` passed. */
export const closedLoop = async (
  workers: number,
  total: number,
  maxMs: number,
  one: (i: number) => Promise<boolean>,
): Promise<Load> => {
  const times: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + maxMs;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total && performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        const ok = await one(i).catch((error: unknown) => {
          if (failed === 0)
            console.error("first failure:", error instanceof Error ? (error.cause ?? error.message) : error);
          return false;
        });
        times.push(performance.now() - t0);
        if (!ok) failed++;
      }
    }),
  );
  return summary(times, failed, performance.now() - started);
};

/**
 * Requests arriving at random (exponential gaps, a Poisson process) at `perSecond` for `seconds`;
 * each is timed from when it arrived, so a queue behind a slow answer counts against the ones that
 * waited in it. A fixed seed makes every run send the same arrivals.
 */
export const openLoop = async (
  perSecond: number,
  seconds: number,
  one: (i: number) => Promise<boolean>,
): Promise<Load> => {
  let seed = 0x2545f491;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed + 1) / 0x80000000;
  };
  const arrivals: number[] = [];
  for (let at = 0; at < seconds * 1000; at += (-Math.log(random()) / perSecond) * 1000) arrivals.push(at);
  const times: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    arrivals.map(async (at, i) => {
      const wait = started + at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const ok = await one(i).catch((error: unknown) => {
        if (failed === 0)
          console.error("first failure:", error instanceof Error ? (error.cause ?? error.message) : error);
        return false;
      });
      times.push(performance.now() - (started + at));
      if (!ok) failed++;
    }),
  );
  return summary(times, failed, performance.now() - started);
};

/** One request of an HTTP load loop, built beforehand (`status`: the answer that counts as done; else any 2xx). */
export type HttpRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  status?: number;
};

/**
 * A closed loop of HTTP requests sent from a worker thread (bench/lib/http-load-worker.mjs), not
 * from the Hub's own event loop: `workers` at once, each sending the next of `requests` as soon as
 * its last is answered, until all are sent or `maxMs` passed.
 */
export const httpClosedLoop = (workers: number, maxMs: number, requests: readonly HttpRequest[]): Promise<Load> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./http-load-worker.mjs", import.meta.url), {
      workerData: { workers, maxMs, requests },
    });
    worker.once("message", (m: { times: number[]; failed: number; wallMs: number; firstFailure: string | null }) => {
      if (m.firstFailure) console.error("first failure:", m.firstFailure);
      resolve(summary(m.times, m.failed, m.wallMs));
      void worker.terminate();
    });
    worker.once("error", reject);
  });
