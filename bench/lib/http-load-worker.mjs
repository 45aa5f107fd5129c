// The HTTP client of a bench load loop, in a worker thread of its own (bench/lib/load.ts,
// `httpClosedLoop`): the requests are sent from outside the Hub's event loop, as a real client's
// would be, so the Hub's figures are not its clients' work. Plain JavaScript: nothing to compile.
//
// It shares the machine's cores with the Hub and its database, so it is kept light: node:http on
// kept-alive sockets, one a loop worker, the answer read and dropped. (`fetch` cost this thread
// 0.7 ms of CPU a request, taken from the server's cores: 5 % of a search's whole cost.)
import http from "node:http";
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";

const { workers, maxMs, requests } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
const times = [];
let next = 0;
let failed = 0;
let firstFailure = null;
const started = performance.now();
const deadline = started + maxMs;

/** One request, answered with its status once its body has been read (and dropped). */
const send = (r) =>
  new Promise((resolve, reject) => {
    const req = http.request(r.url, { method: r.method, headers: r.headers, agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(r.body);
  });

await Promise.all(
  Array.from({ length: workers }, async () => {
    while (next < requests.length && performance.now() < deadline) {
      const r = requests[next++];
      const t0 = performance.now();
      let ok = false;
      try {
        const status = await send(r);
        ok = r.status === undefined ? status >= 200 && status < 300 : status === r.status;
        if (!ok && firstFailure === null) firstFailure = `${r.method} ${r.url}: ${status}`;
      } catch (error) {
        if (firstFailure === null) firstFailure = String(error?.cause ?? error?.message ?? error);
      }
      times.push(performance.now() - t0);
      if (!ok) failed++;
    }
  }),
);
agent.destroy();
parentPort.postMessage({ times, failed, wallMs: performance.now() - started, firstFailure });
