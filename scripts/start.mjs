// npm start: build the web app and the server if needed, then serve everything on one port (PORT, default 3000).
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureServerBuild, ensureWebBuild, SERVER_BUNDLE } from "./builds.mjs";

ensureWebBuild({ outDir: process.env.WEB_DIST ?? "apps/web/dist" });
await ensureServerBuild();
// The embedded database's template, like the builds: made once, then reused by every new data folder.
const template = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-template.mjs"], { stdio: "inherit" });
if (template.status !== 0)
  console.warn("The database template could not be prepared; the first start runs initdb instead.");
// The server runs in this process, not a child: SIGTERM and SIGINT (a container, Ctrl-C) reach its
// own handlers, which stop it within its grace and close the database.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(resolve(SERVER_BUNDLE)).href);
// `npm start` runs us under `sh -c`; on SIGTERM npm 11 signals that shell and exits, the shell dies
// without passing the signal on, and we would be left serving with nobody to stop us. A parent
// that goes away is taken as the SIGTERM it was.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  process.kill(process.pid, "SIGTERM");
}, 250);
orphaned.unref();
