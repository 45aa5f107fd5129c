import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { DB_PACKAGE_DIR, EXTENSIONS, type HubDb, MIGRATIONS_FOLDER } from "./client";
import * as schema from "./schema/index";
import { seedDemoData, seedReferenceData } from "./seed/index";

/**
 * A prepared embedded database, kept as a PGlite data folder in node_modules/.cache/hub. A first
 * start on an empty data folder copies it instead of running initdb, the migrations and the seed
 * (about 3 s together), the way `npm start` builds the web app once. Two kinds:
 *
 * - `empty`: initdb and every migration; for an embedded database outside demo mode.
 * - `demo`: that, plus the reference data and the demo organisation and library, as a start in demo
 *   mode would write them. It holds no secret: the demo password is published, and the identity
 *   keys are made by the first sign-in of each installation.
 *
 * A template is named by a hash of what made it (PGlite's version, the migrations, and for `demo`
 * the seed and the contracts it reads), so a change to any of them makes a new one. The server still
 * migrates and seeds on every start, so a template is only ever a head start.
 */
export type TemplateKind = "empty" | "demo";

const ROOT = resolve(DB_PACKAGE_DIR, "../..");
const CACHE = join(ROOT, "node_modules", ".cache", "hub");
const PREFIX = "pglite-template-";

const pgliteVersion = (): string => {
  try {
    return (
      JSON.parse(readFileSync(join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  } catch {
    return "unknown";
  }
};

const SOURCES: Record<TemplateKind, string[]> = {
  empty: [MIGRATIONS_FOLDER],
  demo: [MIGRATIONS_FOLDER, join(DB_PACKAGE_DIR, "src", "seed"), join(ROOT, "packages", "contracts", "src")],
};

/** Where the template of this kind for the current sources lives (it may not exist yet): a PGlite data folder. */
export const databaseTemplatePath = (kind: TemplateKind = "empty"): string => {
  const hash = createHash("sha256").update(pgliteVersion());
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  for (const dir of SOURCES[kind]) walk(dir);
  return join(CACHE, `${PREFIX}${kind}-${hash.digest("hex").slice(0, 16)}`);
};

/** A template's data folder is complete once it has been closed and renamed into place. */
export const isTemplate = (path: string): boolean => existsSync(join(path, "PG_VERSION"));

export type TemplateOptions =
  | { kind?: "empty" }
  /** The demo seed hashes the demo password with the server's own function. */
  | { kind: "demo"; hashPassword: (plain: string) => Promise<string> };

/** Makes the template if it is missing; answers its path. Safe when several processes race. */
export const ensureDatabaseTemplate = async (options: TemplateOptions = {}): Promise<string> => {
  const kind = options.kind ?? "empty";
  const path = databaseTemplatePath(kind);
  if (isTemplate(path)) return path;
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const client = await PGlite.create({ dataDir: partial, extensions: EXTENSIONS });
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    if (options.kind === "demo") {
      await seedReferenceData(db as unknown as HubDb);
      await seedDemoData(db as unknown as HubDb, options.hashPassword);
    }
  } finally {
    await client.close();
  }
  try {
    renameSync(partial, path);
  } catch (error) {
    // Another process finished first: its template is as good as ours.
    rmSync(partial, { recursive: true, force: true });
    if (!isTemplate(path)) throw error;
  }
  // Templates of this kind made from earlier sources (and the files of earlier versions) are of no use any more.
  const current = basename(path);
  for (const old of readdirSync(CACHE)) {
    const stale = old.startsWith(PREFIX) && !old.endsWith(".partial") && old !== current && old !== `${current}.tar`;
    if (stale && (old.startsWith(`${PREFIX}${kind}-`) || !/^pglite-template-(empty|demo)-/.test(old))) {
      rmSync(join(CACHE, old), { recursive: true, force: true });
    }
  }
  return path;
};

/**
 * The template as a dump (an uncompressed tar) that PGlite loads into memory: the HTTP tests start
 * each file's in-memory database from it instead of migrating and seeding (seconds each). Made from
 * a copy of the template folder, which stays untouched; answers the dump's path.
 */
export const ensureDatabaseTemplateDump = async (options: TemplateOptions = {}): Promise<string> => {
  const folder = await ensureDatabaseTemplate(options);
  const path = `${folder}.tar`;
  if (existsSync(path)) return path;
  const copy = `${folder}.${process.pid}.partial`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(folder, copy, { recursive: true });
  try {
    const client = await PGlite.create({ dataDir: copy, extensions: EXTENSIONS });
    try {
      const dump = await client.dumpDataDir("none");
      writeFileSync(`${path}.${process.pid}.partial`, Buffer.from(await dump.arrayBuffer()));
      renameSync(`${path}.${process.pid}.partial`, path);
    } finally {
      await client.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  return path;
};
