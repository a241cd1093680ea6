import { defineConfig, devices } from '@playwright/test';

/*
 * Browser journeys against the production build served by the real server (global setup
 * starts it and exports E2E_BASE_URL, which workers see when they load this file again).
 * We use Debian's Chromium: the network is closed, so `playwright install` is not an option.
 */
const inCi = process.env.CI === 'true';

export default defineConfig({
  testDir: 'test/e2e/journeys',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: inCi,
  retries: 0,
  // The machine has two cores shared by the whole team.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // About 12.5 minutes on CI for 34 journeys at two widths; room for a loaded CI host.
  globalTimeout: 20 * 60_000,
  reporter: [['list']],
  globalSetup: './test/e2e/global-setup.ts',
  globalTeardown: './test/e2e/global-teardown.ts',
  use: {
    browserName: 'chromium',
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    // A phone's browser says so in its user agent: the server's first screen takes the narrow layout from it.
    { name: 'phone', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent } },
  ],
});
