// npm test: typecheck, lint, unit + HTTP integration tests, end-to-end tests; then one summary line.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { relative } from "node:path";
import { ensureChromium } from "./chromium.mjs";
import { runE2e } from "./e2e.mjs";

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** The failed tests by name, printed again at the very end so the last lines of a run say what broke. */
const failedTests = [];
const firstLine = (text) =>
  String(text ?? "")
    .split("\n")
    .find((line) => line.trim() !== "") ?? "";
const step = (name, fn) => {
  const started = Date.now();
  console.log(`\n━━ ${name}`);
  let ok = true;
  try {
    ok = fn() !== false;
  } catch {
    ok = false;
  }
  console.log(`━━ ${name}: ${ok ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
};

ensureChromium();
mkdirSync(".test-results", { recursive: true });

step("typecheck", () => execFileSync("node", ["scripts/typecheck.mjs"], { stdio: "inherit" }));
step("lint", () => execFileSync("npx", ["biome", "check", "."], { stdio: "inherit" }));

step("unit and HTTP integration tests", () => {
  const out = ".test-results/vitest.json";
  rmSync(out, { force: true });
  const r = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], {
    stdio: "inherit",
  });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, "utf8"));
    results.passed += report.numPassedTests ?? 0;
    results.failed += report.numFailedTests ?? 0;
    results.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const where = relative(process.cwd(), file.name ?? "");
      const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failed) failedTests.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      // A file that failed before any test ran (an import or a hook) has no failed test to name.
      if (failed.length === 0 && file.status === "failed") failedTests.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  return r.status === 0;
});

const e2eCode = await runE2e().catch((error) => {
  console.error(error.message);
  return 1;
});
if (existsSync(".test-results/e2e.json")) {
  const report = JSON.parse(readFileSync(".test-results/e2e.json", "utf8"));
  results.passed += report.stats?.expected ?? 0;
  results.failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
  results.skipped += report.stats?.skipped ?? 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "unexpected" || t.status === "flaky") {
          const error = t.results?.find((r) => r.error)?.error?.message;
          failedTests.push(`${spec.file} › ${[...titles, spec.title].join(" › ")} (${t.status}): ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}
if (e2eCode !== 0) failures.push("end-to-end tests");

console.log("");
for (const line of failedTests) console.log(`FAILED ${line.slice(0, 400)}`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(", ")}`);
console.log(`tests: ${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(failures.length > 0 || results.failed > 0 || results.passed === 0 ? 1 : 0);
