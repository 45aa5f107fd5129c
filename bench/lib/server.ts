/** Starting the built server (`node apps/server/dist/main.mjs`) and stopping it with SIGTERM. */
import { performance } from "node:perf_hooks";
import {
  children,
  type Exit,
  freePort,
  groupAlive,
  groupMembers,
  killGroup,
  type Spawned,
  sleep,
  spawnTracked,
  withTimeout,
} from "./processes";
import { HOST, LIMITS, SERVER_BUNDLE } from "./settings";

export type RunningServer = Spawned & { base: string; port: number };

export type StartResult = {
  server: RunningServer;
  readyMs: number;
  selfReportedMs: number | null;
  steps: string;
  attempts: number;
};

export const startServer = async (dataDir: string): Promise<StartResult> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir };
  // Demo mode (embedded database + demo accounts) needs no DATABASE_URL and a non-production NODE_ENV.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const base = `http://${HOST}:${port}`;
  const started = performance.now();
  const spawned = spawnTracked(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], env, /"startupMs"/);
  const server: RunningServer = { ...spawned, base, port };
  const state: { exit: Exit | null } = { exit: null };
  void spawned.exited.then((e) => {
    state.exit = e;
  });
  let attempts = 0;
  while (performance.now() - started < LIMITS.startTimeoutMs) {
    if (state.exit !== null) {
      const { code, signal } = state.exit;
      throw new Error(
        `server exited before answering /api/health (code ${code}, signal ${signal}). Last output:\n${spawned.tail().join("\n")}`,
      );
    }
    attempts++;
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        await response.arrayBuffer();
        const readyMs = performance.now() - started;
        // The server logs its own startupMs (main.ts evaluated -> listening) just before it answers.
        await sleep(50);
        const match = spawned.watched.map((l) => /"startupMs":(\d+)/.exec(l)).find((m) => m !== null);
        const steps =
          spawned.watched.map((l) => /"startupSteps":\{([^}]*)\}/.exec(l)).find((m) => m !== null)?.[1] ?? "";
        return {
          server,
          readyMs,
          selfReportedMs: match?.[1] ? Number(match[1]) : null,
          steps: steps.replaceAll('"', "").replaceAll(",", ", "),
          attempts,
        };
      }
      await response.arrayBuffer();
    } catch {
      // not listening yet
    }
    await sleep(LIMITS.healthPollMs);
  }
  killGroup(spawned.child, "SIGKILL");
  throw new Error(
    `no successful /api/health within ${LIMITS.startTimeoutMs} ms. Last output:\n${spawned.tail().join("\n")}`,
  );
};

export type StopResult = { exitMs: number; goneMs: number; clean: boolean; exit: Exit | null; note: string };

/**
 * SIGTERM to the server (it closes the database and removes its lock), then wait for it to exit and
 * for the whole process group to be gone.
 */
export const stopServer = async (server: RunningServer): Promise<StopResult> => {
  const started = performance.now();
  const pid = server.child.pid;
  const notes: string[] = [];
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  const exit = await withTimeout(server.exited, LIMITS.stopTimeoutMs);
  const exitMs = performance.now() - started;
  let clean = exit !== null && exit.code === 0;
  if (exit === null) notes.push(`the server did not exit within ${LIMITS.stopTimeoutMs} ms after SIGTERM`);
  else if (exit.code !== 0) notes.push(`the server exited with code ${exit.code}, signal ${exit.signal}`);
  if (pid !== undefined) {
    while (groupAlive(pid) && performance.now() - started < LIMITS.stopTimeoutMs) await sleep(20);
    if (groupAlive(pid)) {
      const left = groupMembers(pid);
      killGroup(server.child, "SIGKILL");
      clean = false;
      notes.push(
        `still running ${LIMITS.stopTimeoutMs} ms after SIGTERM, killed: ${left.join("; ") || "(unknown processes)"}`,
      );
    }
  }
  const goneMs = performance.now() - started;
  children.delete(server.child);
  return { exitMs, goneMs, clean, exit, note: notes.join("; ") };
};
