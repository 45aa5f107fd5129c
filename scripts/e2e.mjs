// Starts the Hub the way `npm start` does (embedded database, demo data, fresh data folder) and
// runs the Playwright suite in Debian's Chromium (scripts/chromium.mjs) against it.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureWebBuild } from "./builds.mjs";
import { chromiumPath, ensureChromium } from "./chromium.mjs";

export const runE2e = async (extraArgs = []) => {
  ensureChromium();
  // E2E_WEB_DIST and E2E_PORT let several runs share one machine without touching each other.
  const webDist = process.env.E2E_WEB_DIST ?? "apps/web/dist";
  ensureWebBuild({ outDir: webDist });
  const dataDir = mkdtempSync(join(tmpdir(), "hub-e2e-"));
  // The store and shipping platforms' stand-in and an S3 stand-in (the HTTP tests' own), for specs that use them.
  const platforms = spawn(process.execPath, ["--import", "tsx", "apps/server/test/stand-ins/serve-platforms.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.on("exit", () => platforms.exitCode === null && platforms.kill("SIGTERM"));
  const [platformUrl, s3Url] = await new Promise((resolve, reject) => {
    let out = "";
    platforms.stdout.on("data", (chunk) => {
      out += String(chunk);
      const found = /PLATFORM_STAND_IN (\S+) (\S+)/.exec(out);
      if (found) resolve([found[1], found[2]]);
    });
    platforms.once("exit", () => reject(new Error("The platforms' stand-in exited before it was ready.")));
  });
  const port = Number(process.env.E2E_PORT ?? 3210);
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: join(dataDir, "pgdata"),
    LOG_LEVEL: "warn",
    WEB_DIST: webDist,
    // The webhook spec's receiver listens on this machine's loopback, which a real Hub refuses.
    WEBHOOKS_ALLOW_PRIVATE: "true",
    STORE_PLATFORM_URL: platformUrl,
    SHIPPING_PLATFORM_URL: platformUrl,
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  // The first admin of a fresh installation comes from the CLI, with a temporary password.
  const cli = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "apps/server/src/cli.ts",
      "create-admin",
      "--username",
      "firstadmin",
      "--email",
      "first.admin@example.test",
      "--first-name",
      "First",
      "--last-name",
      "Admin",
      "--temporary-password",
      "Temp-Pass-123!",
    ],
    { env, stdio: "inherit" },
  );
  if (cli.status !== 0) throw new Error("create-admin failed");
  const server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGTERM");
    if (platforms.exitCode === null) platforms.kill("SIGTERM");
  };
  process.on("exit", stop);
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error("The Hub exited before it was ready.");
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("The Hub did not answer within 60 s.");
      await new Promise((r) => setTimeout(r, 250));
    }
    const code = await new Promise((resolve) => {
      const runner = spawn("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", ...extraArgs], {
        env: {
          ...process.env,
          BASE_URL: `http://127.0.0.1:${port}`,
          S3_STAND_IN_URL: s3Url,
          CHROMIUM_PATH: chromiumPath(),
        },
        stdio: "inherit",
      });
      runner.on("exit", (c) => resolve(c ?? 1));
    });
    return code;
  } finally {
    stop();
    await new Promise((r) => (server.exitCode !== null ? r() : server.once("exit", r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  runE2e(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
