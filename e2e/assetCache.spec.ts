// A returning visit: Toolscope's service worker (src/app/shell/assetCache.worker.ts) has put the build's
// files in Cache Storage, and the browser serves them from there itself — while every request to
// an MCP server goes straight to it, never through the worker.
import { expect, test, type Page } from './fixtures/test.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';
import { openTraffic } from './fixtures/panes.ts';

test.use({ serviceWorkers: 'allow' });

/** How each of the page's requests so far was served: Resource Timing's deliveryType and workerStart. */
const served = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming & { deliveryType?: string };
      return {
        path: new URL(timing.name).pathname,
        origin: new URL(timing.name).origin,
        delivery: timing.deliveryType ?? '',
        worker: timing.workerStart,
      };
    }),
  );

test('a returning visit takes the app’s files from the service worker’s cache; MCP requests never pass through it', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  // First visit: nothing from Cache Storage yet; the worker registers once the page is quiet.
  expect((await served(page)).filter((entry) => entry.delivery === 'cache-storage')).toEqual([]);
  const state = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        setTimeout(() => resolve('not active within 40 s'), 40_000);
        void navigator.serviceWorker.ready.then(({ active }) => {
          if (active?.state === 'activated') resolve('activated');
          active?.addEventListener('statechange', () => active.state === 'activated' && resolve('activated'));
        });
      }),
  );
  expect(state).toBe('activated');

  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  const entries = await served(page);
  const assets = entries.filter((entry) => entry.path.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(3);
  expect(assets.filter((entry) => entry.delivery !== 'cache-storage')).toEqual([]);
  // The MCP server's requests (the demo's /mcp, on this very origin) went straight out: no fetch
  // event, no cache — the worker's route is /assets/* only, and it has no fetch handler.
  const mcp = entries.filter((entry) => entry.origin === new URL(demoMcpUrl()).origin && entry.path === '/mcp');
  expect(mcp.length).toBeGreaterThan(0);
  expect(mcp.filter((entry) => entry.delivery === 'cache-storage' || entry.worker > 0)).toEqual([]);
  // … and reached the server: the list came from it, as Traffic shows.
  const traffic = await openTraffic(page);
  await expect(
    traffic
      .getByRole('listitem')
      .filter({ hasText: /tools\/list(?!_changed)/ })
      .first(),
  ).toBeVisible();

  // A file the cache does not have (another build's) is asked of the network, as without the worker.
  const missing = await page.evaluate(() => fetch('/assets/not-in-this-build-0000.js').then((response) => response.status));
  expect(missing).toBe(404);
});
