import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { DatabaseLockedError, openDatabase } from "./client";

/**
 * PGlite keeps no lock of its own, so openDatabase takes one: a file beside the data folder holding
 * the pid of the process that has it open. A second live process is refused; a dead one's lock is
 * taken over.
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

/** A process that lives until the test ends. */
const liveProcess = (): number => {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  if (!child.pid) throw new Error("could not start a process");
  return child.pid;
};

/** The pid of a process that has ended. */
const deadPid = async (): Promise<number> => {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid;
  if (!pid) throw new Error("could not start a process");
  await new Promise((resolve) => child.once("exit", resolve));
  return pid;
};

describe("the data folder lock", () => {
  test("a folder in use by another live process is refused, and left as it was", async () => {
    const { dataDir, lockFile } = paths("busy");
    const holder = liveProcess();
    writeFileSync(lockFile, String(holder));

    const opening = openDatabase({ dataDir });
    await expect(opening).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(opening).rejects.toThrow(`in use by another Hub process (pid ${holder})`);
    expect(readFileSync(lockFile, "utf8")).toBe(String(holder));
    expect(existsSync(dataDir)).toBe(false);
  });

  test("a stale lock (its process has ended) is taken over; closing releases it", async () => {
    const { dataDir, lockFile } = paths("stale");
    writeFileSync(lockFile, String(await deadPid()));

    const handle = await openDatabase({ dataDir });
    try {
      expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
      expect(handle.driver).toBe("pglite");
      const rows = await handle.db.select({ one: sql<number>`1` }).from(sql`(values (1)) as v`);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
    expect(existsSync(lockFile)).toBe(false);

    // A lock file that names no process at all is stale too.
    writeFileSync(lockFile, "not a pid");
    const again = await openDatabase({ dataDir });
    try {
      expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    } finally {
      await again.close();
    }
    expect(existsSync(lockFile)).toBe(false);

    // The folder now holds a database; a live holder still keeps everyone else out of it.
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    const holder = liveProcess();
    writeFileSync(lockFile, String(holder));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    expect(readFileSync(lockFile, "utf8")).toBe(String(holder));
  });
});
