// Builds the web app when its sources are newer than the last build (or there is none).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

export const ensureWebBuild = ({ force = false, outDir = "apps/web/dist" } = {}) => {
  const index = `${outDir}/index.html`;
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newest("apps/web"), newest("packages/contracts/src"));
  if (!force && built > sources) return false;
  console.log("Building the web app…");
  const args = outDir === "apps/web/dist" ? [] : ["--", "--outDir", resolve(outDir), "--emptyOutDir"];
  execFileSync("npm", ["run", "build", "-w", "@hub/web", "--silent", ...args], { stdio: "inherit" });
  return true;
};

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild({ force: process.argv.includes("--force") });
