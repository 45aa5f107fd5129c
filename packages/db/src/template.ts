import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { EXTENSIONS, MIGRATIONS_FOLDER } from "./client";

/**
 * A prepared embedded database: PGlite's initdb plus every migration, dumped once per set of
 * migrations (and PGlite version) into node_modules/.cache (an uncompressed tar: it loads fastest). A first start on an empty data folder
 * loads it instead of running initdb (about 3 s), the way `npm start` builds the web app once.
 * Nothing in it is demo data: seeding still happens at start, as the mode asks.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const CACHE = join(ROOT, "node_modules", ".cache", "hub");

const pgliteVersion = (): string => {
  try {
    return (JSON.parse(readFileSync(join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
};

/** Where the template for the current migrations lives (it may not exist yet). */
export const databaseTemplatePath = (): string => {
  const hash = createHash("sha256").update(pgliteVersion());
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return join(CACHE, `pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
};

/** Makes the template if it is missing; answers its path. */
export const ensureDatabaseTemplate = async (): Promise<string> => {
  const path = databaseTemplatePath();
  if (existsSync(path)) return path;
  const client = await PGlite.create({ extensions: EXTENSIONS });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir("none");
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    // Templates of earlier migrations are of no use any more.
    for (const old of readdirSync(CACHE)) {
      if (old.startsWith("pglite-template-") && join(CACHE, old) !== path && !old.endsWith(".partial")) rmSync(join(CACHE, old), { force: true });
    }
  } finally {
    await client.close();
  }
  return path;
};
