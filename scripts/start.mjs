// npm start: build the web app and the server if needed, then serve everything on one port (PORT, default 3000).
import { spawn, spawnSync } from "node:child_process";
import { ensureServerBuild, ensureWebBuild, SERVER_BUNDLE } from "./builds.mjs";

ensureWebBuild({ outDir: process.env.WEB_DIST ?? "apps/web/dist" });
await ensureServerBuild();
// The embedded database's template, like the builds: made once, then reused by every new data folder.
const template = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-template.mjs"], { stdio: "inherit" });
if (template.status !== 0)
  console.warn("The database template could not be prepared; the first start runs initdb instead.");
const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
