import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { expect } from "vitest";
import { DEMO_PASSWORD, NO_WEB_DIST } from "./test-app";

/**
 * The real server process, started as `npm start` starts it (`node --import tsx main.ts`), for the
 * tests whose subject is the process itself: a kill -9, a database restart, two instances starting
 * together, a crash between two steps of a payment.
 */
export const REPO = resolve(import.meta.dirname, "../../../..");
const MAIN = join(REPO, "apps/server/src/main.ts");

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything it printed so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? done(address.port) : fail(new Error("no port"))));
    });
  });

/** Every process a test started; `killAll` (in afterEach) ends those still running. */
const running: ChildProcess[] = [];
/** The process started last, before its start resolves (a signal during start-up). */
export const lastStarted = () => running.at(-1);
export const killAll = () => {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
};

/**
 * Starts the Hub in demo mode on `dataDir` (embedded), or on `env.DATABASE_URL` when given; resolves
 * when it is ready or has exited.
 */
export const startServer = async (
  dataDir: string | null,
  options: { port?: number; env?: NodeJS.ProcessEnv; prefix?: string[] } = {},
): Promise<ServerProcess> => {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    WEB_DIST: NO_WEB_DIST,
    LOG_LEVEL: "info",
  };
  delete env.DATABASE_URL;
  if (dataDir) env.DATA_DIR = dataDir;
  Object.assign(env, options.env);
  const [command, ...args] = [...(options.prefix ?? []), process.execPath, "--import", "tsx", MAIN];
  const child = spawn(command as string, args, { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  await new Promise<void>((ready) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Hub is ready")) ready();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(() => ready());
  });
  return { child, port, base, output: () => output, exited };
};

export type ApiAnswer = { status: number; json: () => Record<string, unknown>; text: string };

export const api = async (
  server: { base: string },
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> => {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown>, text };
};

export const signIn = async (server: { base: string }, username: string) => {
  const res = await api(server, "POST", "/api/identity/signIn", undefined, { username, password: DEMO_PASSWORD });
  expect(res.status, res.text).toBe(200);
  return (res.json().tokens as { idToken: string }).idToken;
};

export const withinMs = async <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`not within ${ms} ms`)), ms).unref()),
  ]);
