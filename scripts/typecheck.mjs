// Typechecks every workspace with the native TypeScript compiler.
import { execFileSync } from "node:child_process";

const projects = ["packages/contracts", "packages/db", "apps/server", "apps/web", "e2e", "."];
let failed = false;
for (const project of projects) {
  try {
    execFileSync("npx", ["tsc", "--noEmit", "-p", project], { stdio: "inherit" });
  } catch {
    failed = true;
    console.error(`typecheck failed in ${project}`);
  }
}
if (failed) process.exit(1);
console.log("typecheck: ok");
