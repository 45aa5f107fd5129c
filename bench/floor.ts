/**
 * Part 8 of `npm run bench`: the factory floor's scans (issue 11). Printed, never asserted.
 *
 * On the PostgreSQL server named by BENCH_DATABASE_URL or DATABASE_URL (skipped otherwise), in a
 * database this part creates and drops: the demo data, BENCH_FLOOR_ORDERS generated orders (3 lines
 * each; `generate` of bench/orders.ts) and about BENCH_FLOOR_UNITS open units made with one
 * INSERT … SELECT generate_series (queued, cut and sewn in turn), and a tote per order. Then 20
 * stations scan at once through the API (the app built in process, listening on 127.0.0.1, real
 * HTTP), each scan a fresh unit and a fresh scan id: assign to a tote, mark cut, QC pass (inspect);
 * first back to back, then each station waiting 250 ms after its answer. Prints scan-to-answer
 * p50/p95/max per kind and overall for each run (target p95 ≤ 50 ms), scans/s and failures.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { openDatabase, seedDemoData, seedReferenceData } from "@hub/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import { hashPassword } from "../apps/server/src/modules/identity/password";
import { createTestApp } from "../apps/server/test/helpers/test-app";
import { generate } from "./orders-generator";

type Row = [metric: string, value: string, target: string, result: string];

const STATIONS = 20;
/**
 * Two runs of 20 stations: back to back (each station scans again the moment it has its answer: the
 * floor's ceiling, about 15 scans a second per station) and paced (each station waits PACE_MS after
 * an answer: still faster than a person can pick up, scan and drop a garment).
 */
const LIMITS = { scans: 3_000, pacedScans: 1_500, maxMs: 90_000 } as const;
const PACE_MS = 250;
const TARGET_P95_MS = 50;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const fmt = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : "n/a");

type Kind = "assign" | "markCut" | "inspect";

