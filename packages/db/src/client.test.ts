import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { DatabaseLockedError, DB_PACKAGE_DIR, openDatabase } from "./client";

/**
 * PGlite keeps no lock of its own, so openDatabase holds an OS lock on a file beside the data
 * folder. Another process holding it (whatever its PID namespace) is refused; the lock ends with
 * its process, however that ends, so there is no stale lock to take over.
 */
let root: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "hub-db-lock-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const paths = (name: string) => ({ dataDir: join(root, name), lockFile: join(root, `${name}.lock`) });

/** Another process that takes the folder's lock (the same function openDatabase uses) and keeps it. */
const holder = async (dataDir: string, prefix: string[] = []): Promise<ChildProcess> => {
  const script = `import { lockDataDir } from "./src/client.ts"; lockDataDir(${JSON.stringify(dataDir)}); console.log("locked"); setInterval(() => {}, 1000);`;
  const [command, ...args] = [...prefix, process.execPath, "--import", "tsx", "--input-type=module", "-e", script];
  const child = spawn(command as string, args, { cwd: DB_PACKAGE_DIR, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`the lock holder ended (${code})`)));
  });
  return child;
};

const ended = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", resolve));

/** `unshare --pid` needs root (or user namespaces); where it cannot run, that test is skipped. */
const canUnshare =
  process.platform === "linux" &&
  spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"], { stdio: "ignore" }).status === 0;

describe("the data folder lock", () => {
  test("a folder locked by another live process is refused, says how to clear a stale lock, and is left as it was", async () => {
    const { dataDir, lockFile } = paths("busy");
    const child = await holder(dataDir);
    const text = readFileSync(lockFile, "utf8");
    expect(text).toContain(`pid ${child.pid} `);

    const opening = openDatabase({ dataDir });
    await expect(opening).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(opening).rejects.toThrow(`in use by another Hub process (${text})`);
    await expect(opening).rejects.toThrow(`If no Hub is running on it, delete ${lockFile} and start again`);
    expect(readFileSync(lockFile, "utf8")).toBe(text);
    expect(existsSync(dataDir)).toBe(false);
  });

  test.skipIf(!canUnshare)("a holder in another PID namespace (its pid not visible here) is refused too", async () => {
    const { dataDir, lockFile } = paths("namespace");
    await holder(dataDir, ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc"]);
    // Inside its own namespace the holder is pid 1: a pid check from here could not see it.
    expect(readFileSync(lockFile, "utf8")).toMatch(/^pid 1 /);
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
  });

  test("a lock ends with its process, even killed; a leftover file of any content locks nothing; closing releases", async () => {
    const { dataDir, lockFile } = paths("stale");
    const child = await holder(dataDir);
    child.kill("SIGKILL");
    await ended(child);
    expect(existsSync(lockFile)).toBe(true);

    const handle = await openDatabase({ dataDir });
    try {
      expect(readFileSync(lockFile, "utf8")).toMatch(new RegExp(`^pid ${process.pid} `));
      expect(handle.driver).toBe("pglite");
      const rows = await handle.db.select({ one: sql<number>`1` }).from(sql`(values (1)) as v`);
      expect(rows).toEqual([{ one: 1 }]);
      // A second open in the same process is refused as well.
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      await handle.close();
    }
    expect(existsSync(lockFile)).toBe(false);
    await handle.close(); // closing twice is harmless

    // A half-written lock file (no pid at all) with nobody holding the lock is no reason to refuse.
    writeFileSync(lockFile, "");
    const again = await openDatabase({ dataDir });
    await again.close();
    expect(existsSync(lockFile)).toBe(false);

    // The folder now holds a database; a live holder still keeps everyone else out of it.
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    await holder(dataDir);
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    // It makes a new database (initdb) and starts three processes: slow on a busy 2-core machine.
  }, 90_000);
});

describe.skipIf(!process.env.DATABASE_URL)("a PostgreSQL connection lost in the middle of a transaction", () => {
  test("fails that transaction's next statement, and the process lives on (no unheard 'error' event)", async () => {
    const handle = await openDatabase({ url: process.env.DATABASE_URL ?? "", poolSize: 2 });
    try {
      const outcome = handle.db.transaction(async (tx) => {
        const [me] = ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
          .rows;
        // The server drops this connection while the transaction waits between two statements.
        await handle.db.execute(sql`select pg_terminate_backend(${me?.pid ?? 0}::int)`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(outcome).rejects.toThrow();
      // The pool goes on with a new connection.
      const after = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});

describe("the persisted folder's file sizes (DurableNodeFS remembers them)", () => {
  test("a table grown, truncated by vacuum and by truncate, and grown again reads as its file on disk", async () => {
    const { dataDir } = paths("sizes");
    const handle = await openDatabase({ dataDir });
    const q = async <T>(text: string) => (await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] };
    const fileSize = async (table: string) => {
      const [row] = (
        await q<{ path: string; bytes: number }>(
          `select pg_relation_filepath('${table}') as path, pg_relation_size('${table}')::int as bytes`,
        )
      ).rows;
      return { onDisk: statSync(join(dataDir, row?.path ?? "")).size, bytes: row?.bytes };
    };
    try {
      // No index: every count below is a scan, which reads the relation's size as its file's end.
      await q("create table sized (id int, pad text)");
      await q("insert into sized select g, repeat('x', 400) from generate_series(1, 5000) g");
      let size = await fileSize("sized");
      expect(size.bytes).toBeGreaterThan(8192 * 100);
      expect(size.bytes).toBe(size.onDisk);
      // Vacuum cuts the empty pages at the end off the file (a truncate through the open file).
      await q("delete from sized where id > 100");
      await q("vacuum sized");
      size = await fileSize("sized");
      expect(size.bytes).toBeLessThan(8192 * 20);
      expect(size.bytes).toBe(size.onDisk);
      // A size remembered from before the cut would send the scan past the file's end.
      expect((await q<{ n: number }>("select count(*)::int as n from sized")).rows[0]?.n).toBe(100);
      await q("insert into sized select g, repeat('y', 400) from generate_series(101, 3000) g");
      size = await fileSize("sized");
      expect(size.bytes).toBe(size.onDisk);
      expect((await q<{ n: number }>("select count(*)::int as n from sized")).rows[0]?.n).toBe(3000);
      // Truncate writes a new, empty file; rows go on from its first page.
      await q("truncate sized");
      await q("insert into sized select g, 'z' from generate_series(1, 10) g");
      size = await fileSize("sized");
      expect(size.bytes).toBe(8192);
      expect(size.bytes).toBe(size.onDisk);
    } finally {
      await handle.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      const { rows } = (await again.db.execute(
        sql`select count(*)::int as n, max(pad) as pad from sized`,
      )) as unknown as {
        rows: { n: number; pad: string }[];
      };
      expect(rows[0]).toEqual({ n: 10, pad: "z" });
    } finally {
      await again.close();
    }
  });
});
