// npm start: build the web app if needed, then serve everything on one port (PORT, default 3000).
import { spawn } from "node:child_process";
import { ensureWebBuild } from "./web-build.mjs";

ensureWebBuild({ outDir: process.env.WEB_DIST ?? "apps/web/dist" });
const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
