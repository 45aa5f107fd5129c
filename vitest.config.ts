import { configDefaults, defineConfig } from "vitest/config";

/**
 * Unit and HTTP integration tests. The HTTP tests (apps/server/test) run against a real database:
 * an in-memory PGlite per test file, or, when DATABASE_URL is set, a fresh database per test file
 * on that PostgreSQL server. The web app and the end-to-end tests have their own runners.
 */
export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, "e2e/**", "apps/web/**", "**/dist/**", "**/data/**"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["apps/server/test/**/*.test.ts", "apps/server/src/**/*.test.ts"],
          // Prepares the database each test file copies (test/helpers/global-setup.ts).
          globalSetup: ["apps/server/test/helpers/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "packages", include: ["packages/**/src/**/*.test.ts"] },
      },
    ],
  },
});