export const benchFloor = async (
  section: (title: string) => void,
  table: (h: string[], r: string[][], right?: number[]) => string,
): Promise<Row[]> => {
  section("Part 8: floor scans");
  const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "").trim();
  if (!serverUrl) {
    console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL to a server to measure it).");
    return [["Floor scan p95, 20 stations, 100k units", "skipped", `<= ${TARGET_P95_MS} ms`, "n/a"]];
  }
  const units = Number(process.env.BENCH_FLOOR_UNITS ?? 100_000);
  const orders = Number(process.env.BENCH_FLOOR_ORDERS ?? Math.ceil(units / 21));
  const progress = (m: string) => console.error(`bench floor: ${m}`);
  const name = `hub_bench_floor_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  admin.on("error", (e) => console.error(`bench floor: admin connection: ${e.message}`));
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // The server's own pool size (10), as the Hub runs.
    const handle = await openDatabase({ url: url.toString() });
    (handle.db as unknown as { $client: pg.Pool }).$client.on("error", (e) =>
      console.error(`bench floor: idle connection: ${e.message}`),
    );
    try {
      await handle.migrate();
      await seedReferenceData(handle.db);
      await seedDemoData(handle.db, hashPassword);
      const t0 = performance.now();
      await generate(handle.db, orders, 50_000, "256MB", (done) => progress(`${done.toLocaleString("en-US")} orders`));
      // Units: 7 per line (3 lines an order), states queued / cut / sewn in turn, due in 1..30 days.
      await handle.db.execute(sql`
        insert into floor_units (factory_id, client_id, order_id, item_id, instance, attempt, status, size, colour, due_date)
        select o.factory_id, o.client_id, o.id, oi.id, g, 1,
               (array['queued','cut','sewn'])[1 + ((oi.id + g) % 3)],
               'M', 'Black', (current_date + ((oi.id % 30) || ' days')::interval)::date
        from order_items oi
        join orders o on o.id = oi.order_id
        cross join generate_series(1, 7) g
        -- The demo's own orders already have their units.
        where not exists (select 1 from floor_units x where x.item_id = oi.id)
        order by oi.id, g
        limit ${units}`);
      await handle.db.execute(sql`
        insert into floor_totes (factory_id, barcode)
        select o.factory_id, 'T-' || lpad((100000 + o.id)::text, 7, '0')
        from orders o where exists (select 1 from floor_units u where u.order_id = o.id)
        on conflict do nothing`);
      await handle.db.execute(sql`analyze`);
      const genMs = performance.now() - t0;
      const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
      const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
        await handle.db.execute(
          sql`select count(*)::int as n from floor_units where status in ('queued','cut','sewn')`,
        ),
      );
      progress(`${Number(n).toLocaleString("en-US")} open units in ${(genMs / 1000).toFixed(1)} s`);

      // Work lists: fresh units in the right state for each kind of scan.
      const per = Math.ceil((LIMITS.scans + LIMITS.pacedScans + 30) / 3);
      const pick = async (status: string) =>
        rowsOf<{ barcode: string; tote: string }>(
          await handle.db.execute(
            sql`select u.barcode, 'T-' || lpad((100000 + u.order_id)::text, 7, '0') as tote
                from floor_units u where u.status = ${status} order by random() limit ${per}`,
          ),
        );
      const [queued, cutList, sewn] = [await pick("queued"), await pick("cut"), await pick("sewn")];
      // Assign takes units the other two do not touch: cut units (marking cut takes queued ones).
      const work: { kind: Kind; barcode: string; tote: string }[] = [];
      for (let i = 0; i < per; i++) {
        const a = cutList[i];
        const b = queued[i];
        const c = sewn[i];
        if (a) work.push({ kind: "assign", ...a });
        if (b) work.push({ kind: "markCut", ...b });
        if (c) work.push({ kind: "inspect", ...c });
      }

      const t = await createTestApp({
        database: { db: handle.db, driver: handle.driver, name: null, close: async () => {} },
      });
      try {
        const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
        const token = await t.signIn("factory");
        const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
        const send = async (w: (typeof work)[number]) => {
          const [path, body] =
            w.kind === "assign"
              ? [`/api/floor/totes/barcode/${w.tote}/units`, { unitBarcode: w.barcode, scanId: randomUUID() }]
              : w.kind === "markCut"
                ? [`/api/floor/units/barcode/${w.barcode}/markCut`, { scanId: randomUUID() }]
                : [`/api/floor/qc/units/barcode/${w.barcode}`, { passed: true, scanId: randomUUID() }];
          const res = await fetch(`${address}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
          await res.arrayBuffer();
          return res.status === 200;
        };
        // Warm-up: a few of each kind, not counted.
        for (const w of work.splice(0, 30)) await send(w);
        type Run = { times: Record<Kind, number[]>; all: number[]; failed: number; wall: number };
        const runStations = async (list: typeof work, pauseMs: number): Promise<Run> => {
          progress(`${list.length} scans from ${STATIONS} stations${pauseMs ? `, ${pauseMs} ms apart` : ""}`);
          const times: Record<Kind, number[]> = { assign: [], markCut: [], inspect: [] };
          let failed = 0;
          let next = 0;
          const started = performance.now();
          const deadline = started + LIMITS.maxMs;
          await Promise.all(
            Array.from({ length: STATIONS }, async (_, i) => {
              // Paced stations start spread over one pause, as people do.
              if (pauseMs) await new Promise((r) => setTimeout(r, (pauseMs * i) / STATIONS));
              while (next < list.length && performance.now() < deadline) {
                const w = list[next++];
                if (!w) break;
                const s = performance.now();
                const ok = await send(w).catch(() => false);
                times[w.kind].push(performance.now() - s);
                if (!ok) failed++;
                if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
              }
            }),
          );
          const wall = performance.now() - started;
          const all = [...times.assign, ...times.markCut, ...times.inspect].sort((a, b) => a - b);
          return { times, all, failed, wall };
        };
        const row = (label: string, xs: number[]) => {
          const s = [...xs].sort((a, b) => a - b);
          return [label, String(s.length), fmt(percentile(s, 50)), fmt(percentile(s, 95)), fmt(s.at(-1) ?? Number.NaN)];
        };
        const report = (title: string, r: Run) => {
          console.log(title);
          console.log(
            table(
              ["scan", "count", "p50", "p95", "max"],
              [
                row("assign to tote", r.times.assign),
                row("mark cut", r.times.markCut),
                row("QC pass (inspect)", r.times.inspect),
                row("all", r.all),
              ],
              [1, 2, 3, 4],
            ),
          );
          console.log(`${((r.all.length / r.wall) * 1000).toFixed(0)} scans/s, ${r.failed} failed`);
        };
        console.log(
          `${Number(n).toLocaleString("en-US")} open units, ${orders.toLocaleString("en-US")} orders; generated in ${(genMs / 1000).toFixed(1)} s`,
        );
        const flat = await runStations(work.slice(0, LIMITS.scans), 0);
        report(`${STATIONS} stations back to back:`, flat);
        const paced = await runStations(work.slice(LIMITS.scans, LIMITS.scans + LIMITS.pacedScans), PACE_MS);
        report(`${STATIONS} stations, each scanning ${PACE_MS} ms after its answer:`, paced);
        const verdict = (r: Run) => {
          const p95 = percentile(r.all, 95);
          return [fmt(p95), `<= ${TARGET_P95_MS} ms`, r.failed > 0 ? "errors" : p95 <= TARGET_P95_MS ? "ok" : "slow"];
        };
        const k = Math.round(Number(n) / 1000);
        return [
          [`Floor scan p95, ${STATIONS} stations back to back, ${k}k units`, ...verdict(flat)] as Row,
          [`Floor scan p95, ${STATIONS} stations ${PACE_MS} ms apart, ${k}k units`, ...verdict(paced)] as Row,
        ];
      } finally {
        await t.close();
      }
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch((e: unknown) => {
      console.error(`bench floor: could not drop ${name}: ${String(e)}`);
    });
    await admin.end();
  }
};

/** `tsx bench/floor.ts` runs this part alone. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const section = (title: string) => console.log(`\n== ${title} ==`);
  const table = (h: string[], r: string[][]) => [h, ...r].map((x) => x.join("\t")).join("\n");
  benchFloor(section, table)
    .then((rows) => console.log(table(["metric", "value", "target", "result"], rows)))
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
}
