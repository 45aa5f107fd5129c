// The two builds `npm start` makes when their sources are newer than the last one (or there is
// none): the web app (Vite) and the server (one ES module bundled by esbuild, so a start loads one
// file instead of transpiling hundreds of TypeScript files).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The newest modification time of any file below `dir` (build output and dependencies aside). */
const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

const isStale = (output, sourceDirs) => {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return Math.max(...sourceDirs.map(newest)) >= built;
};

export const ensureWebBuild = ({ force = false, outDir = "apps/web/dist" } = {}) => {
  if (!force && !isStale(`${outDir}/index.html`, ["apps/web", "packages/contracts/src"])) return false;
  console.log("Building the web app…");
  const args = outDir === "apps/web/dist" ? [] : ["--", "--outDir", resolve(outDir), "--emptyOutDir"];
  execFileSync("npm", ["run", "build", "-w", "@hub/web", "--silent", ...args], { stdio: "inherit" });
  return true;
};

export const SERVER_BUNDLE = "apps/server/dist/main.mjs";

/** Every dependency of the server's workspaces stays an import of node_modules; our own packages are bundled. */
const serverExternals = () => {
  const names = new Set();
  for (const pkg of ["apps/server", "packages/db", "packages/contracts"]) {
    const json = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
    for (const name of Object.keys({ ...json.dependencies, ...json.optionalDependencies })) {
      if (!name.startsWith("@hub/")) names.add(name);
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
};

export const ensureServerBuild = async ({ force = false, outFile = SERVER_BUNDLE } = {}) => {
  if (!force && !isStale(outFile, ["apps/server/src", "packages/db/src", "packages/contracts/src"])) return false;
  const { build } = await import("esbuild");
  const started = Date.now();
  const result = await build({
    entryPoints: ["apps/server/src/main.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: serverExternals(),
    sourcemap: "linked",
    write: false,
    outfile: outFile,
    logLevel: "warning",
  });
  // Written aside and renamed, so a server starting meanwhile never reads half a file.
  mkdirSync(dirname(outFile), { recursive: true });
  for (const file of result.outputFiles) {
    writeFileSync(`${file.path}.${process.pid}`, file.contents);
    renameSync(`${file.path}.${process.pid}`, file.path);
  }
  console.log(`Built the server in ${Date.now() - started} ms.`);
  return true;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes("--force");
  ensureWebBuild({ force });
  await ensureServerBuild({ force });
}
