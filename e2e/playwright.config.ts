// The end-to-end suite: Debian's Chromium (a browser download does not work here) driven by Playwright,
// against the product as `npm start` serves it, on a fresh embedded database (support/global-setup.ts).
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.cjs';

export default defineConfig({
  testDir: './tests',
  // One server, one database, two cores: the specs run one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
});
