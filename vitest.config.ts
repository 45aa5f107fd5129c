import { configDefaults, defineConfig } from "vitest/config";

/**
 * Unit and HTTP integration tests. The HTTP tests (apps/server/test) run against a real database:
 * an in-memory PGlite per test file, or, when DATABASE_URL is set, a fresh database per test file
 * on that PostgreSQL server. The web app's plain logic (its .test.ts files under apps/web/src, no DOM) runs here too;
 * its screens are tested end to end (e2e, Playwright).
 *
 * Two files at a time (a test file waits on its database about half the time, so two cores keep
 * busy), except the files that start real Hub processes and stop, kill or restart a database under
 * them: they run after the rest, one at a time, so their timings are not a neighbour's.
 */
const PROCESS_TESTS = [
  "apps/server/test/database-outage.test.ts",
  "apps/server/test/durability.test.ts",
  "apps/server/test/payment-recovery.test.ts",
  "apps/server/test/instances.test.ts",
];

export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, "e2e/**", "**/dist/**", "**/data/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["apps/server/test/**/*.test.ts", "apps/server/src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...PROCESS_TESTS],
          // Prepares the database each test file copies (test/helpers/global-setup.ts).
          globalSetup: ["apps/server/test/helpers/global-setup.ts"],
          maxWorkers: 2,
          // A worker runs file after file in one module graph: importing the server anew for each
          // file was a third of the suite's time (368 s of 812 on PostgreSQL). So no module keeps
          // state across apps: what an app registers is the app's (platform/access.ts, registeredRoutesOf).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "packages",
          include: ["packages/**/src/**/*.test.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The web app's plain logic (no DOM): e.g. the offline scan queue's flush.
        extends: true,
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.ts"],
          environment: "node",
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "server processes",
          include: PROCESS_TESTS,
          globalSetup: ["apps/server/test/helpers/global-setup.ts"],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
