/** Child processes (each in its own process group, all killed on the way out), temp folders, timers and free ports. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { HOST, ROOT } from "./settings";

export const children = new Set<ChildProcess>();
export const tempDirs = new Set<string>();

export const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Kills a child's whole process group (tsx and npm both start processes of their own). */
export const killGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
};

export const killAllChildren = (): void => {
  for (const child of children) {
    if (child.pid !== undefined && groupAlive(child.pid)) killGroup(child, "SIGKILL");
  }
  children.clear();
};

export const removeTempDirs = (): void => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
};

process.on("exit", () => {
  killAllChildren();
  removeTempDirs();
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal} received, killing child processes and exiting`);
    killAllChildren();
    removeTempDirs();
    process.exit(130);
  });
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Spawned = {
  child: ChildProcess;
  exited: Promise<Exit>;
  /** The last lines the process wrote (stdout and stderr together). */
  tail: () => string[];
  /** Every line the process wrote that matched `watch`, in order. */
  watched: string[];
};

export const spawnTracked = (
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  watch?: RegExp,
  keepLines = 40,
): Spawned => {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const lines: string[] = [];
  const watched: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        if (watch?.test(line)) watched.push(line);
        lines.push(line);
        if (lines.length > keepLines) lines.shift();
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<Exit>((resolveExit) => {
    child.once("exit", (code, signal) => resolveExit({ code, signal }));
    child.once("error", (error) => {
      lines.push(`spawn error: ${error.message}`);
      resolveExit({ code: -1, signal: null });
    });
  });
  return { child, exited, tail: () => [...lines], watched };
};

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The promise's value, or null when it takes longer than `ms` (the timer is cleared either way, so it never holds the bench open). */
export const withTimeout = async <T>(promise: Promise<T>, ms: number): Promise<T | null> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((r) => {
    timer = setTimeout(() => r(null), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** Linux: the processes still in a process group, as "pid command" (empty elsewhere or when gone). */
export const groupMembers = (pgid: number): string[] => {
  if (!existsSync("/proc")) return [];
  const members: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid pgrp ...; comm may contain spaces, so split after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      members.push(`${entry} [${fields[0] ?? "?"}] ${cmd.slice(0, 120)}`);
    } catch {
      // gone meanwhile
    }
  }
  return members;
};

export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error("could not get a free port"));
        return;
      }
      const { port } = address;
      server.close(() => resolvePort(port));
    });
  });
