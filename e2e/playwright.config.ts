import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@shaft/chromium";
import { URLS } from "./support/config.ts";

export default defineConfig({
  testDir: "./specs",
  // One stack. The specs that change chain state run one at a time, in name order (purchases before the claim opens);
  // the two that only look at pages without a wallet (01, 02) run beside them in a second worker.
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: "pages", testMatch: /\/0[12]-[^/]*\.spec\.ts$/, workers: 1 },
    { name: "chain", testIgnore: /\/0[12]-[^/]*\.spec\.ts$/, workers: 1 },
  ],
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  globalSetup: "./global-setup.ts",
  outputDir: "../test-results/e2e",
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: "../playwright-report" }],
    ["json", { outputFile: "../test-results/e2e-results.json" }],
  ],
  use: {
    baseURL: URLS.dapp,
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 900 },
    locale: "en-US",
    // The dapp honours the system's reduced-motion setting (timed fades and smooth scrolls end at once), which spares
    // every step its animation wait; 02-mobile keeps the default motion, so the animated path is still driven.
    reducedMotion: "reduce",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    testIdAttribute: "data-testid",
  },
});
