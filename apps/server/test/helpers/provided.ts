// What the global setup (global-setup.ts) hands to every test file through vitest's provide/inject.
declare module "vitest" {
  interface ProvidedContext {
    /** A dump of the migrated, seeded demo database: each test file's in-memory PGlite loads it. */
    pgliteDump: string;
    /** The migrated, seeded database on DATABASE_URL's server each test file's database copies ("" without one). */
    pgTemplate: string;
  }
}

export {};
