// Prepares the embedded database template for the mode the Hub will start in (once per set of
// sources; packages/db/src/template.ts), so a first start on an empty data folder copies a ready
// database instead of running initdb, the migrations and the demo seed. Run with `node --import tsx`.
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

if (process.env.DATABASE_URL?.trim()) process.exit(0);
const dataDir = join(resolve(process.env.DATA_DIR ?? "data"), "pgdata");
if (existsSync(dataDir) && readdirSync(dataDir).length > 0) process.exit(0);

const { databaseTemplatePath, ensureDatabaseTemplate, isTemplate } = await import("../packages/db/src/template.ts");
// The same rule as the server's config: demo mode unless NODE_ENV is production (DATABASE_URL is unset here).
const demo = process.env.NODE_ENV !== "production";
if (!isTemplate(databaseTemplatePath(demo ? "demo" : "empty"))) {
  const started = Date.now();
  process.stdout.write(`Preparing the embedded database${demo ? " with its demo data" : ""} (once)... `);
  if (demo) {
    const { hashPassword } = await import("../apps/server/src/modules/identity/password.ts");
    await ensureDatabaseTemplate({ kind: "demo", hashPassword });
  } else {
    await ensureDatabaseTemplate({ kind: "empty" });
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
