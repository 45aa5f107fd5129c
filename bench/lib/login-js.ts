/** The login page's JavaScript: builds apps/web when it is missing, then measures what the login page loads. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { children, groupAlive, killGroup, spawnTracked, withTimeout } from "./processes";
import { LIMITS, WEB_DIST } from "./settings";
import { progress } from "./stats";

export type WebBuild = { ok: true; builtMs: number | null } | { ok: false; reason: string };

export const indexHtml = join(WEB_DIST, "index.html");

/** Builds apps/web only when apps/web/dist/index.html is missing. */
export const ensureWebBuild = async (): Promise<WebBuild> => {
  if (existsSync(indexHtml)) return { ok: true, builtMs: null };
  progress("apps/web/dist/index.html is missing; running `npm run build -w @hub/web` ...");
  const started = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnTracked(npm, ["run", "build", "-w", "@hub/web"], { ...process.env }, undefined, 200);
  const exit = await withTimeout(build.exited, LIMITS.webBuildTimeoutMs);
  const builtMs = performance.now() - started;
  if (build.child.pid !== undefined && groupAlive(build.child.pid)) killGroup(build.child, "SIGKILL");
  children.delete(build.child);
  const tail = build
    .tail()
    .filter((l) => l.trim() !== "" && !/^\s+at /.test(l) && !/^npm (error|warn) /.test(l))
    .slice(-15)
    .map((l) => `    | ${l}`)
    .join("\n");
  if (exit === null)
    return {
      ok: false,
      reason: `web build missing: the build did not finish within ${LIMITS.webBuildTimeoutMs / 1000} s (killed).\n${tail}`,
    };
  if (exit.code !== 0)
    return {
      ok: false,
      reason: `web build missing: \`npm run build -w @hub/web\` failed (exit code ${exit.code}).\n${tail}`,
    };
  if (!existsSync(indexHtml))
    return {
      ok: false,
      reason: `web build missing: the build exited 0 but apps/web/dist/index.html does not exist.\n${tail}`,
    };
  return { ok: true, builtMs };
};

export type Tag = { name: string; attrs: Map<string, string> };

export const htmlTags = (html: string, names: readonly string[]): Tag[] => {
  const tags: Tag[] = [];
  for (const match of html.matchAll(/<([a-zA-Z]+)\b([^>]*)>/g)) {
    const name = (match[1] ?? "").toLowerCase();
    if (!names.includes(name)) continue;
    const attrs = new Map<string, string>();
    for (const a of (match[2] ?? "").matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs.set((a[1] ?? "").toLowerCase(), a[2] ?? a[3] ?? a[4] ?? "");
    }
    tags.push({ name, attrs });
  }
  return tags;
};

/** A URL from index.html as a file in dist ("/assets/x.js", "./assets/x.js", "/base/assets/x.js"). */
export const distFileOf = (url: string): string | null => {
  if (/^[a-z]+:\/\//i.test(url) || url.startsWith("//")) return null;
  const path = decodeURIComponent(url.split(/[?#]/)[0] ?? "");
  const direct = join(WEB_DIST, path.replace(/^\.?\/+/, ""));
  if (existsSync(direct)) return direct;
  const inAssets = join(WEB_DIST, "assets", basename(path));
  return existsSync(inAssets) ? inAssets : null;
};

/** Relative static imports of a built chunk (`import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`). */
export const staticImportsOf = (file: string): string[] => {
  const code = readFileSync(file, "utf8");
  const found = new Set<string>();
  const pattern = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g;
  for (const match of code.matchAll(pattern)) {
    const spec = match[1];
    if (!spec) continue;
    const target = resolve(dirname(file), spec);
    if (existsSync(target)) found.add(target);
  }
  return [...found];
};

export type JsFile = { file: string; why: string; raw: number; gzip: number };
export type LoginJs = { files: JsFile[]; notes: string[]; totalGzip: number; totalRaw: number; directGzip: number };

export const measureLoginJs = (): LoginJs => {
  const notes: string[] = [];
  const html = readFileSync(indexHtml, "utf8");
  const wanted = new Map<string, string>(); // absolute path -> why
  const add = (file: string, why: string) => {
    if (!wanted.has(file)) wanted.set(file, why);
  };
  for (const tag of htmlTags(html, ["script", "link"])) {
    if (tag.name === "script" && tag.attrs.get("type") === "module" && tag.attrs.get("src")) {
      const src = tag.attrs.get("src") ?? "";
      const file = distFileOf(src);
      if (file) add(file, "entry <script type=module>");
      else notes.push(`entry script ${src} is not a file in apps/web/dist (not counted)`);
    }
    const rel = (tag.attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    if (tag.name === "link" && rel.includes("modulepreload") && tag.attrs.get("href")) {
      const href = tag.attrs.get("href") ?? "";
      const file = distFileOf(href);
      if (file) add(file, "<link rel=modulepreload>");
      else notes.push(`modulepreload ${href} is not a file in apps/web/dist (not counted)`);
    }
  }
  if (wanted.size === 0) notes.push("index.html has no <script type=module src> entry");

  const assets = join(WEB_DIST, "assets");
  const assetNames = existsSync(assets) ? readdirSync(assets).filter((n) => /\.m?js$/.test(n)) : [];
  const loginChunks = assetNames.filter(
    (n) => n.toLowerCase().startsWith("login") || n.toLowerCase().includes("login-page"),
  );
  for (const name of loginChunks) add(join(assets, name), "lazy login chunk");
  if (!assetNames.some((n) => n.toLowerCase().includes("login-page"))) {
    notes.push(
      'no chunk whose name contains "login-page" in apps/web/dist/assets: the lazy login route is not counted' +
        (loginChunks.length ? ` (counted instead: ${loginChunks.join(", ")})` : ""),
    );
  }

  // What the counted chunks import statically is loaded too (Vite usually also lists it as modulepreload).
  const queue = [...wanted.keys()];
  for (let i = 0; i < queue.length && i < 500; i++) {
    const from = queue[i];
    if (!from) continue;
    for (const dep of staticImportsOf(from)) {
      if (wanted.has(dep)) continue;
      add(dep, `static import of ${basename(from)}`);
      queue.push(dep);
    }
  }

  const files = [...wanted].map(([file, why]) => {
    const buffer = readFileSync(file);
    return {
      file: relative(WEB_DIST, file),
      why,
      raw: statSync(file).size,
      gzip: gzipSync(buffer, { level: 9 }).length,
    };
  });
  return {
    files,
    notes,
    totalGzip: files.reduce((s, f) => s + f.gzip, 0),
    totalRaw: files.reduce((s, f) => s + f.raw, 0),
    directGzip: files.filter((f) => !f.why.startsWith("static import")).reduce((s, f) => s + f.gzip, 0),
  };
};
