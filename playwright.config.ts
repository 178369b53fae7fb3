import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './server/browser/chromium.ts';

// scripts/run-e2e.mjs finds the browser and sets CHROMIUM_PATH; servers start in global setup
// on free loopback ports.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/fixtures/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One retry absorbs a noisy machine; a retried test is reported as "flaky" and its failed
  // attempt's page snapshot is printed by scripts/run-e2e.mjs, so it never goes unseen.
  retries: 1,
  // A stray test.only must not turn CI's run into a run of one test.
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: CHROMIUM_ARGS,
    },
    // A test that fails once leaves a trace of its retry (test-results/) to open with `npx playwright show-trace`.
    trace: 'on-first-retry',
    // Toolscope's service worker (src/app/shell/assetCache.worker.ts) serves /assets/* from Cache
    // Storage, past page.route(): tests that hold or fail a chunk would race its install. Only
    // e2e/assetCache.spec.ts lets it register.
    serviceWorkers: 'block',
  },
});
