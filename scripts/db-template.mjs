// Prepares the embedded database template (initdb + migrations, once per set of migrations), so a
// first start on an empty data folder skips PGlite's initdb. Run with `node --import tsx`.
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

const dataDir = join(resolve(process.env.DATA_DIR ?? "data"), "pgdata");
const { databaseTemplatePath, ensureDatabaseTemplate } = await import("../packages/db/src/template.ts");
if (process.env.DATABASE_URL?.trim()) process.exit(0);
if (existsSync(dataDir) && readdirSync(dataDir).length > 0) process.exit(0);
if (!existsSync(databaseTemplatePath())) {
  const started = Date.now();
  process.stdout.write("Preparing the embedded database (once per set of migrations)... ");
  await ensureDatabaseTemplate();
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
