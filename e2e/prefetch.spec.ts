// A deep link to a server this browser connected to before (2026, direct, no credentials): its
// first requests leave before the app has loaded, its first tools show at once, and the app
// adopts what was fetched — each request once, all in Traffic.
import { expect, test } from './fixtures/test.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';
import { openCallSettings, openTraffic } from './fixtures/panes.ts';

test('a returning deep link shows its first tools before the app has loaded; a tool picked there opens', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  // The app marked this server: the next deep link may prefetch. Hold the app back to see the preview.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(deepLink(demoMcpUrl()), { waitUntil: 'commit' });
  const preview = page.getByRole('list', { name: 'Tool list' });
  await expect(preview.getByRole('button')).toHaveCount(5); // the first page (5 per page here)
  await preview.getByRole('button', { name: /create_basket/ }).click();
  await expect(page.getByText('Opening create_basket as soon as Toolscope has loaded')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 2, name: 'Create basket' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  const traffic = await openTraffic(page);
  const rows = traffic.getByRole('listitem');
  await expect(rows.filter({ hasText: 'server/discover' })).toHaveCount(1);
  await expect(rows.filter({ hasText: /tools\/list(?!_changed)/ })).toHaveCount(6);
});

test('a first page that arrives after the app has taken over is not shown over it', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  // The prefetch's first tools/list answer comes late: the app is connected and showing by then.
  await page.route(/\/mcp$/, async (route) => {
    if (route.request().postData()?.includes('"prefetch-tools-0"')) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(deepLink(demoMcpUrl(), 'get_current_time'));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('list', { name: 'Tool list' })).toHaveCount(1);
  await openCallSettings(page); // nothing lies over the app
  await expect(page.getByRole('spinbutton', { name: 'Timeout (s)' })).toBeVisible();
});

test('the walk ahead goes on in its own worker while the page is busy, and every page still reaches the app once', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  // Each page answers slowly, so the walk is still going when the page is made busy.
  const sent: { id: string; at: number }[] = [];
  await page.route(/\/mcp$/, async (route) => {
    const id = /"id":"(prefetch-[\w-]+)"/.exec(route.request().postData() ?? '')?.[1];
    if (id) {
      sent.push({ id, at: Date.now() });
      if (id.startsWith('prefetch-tools-')) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await route.continue();
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const worker = page.waitForEvent('worker');
  await page.goto(deepLink(demoMcpUrl()), { waitUntil: 'commit' });
  const walker = await worker;
  expect(walker.url()).toMatch(/^blob:/); // started from the code the page carries, no file fetched
  // Once the worker is up, the next page the walk sends is the worker's (the page hands it over).
  await walker.evaluate(() => true);
  await page.waitForTimeout(100);
  const before = sent.length;
  await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThan(before);
  // The page's own thread is held for 1.2 s: a walk on it could not send a single page meanwhile.
  const busy = await page.evaluate(() => {
    const started = Date.now();
    while (Date.now() - started < 1200);
    return { started, ended: Date.now() };
  });
  const during = sent.filter(
    (request) => request.at > busy.started + 50 && request.at < busy.ended && request.id.startsWith('prefetch-tools-'),
  );
  expect(during.length).toBeGreaterThanOrEqual(2);
  release();
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  expect(sent.filter((request) => request.id.startsWith('prefetch-tools-'))).toHaveLength(6);
  const traffic = await openTraffic(page);
  const rows = traffic.getByRole('listitem');
  await expect(rows.filter({ hasText: 'server/discover' })).toHaveCount(1);
  await expect(rows.filter({ hasText: /tools\/list(?!_changed)/ })).toHaveCount(6);
});

test('a page of the walk still on its way shows in Traffic as pending, then as answered — the list waits for it, asked for once', async ({
  page,
}) => {
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  // The walk's fourth page is slow to come: the app takes it over long before it is in.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let thirdAsked = 0;
  await page.route(/\/mcp$/, async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('"prefetch-tools-3"')) {
      thirdAsked++;
      await held;
    }
    await route.continue();
  });
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^15 tools/)).toBeVisible();
  const traffic = await openTraffic(page);
  const lists = traffic.getByRole('listitem').filter({ hasText: /tools\/list(?!_changed)/ });
  await expect(lists).toHaveCount(4);
  await expect(lists.filter({ hasText: 'Running' })).toHaveCount(1);
  release();
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  await expect(lists).toHaveCount(6);
  await expect(lists.filter({ hasText: 'pending' })).toHaveCount(0);
  expect(thirdAsked).toBe(1);
});

test('a returning deep link asks once for each file it hands the module loader — the early entry and the chunk loader share them', async ({
  page,
}) => {
  // The first visit marks the server; the second is its first deep link ahead of the app (the
  // app's files in the HTTP cache from then on).
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(deepLink(demoMcpUrl()));
    await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  }
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
  });
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Server overview' }).getByRole('heading', { level: 2 })).toBeVisible(); // the workspace's files too
  // The app's files and the deep link's chunks (the protocol layer, the workspace): each a modulepreload link.
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
  );
  expect(preloaded.length).toBeGreaterThan(5);
  // Few files: the app, and the protocol layer with the connected screen, are a chunk each (with
  // their small facades) — a dozen shared chunks before, a request and its CPU each.
  expect(preloaded.length).toBeLessThanOrEqual(12);
  // Each asked for once: no second fetch "into the cache" (this browser has them from the last
  // visit), none probed again by the chunk loader. (Other lazy chunks are fetched, then imported.)
  expect(preloaded.filter((file) => asked.get(file) !== 1)).toEqual([]);
});
