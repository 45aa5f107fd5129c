// npm start: build the web app if needed, then serve everything on one port (PORT, default 3000).
import { spawn, spawnSync } from "node:child_process";
import { ensureWebBuild } from "./web-build.mjs";

ensureWebBuild({ outDir: process.env.WEB_DIST ?? "apps/web/dist" });
// The embedded database's template, like the web build: made once, then reused by every new data folder.
const template = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-template.mjs"], { stdio: "inherit" });
if (template.status !== 0) console.warn("The database template could not be prepared; the first start runs initdb instead.");
const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
