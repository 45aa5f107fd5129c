/**
 * Part 6: what durability costs the embedded database. The same single-row inserts (each its own
 * commit) on a persisted PGlite folder with fsync on (the Hub's setting: a commit is on the disk
 * when it is acknowledged) and off (PGlite's default). Prints numbers, asserts nothing.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "@hub/db";
import { sql } from "drizzle-orm";
import { percentile } from "./lib/stats";

const INSERTS = 300;
const WARMUP = 20;

type Table = (
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAlign?: readonly number[],
) => string;

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : "n/a");

const insertLatencies = async (durable: boolean) => {
  const dir = mkdtempSync(join(tmpdir(), "hub-bench-durability-"));
  const handle = await openDatabase({ dataDir: join(dir, "pgdata"), durable });
  try {
    await handle.db.execute(sql`create table bench_writes (id serial primary key, body text not null)`);
    for (let i = 0; i < WARMUP; i++)
      await handle.db.execute(sql`insert into bench_writes (body) values (${"warm-up"})`);
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < INSERTS; i++) {
      const t = performance.now();
      await handle.db.execute(sql`insert into bench_writes (body) values (${`row ${i}`})`);
      latencies.push(performance.now() - t);
    }
    const perSecond = INSERTS / ((performance.now() - started) / 1000);
    return { latencies: latencies.sort((a, b) => a - b), perSecond };
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export const benchDurability = async (
  section: (title: string) => void,
  table: Table,
): Promise<[string, string, string, string][]> => {
  section(`6. Embedded database writes: ${INSERTS} sequential single-row inserts (one commit each), fsync on vs off`);
  const on = await insertLatencies(true);
  const off = await insertLatencies(false);
  const row = (name: string, r: typeof on) => [
    name,
    r.perSecond.toFixed(0),
    ms(percentile(r.latencies, 50)),
    ms(percentile(r.latencies, 95)),
    ms(r.latencies.at(-1) ?? Number.NaN),
  ];
  console.log(
    table(
      ["fsync", "inserts/s", "p50", "p95", "max"],
      [row("on (the Hub)", on), row("off (PGlite's default)", off)],
      [1, 2, 3, 4],
    ),
  );
  console.log(
    `durability costs ${(100 * (1 - on.perSecond / off.perSecond)).toFixed(0)}% of the insert rate on this disk`,
  );
  return [
    ["Embedded inserts/s, fsync on", on.perSecond.toFixed(0), "-", "-"],
    ["Embedded inserts/s, fsync off", off.perSecond.toFixed(0), "-", "-"],
  ];
};
