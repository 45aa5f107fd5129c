import { defineConfig } from "@playwright/test";

/**
 * Specs that give Northwind a card on file. Every other spec expects Northwind invoiced (placing
 * leaves an order unpaid until the factory releases it), so these run alone, after the rest.
 */
const CARD_SPECS = ["**/billing/payment-methods.spec.ts", "**/orders/paid-cancel.spec.ts"];
/**
 * Specs that need the demo client's own address book empty at their start (another spec adds
 * addresses to it): after the rest too, each clearing it first.
 */
const ADDRESS_SPECS = ["**/orders/own-addresses.spec.ts"];

/** Drives Debian's Chromium (never a downloaded browser) against a running Hub at BASE_URL. */
export default defineConfig({
  projects: [
    { name: "hub", testIgnore: [...CARD_SPECS, ...ADDRESS_SPECS] },
    { name: "cards on file", testMatch: CARD_SPECS, dependencies: ["hub"] },
    { name: "own addresses", testMatch: ADDRESS_SPECS, dependencies: ["hub"] },
  ],
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A spec's whole walk: on a slow day this 2-core machine runs the same steps about twice as slow
  // (a full CI 16 minutes one day, 36 the next), and walks of 20-25 s took 35-48 s. Each step's own
  // wait stays 10 s (expect); the longest walks set more themselves.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "../.test-results/e2e.json" }]],
  outputDir: process.env.E2E_OUTPUT ?? "../.test-results/e2e-artifacts",
  use: {
    baseURL: process.env.BASE_URL ?? "http://127.0.0.1:3000",
    viewport: { width: 1366, height: 900 },
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      // scripts/e2e.mjs passes the one it chose (scripts/chromium.mjs: the headless shell when installed).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
});
