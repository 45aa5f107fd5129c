import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgliteOf, runNamedOnPglite, trackTransactions } from "./pglite-named";

/** The embedded database's named statements (the hot paths' few, issue 21): parsed once, run in one call. */
let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  trackTransactions(pg);
  await pg.exec("create table kv (k text primary key, v int not null)");
});
afterAll(async () => {
  await pg.close();
});

const root = () => pgliteOf(pg) ?? { pg, inTransaction: false };
const prepared = async () =>
  (await pg.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((r) => r.name);

describe("named statements on the embedded database", () => {
  test("parsed once, then run with each call's values", async () => {
    const insert = "insert into kv (k, v) values ($1, $2) returning k, v";
    expect(await runNamedOnPglite(root(), "t_insert", insert, ["a", 1])).toMatchObject({ rows: [{ k: "a", v: 1 }] });
    expect(await runNamedOnPglite(root(), "t_insert", insert, ["b", 2])).toMatchObject({ rows: [{ k: "b", v: 2 }] });
    expect(await prepared()).toEqual(["t_insert"]);
  });

  test("a run that fails says why, changes nothing, and the name still runs (parsed before it failed)", async () => {
    const insert = "insert into kv (k, v) values ($1, $2::int)";
    await expect(runNamedOnPglite(root(), "t_dup", insert, ["a", 9])).rejects.toMatchObject({ code: "23505" });
    expect((await pg.query<{ v: number }>("select v from kv where k = 'a'")).rows).toEqual([{ v: 1 }]);
    await runNamedOnPglite(root(), "t_dup", insert, ["c", 3]);
    expect((await pg.query("select 1 from kv where k = 'c'")).rows).toHaveLength(1);
    // A value the statement cannot take is an error, not a parse of the statement again.
    await expect(runNamedOnPglite(root(), "t_dup", insert, ["d", "x"])).rejects.toMatchObject({ code: "22P02" });
    await runNamedOnPglite(root(), "t_dup", insert, ["d", 4]);
  });

  test("in a transaction it runs inside it; a statement outside waits for the transaction's end", async () => {
    const count = "select count(*)::int as n from kv where k like $1";
    let outside: Promise<unknown> | undefined;
    await pg
      .transaction(async (tx) => {
        const inside = pgliteOf(tx);
        expect(inside?.inTransaction).toBe(true);
        if (!inside) throw new Error("the transaction is not known");
        await runNamedOnPglite(inside, "t_tx_insert", "insert into kv (k, v) values ($1, 0)", ["tx-1"]);
        expect(await runNamedOnPglite(inside, "t_count", count, ["tx-%"])).toMatchObject({ rows: [{ n: 1 }] });
        outside = runNamedOnPglite(root(), "t_count", count, ["tx-%"]);
        // Given every chance to run, it has not: it waits for the transaction's lock.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.rollback();
      })
      .catch(() => {});
    expect(await outside).toMatchObject({ rows: [{ n: 0 }] });
  });

  test("values go as node-postgres sends them: dates, arrays, JSON, booleans, bytes and null", async () => {
    const [r] = (
      await runNamedOnPglite(
        root(),
        "t_values",
        "select $1::timestamptz = '2026-01-02T03:04:05Z' as at, $2::text[] as words, ($3::jsonb)->>'a' as json, $4::boolean as yes, encode($5::bytea, 'hex') as bytes, $6::text is null as nothing",
        [new Date("2026-01-02T03:04:05Z"), ['a "b"', "c\\d", null], { a: "x" }, true, new Uint8Array([1, 255]), null],
      )
    ).rows as Record<string, unknown>[];
    expect(r).toEqual({ at: true, words: ['a "b"', "c\\d", null], json: "x", yes: true, bytes: "01ff", nothing: true });
  });
});
