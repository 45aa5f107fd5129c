/** The bench's settings: paths, the demo accounts, the targets and the limits every loop is bounded by. */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The server as `npm start` runs it: bundled by scripts/builds.mjs, started by plain node. */
export const SERVER_BUNDLE = "apps/server/dist/main.mjs";
export const WEB_DIST = join(ROOT, "apps", "web", "dist");
export const HOST = "127.0.0.1";

export const DEMO_USER = "admin";
/** The demo accounts seeded in demo mode, all with DEMO_PASSWORD. */
export const DEMO_USERS = ["admin", "client", "factory", "designer", "client2"] as const;
export const DEMO_PASSWORD = "Hub!demo1";

export const TARGETS = { coldStartMs: 3_000, signInP95Ms: 300, loginJsGzipKb: 150 } as const;

export const LIMITS = {
  /** Give up waiting for the first health answer after this long. */
  startTimeoutMs: 60_000,
  /** Wait this long for a clean exit after SIGTERM before killing the process group. */
  stopTimeoutMs: 15_000,
  healthPollMs: 20,
  requestTimeoutMs: 15_000,
  hashSamples: 20,
  signInClients: 20,
  signInWarmup: 20,
  signInTotal: 400,
  signInMaxMs: 30_000,
  userDataWarmup: 10,
  userDataRequests: 200,
  webBuildTimeoutMs: 10 * 60_000,
} as const;
