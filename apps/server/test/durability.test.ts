import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { api, killAll, lastStarted, signIn, startServer, withinMs } from "./helpers/server-process";

/**
 * The real server process on an embedded data folder: what a kill -9, a SIGTERM and a second server
 * on the same folder do to it. On the PostgreSQL driver the folder, its lock and its durability are
 * the database server's, so these are skipped there.
 */
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "hub-durability-"));
});
afterEach(killAll);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const machine = (tag: string) => ({ code: `D-${tag}`, name: `Durable ${tag}`, machineType: "Overlock", make: "Juki" });

/** `unshare --pid` needs root (or user namespaces); where it cannot run, that case is skipped. */
const canUnshare =
  process.platform === "linux" &&
  spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"], { stdio: "ignore" }).status === 0;

describe.skipIf(Boolean(process.env.DATABASE_URL))("the embedded database in the real server process", () => {
  test("every write acknowledged before a kill -9 is there after a restart, and new rows insert", async () => {
    const dataDir = join(root, "killed");
    const first = await startServer(dataDir);
    expect(first.output()).toContain("Hub is ready");
    const token = await signIn(first, "factory");

    // Writers in parallel, each writing until the process dies under it.
    const acknowledged: { id: number; code: string }[] = [];
    let attempted = 0;
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; i < 200; i++) {
        const tag = `${w}-${i}`;
        attempted++;
        try {
          const res = await api(first, "POST", "/api/library/machines", token, machine(tag));
          if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
          acknowledged.push({ id: res.json().id as number, code: machine(tag).code });
        } catch (error) {
          if (!killed) throw error;
          return; // killed mid-request: that write was never acknowledged
        }
      }
    };
    const writers = Promise.all([0, 1, 2, 3, 4, 5].map(writer));
    while (acknowledged.length < 60) await new Promise((tick) => setTimeout(tick, 5));
    killed = true;
    first.child.kill("SIGKILL");
    await writers;
    await first.exited;
    expect(attempted).toBeGreaterThan(acknowledged.length); // some writes were cut off in flight

    // The kernel let go of the folder's lock with the process: the same folder opens again.
    const second = await startServer(dataDir);
    expect(second.output()).toContain("Hub is ready");
    const again = await signIn(second, "factory");
    for (const { id, code } of acknowledged) {
      const res = await api(second, "GET", `/api/library/machines/${id}`, again);
      expect(res.status, `machine ${id} (${code})`).toBe(200);
      expect(res.json().code).toBe(code);
    }
    // Sequences are ahead of their columns: a new row gets a new id, no duplicate key.
    const next = await api(second, "POST", "/api/library/machines", again, machine("after-restart"));
    expect(next.status, next.text).toBe(201);
    expect(next.json().id as number).toBeGreaterThan(Math.max(...acknowledged.map((a) => a.id)));
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
  }, 180_000);

  test("SIGTERM with an idle keep-alive connection and a request that never finishes exits within the grace", async () => {
    const dataDir = join(root, "stopping");
    const graceMs = 1500;
    const server = await startServer(dataDir, { env: { SHUTDOWN_GRACE_MS: String(graceMs) } });
    expect(server.output()).toContain("Hub is ready");

    // A keep-alive connection left idle after its request (a browser's, say).
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const status = await new Promise<number | undefined>((done, fail) => {
      const req = httpRequest(`${server.base}/api/health`, { agent }, (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode));
      });
      req.on("error", fail);
      req.end();
    });
    expect(status).toBe(200);
    // A request still in flight: its headers are sent, its body never finishes.
    const slow = new Socket();
    await new Promise<void>((done) => slow.connect(server.port, "127.0.0.1", done));
    slow.on("error", () => {});
    slow.write(
      "POST /api/identity/signIn HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    await new Promise((tick) => setTimeout(tick, 200));

    const stopAt = performance.now();
    server.child.kill("SIGTERM");
    const { code } = await withinMs(server.exited, graceMs + 5_000);
    const tookMs = performance.now() - stopAt;
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(graceMs + 5_000);
    // The lock file goes with a clean stop.
    expect(existsSync(join(dataDir, "pgdata.lock"))).toBe(false);
    agent.destroy();
    slow.destroy();
  }, 60_000);

  test("a SIGTERM during start-up (the database opening) closes the database once open, and exits", async () => {
    const dataDir = join(root, "cut-short");
    const lock = join(dataDir, "pgdata.lock");
    const starting = startServer(dataDir);
    // The lock is taken as the database starts to open, seconds before the server is ready.
    const deadline = performance.now() + 60_000;
    while (!existsSync(lock) && performance.now() < deadline) await new Promise((tick) => setTimeout(tick, 10));
    expect(existsSync(lock)).toBe(true);
    lastStarted()?.kill("SIGTERM");
    const server = await starting;
    const { code, signal } = await server.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain("Stopping (SIGTERM)");
    expect(server.output()).not.toContain("Hub is ready");
    expect(existsSync(lock)).toBe(false); // closed, so unlocked
    // and the folder it left opens again
    const again = await startServer(dataDir);
    expect(again.output()).toContain("Hub is ready");
    again.child.kill("SIGTERM");
    expect((await again.exited).code).toBe(0);
  }, 120_000);

  test("a port already taken fails the start and still closes the database", async () => {
    const dataDir = join(root, "port-taken");
    const taken = createServer();
    const port = await new Promise<number>((done) =>
      taken.listen(0, "127.0.0.1", () => done((taken.address() as { port: number }).port)),
    );
    try {
      const server = await startServer(dataDir, { port });
      expect((await server.exited).code).toBe(1);
      expect(server.output()).toContain("EADDRINUSE");
      expect(existsSync(join(dataDir, "pgdata.lock"))).toBe(false); // closed, so unlocked
    } finally {
      taken.close();
    }
  }, 120_000);

  test("a second server on the same folder is refused, saying how to clear a stale lock, and the first keeps answering", async () => {
    const dataDir = join(root, "shared");
    const first = await startServer(dataDir);
    expect(first.output()).toContain("Hub is ready");
    const token = await signIn(first, "factory");

    const attempts = [await startServer(dataDir)];
    // From another PID namespace (a container sharing the volume): the holder's pid is not visible there.
    if (canUnshare)
      attempts.push(
        await startServer(dataDir, { prefix: ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc"] }),
      );
    for (const second of attempts) {
      const { code } = await second.exited;
      expect(code).toBe(1);
      expect(second.output()).toContain(
        `The database folder ${join(dataDir, "pgdata")} is in use by another Hub process`,
      );
      expect(second.output()).toContain(
        `If no Hub is running on it, delete ${join(dataDir, "pgdata.lock")} and start again`,
      );
      expect(second.output()).not.toContain("Hub is ready");
    }

    expect((await api(first, "GET", "/api/health")).status).toBe(200);
    const res = await api(first, "POST", "/api/library/machines", token, machine("still-mine"));
    expect(res.status, res.text).toBe(201);
    first.child.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
  }, 120_000);
});
