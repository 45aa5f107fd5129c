// Prepares the embedded database template for the mode the Hub will start in (once per set of
// sources; packages/db/src/template.ts), so a first start on an empty data folder copies a ready
// database instead of running initdb, the migrations and the demo seed. Run with `node --import tsx`.
import { existsSync, readdirSync } from "node:fs";

// The server's own configuration decides, so the template is always the one the server will look for.
const { loadConfig } = await import("../apps/server/src/platform/config.ts");
const config = loadConfig();
if (config.databaseUrl) process.exit(0);
if (existsSync(config.databaseDir) && readdirSync(config.databaseDir).length > 0) process.exit(0);

const { databaseTemplatePath, ensureDatabaseTemplate, isTemplate } = await import("../packages/db/src/template.ts");
if (!isTemplate(databaseTemplatePath(config.demoMode ? "demo" : "empty"))) {
  const started = Date.now();
  process.stdout.write(`Preparing the embedded database${config.demoMode ? " with its demo data" : ""} (once)... `);
  if (config.demoMode) {
    const { hashPassword } = await import("../apps/server/src/modules/identity/password.ts");
    await ensureDatabaseTemplate({ kind: "demo", hashPassword });
  } else {
    await ensureDatabaseTemplate({ kind: "empty" });
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
