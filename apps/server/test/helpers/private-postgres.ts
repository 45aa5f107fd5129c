import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a port of its own, that the test
 * may stop, restart and kill without touching the machine's server (which the other test files use
 * at the same time). Made with this machine's PostgreSQL binaries; as root they run as `postgres`.
 */
export type PrivatePostgres = {
  url: (database?: string) => string;
  port: number;
  start: () => void;
  /** A fast stop: every connection is cut, as in a restart or a crash of the server. */
  stop: () => void;
  restart: () => void;
  psql: (sql: string, database?: string) => string;
  destroy: () => void;
};

const binDir = (): string | null => {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
};

const asRoot = userInfo().uid === 0;
/** Whether this machine can run a private server (its binaries, and as root the `postgres` user). */
export const canRunPrivatePostgres = (): boolean =>
  binDir() !== null && (!asRoot || spawnSync("id", ["postgres"], { stdio: "ignore" }).status === 0);

type Made = { bin: string; dir: string; data: string; run: (tool: string, args: string[]) => string; user: string };

const makeFolder = (): Made => {
  const bin = binDir();
  if (!bin) throw new Error("no PostgreSQL binaries on this machine");
  const dir = mkdtempSync(join(tmpdir(), "hub-private-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? "runuser" : join(bin, tool);
    const full = asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
    return execFileSync(command, full, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  };
  return { bin, dir, data, run, user: asRoot ? "postgres" : userInfo().username };
};

/** Controls a server whose data folder is made: start, stop, psql, destroy. */
const serverOf = ({ dir, data, run, user }: Made, port: number): PrivatePostgres => {
  const ctl = (action: string, extra: string[] = []) => run("pg_ctl", [action, "-D", data, "-w", "-t", "60", ...extra]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  return {
    port,
    url: (database = "postgres") => `postgres://${user}@127.0.0.1:${port}/${database}`,
    start: () => void ctl("start", ["-l", join(dir, "log"), "-o", options]),
    stop: () => void ctl("stop", ["-m", "fast"]),
    restart: () => void ctl("restart", ["-m", "fast", "-l", join(dir, "log"), "-o", options]),
    psql: (sql, database = "postgres") =>
      run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", database, "-Atqc", sql]),
    destroy: () => {
      try {
        ctl("stop", ["-m", "immediate"]);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export const startPrivatePostgres = (port: number): PrivatePostgres => {
  const made = makeFolder();
  made.run("initdb", ["-D", made.data, "-A", "trust", "-U", made.user, "--no-sync", "-E", "UTF8"]);
  const server = serverOf(made, port);
  server.start();
  return server;
};

/**
 * A streaming replica of `primary` (a hot standby: it answers reads, refuses writes), copied with
 * pg_basebackup and following the primary's WAL, on a port of its own. initdb's trust rules let
 * the copy connect for replication from 127.0.0.1.
 */
export const startPrivateReplica = (primary: PrivatePostgres, port: number): PrivatePostgres => {
  const made = makeFolder();
  made.run("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primary.port),
    "-U",
    made.user,
    "-D",
    made.data,
    "-R",
    "-X",
    "stream",
    // A fast checkpoint: the default spreads it over minutes.
    "-c",
    "fast",
    "--no-sync",
  ]);
  const server = serverOf(made, port);
  server.start();
  return server;
};
