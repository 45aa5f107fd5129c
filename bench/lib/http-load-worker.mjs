// The HTTP client of a bench load loop, in a worker thread of its own (bench/lib/load.ts,
// `httpClosedLoop`): the requests are sent from outside the Hub's event loop, as a real client's
// would be, so the Hub's figures are not its clients' work. Plain JavaScript: nothing to compile.
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";

const { workers, maxMs, requests } = workerData;
const times = [];
let next = 0;
let failed = 0;
let firstFailure = null;
const started = performance.now();
const deadline = started + maxMs;
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (next < requests.length && performance.now() < deadline) {
      const r = requests[next++];
      const t0 = performance.now();
      let ok = false;
      try {
        const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
        await res.arrayBuffer();
        ok = r.status === undefined ? res.ok : res.status === r.status;
        if (!ok && firstFailure === null) firstFailure = `${r.method} ${r.url}: ${res.status}`;
      } catch (error) {
        if (firstFailure === null) firstFailure = String(error?.cause ?? error?.message ?? error);
      }
      times.push(performance.now() - t0);
      if (!ok) failed++;
    }
  }),
);
parentPort.postMessage({ times, failed, wallMs: performance.now() - started, firstFailure });
