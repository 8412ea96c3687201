import { defineConfig, type ReporterDescription } from '@playwright/test';

// The project never downloads browsers: it drives the system Chromium (Debian package `chromium`).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const reporter: ReporterDescription[] = [['list']];
// The lead's `npm test` collects totals from a JSON report named through this variable.
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) reporter.push(['json']);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Starts the built server on a free port with a fresh PGlite data dir; its returned
  // function is the teardown that stops it.
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter,
  outputDir: '../test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    launchOptions: {
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
