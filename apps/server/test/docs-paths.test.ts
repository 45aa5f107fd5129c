import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "vitest";

/**
 * The docs name files a newcomer will look for: every path quoted in ARCHITECTURE.md, the glossary
 * and the ADRs must exist. A quoted path may be written from any folder (`platform/csv.ts`,
 * `orders/payment.service.ts`, `apps/server/test/...`), so it exists when some file or folder of
 * the repository ends with it.
 */
const REPO = resolve(import.meta.dirname, "../../..");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: REPO,
  encoding: "utf8",
})
  .split("\n")
  .filter(Boolean);
const known = new Set<string>();
for (const file of tracked) {
  const parts = file.split("/");
  // Every tail of every file and folder path: "a/b/c.ts" gives c.ts, b/c.ts, a/b/c.ts, b, a/b, a.
  for (let end = parts.length; end > 0; end--)
    for (let start = 0; start < end; start++) known.add(parts.slice(start, end).join("/"));
}

/** `quoted` text that looks like a path: a file with an extension, or a folder ending in "/". */
const PATH = /`([A-Za-z0-9_.@/-]+?(?:\.(?:ts|tsx|mjs|js|json|md|sql|sh)|\/))`/g;

const docs = [
  "ARCHITECTURE.md",
  "docs/glossary.md",
  ...readdirSync(join(REPO, "docs/adr")).map((f) => `docs/adr/${f}`),
];

test("every file or folder the docs quote exists", () => {
  const missing: string[] = [];
  let checked = 0;
  for (const doc of docs) {
    const text = readFileSync(join(REPO, doc), "utf8");
    for (const match of text.matchAll(PATH)) {
      const raw = match[1] ?? "";
      // Not paths: URLs and routes (/api/..., /orders/...), package names, generated and ignored folders.
      if (raw.startsWith("/") || raw.startsWith("@") || raw.startsWith("http") || raw.includes("node_modules"))
        continue;
      if (/(^|\/)(dist|data|\.cache|\.test-results)\//.test(raw) || raw.startsWith("../")) continue;
      const path = raw.replace(/^\.\//, "").replace(/\/$/, "");
      if (!path.includes("/") && !/\.(ts|tsx|mjs|sql)$/.test(path)) continue;
      checked++;
      if (!known.has(path)) missing.push(`${doc}: ${raw}`);
    }
  }
  expect(checked).toBeGreaterThan(50);
  expect(missing).toEqual([]);
});

/** Every screen of the side navigation has a line in the glossary's Screens table, by its path. */
test("the glossary names every screen of the navigation", async () => {
  const { NAV_TREE } = await import("@hub/contracts/nav/nav-tree");
  const glossary = readFileSync(join(REPO, "docs/glossary.md"), "utf8");
  const paths = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === "object") {
      const path = (value as { path?: unknown }).path;
      if (typeof path === "string") paths.add(path);
      for (const inner of Object.values(value)) if (typeof inner === "object") walk(inner);
    }
  };
  walk(NAV_TREE);
  expect(paths.size).toBeGreaterThan(40);
  expect([...paths].filter((path) => !glossary.includes(`| \`${path}\` |`))).toEqual([]);
});
