// The core journey on Toolscope's own demo server (2026-07-28 era), role/label locators only.
import { expect, test, type Page } from './fixtures/test.ts';
import { appUrl, deepLink, demoMcpUrl, loopingMcpUrl, noCorsUrl, protectedMcpUrl, protectedToken } from './fixtures/urls.ts';
import { callConfirmed } from './fixtures/calls.ts';
import { openTraffic } from './fixtures/panes.ts';

const toolsRegion = (page: Page) => page.getByRole('region', { name: 'Tools' });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** Connected; the first tools/list exchange in Traffic shows the credential masked, never its value. */
async function expectConnectedWithSecretHidden(page: Page, masked: string) {
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  const traffic = await openTraffic(page);
  await page.screenshot({ path: '/tmp/x.png' });
  await traffic.getByText('tools/list').first().click();
  await expect(traffic).toContainText(masked);
  await expect(traffic).not.toContainText(protectedToken());
}

async function openTool(page: Page, tool: string, title: string) {
  await page.goto(deepLink(demoMcpUrl(), tool));
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test('the deep link connects, loads every page of tools and shows badges with defaults', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  const status = page.getByRole('banner').getByRole('status');
  await expect(status).toContainText('Connected');
  await expect(status).toContainText('Toolscope demo shop');
  await expect(status).toContainText('2026-07-28');
  const tools = toolsRegion(page);
  await expect(tools.getByText(/^29 tools · 6 pages$/)).toBeVisible();
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('sync');
  const sync = tools.getByRole('listitem').filter({ hasText: 'Sync inventory' });
  await expect(sync.getByLabel('Destructive (default)')).toBeVisible();
  await expect(sync.getByLabel('Open world (default)')).toBeVisible();
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('delete');
  const remove = tools.getByRole('listitem').filter({ hasText: 'Delete basket' });
  await expect(remove.getByLabel('Destructive', { exact: true })).toBeVisible();
  await expect(remove.getByLabel('Idempotent', { exact: true })).toBeVisible();
});

test('connecting from the form, searching, and the display-name fallback', async ({ page }) => {
  await page.goto(appUrl());
  await page.getByRole('textbox', { name: 'Server URL' }).fill(demoMcpUrl());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  const tools = toolsRegion(page);
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('basket');
  await expect(tools.getByRole('listitem')).toHaveCount(5);
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('sales');
  await tools.getByRole('button', { name: /^Sales chart/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Sales chart' })).toBeVisible();
  await expect(page.getByText('render_sales_chart', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Not connected');
});

test('a reconnect within ttlMs shows the cached list at once, marked as cached; Reload lists again', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  const tools = toolsRegion(page);
  await expect(tools.getByText(/^29 tools · 6 pages$/)).toBeVisible();
  await expect(tools.getByText(/^Listed just now · fresh for (1 min|under a minute) more$/)).toBeVisible();
  const traffic = await openTraffic(page);
  const listings = traffic.locator('summary').filter({ hasText: /^tools\/list/ });
  await expect(listings).toHaveCount(6);

  // The demo says its list is fresh for 60 s and public: a reconnect asks for no page at all.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await expect(tools.getByText(/^29 tools · 6 pages$/)).toBeVisible();
  await expect(tools.getByText(/^From cache, listed just now · fresh for (1 min|under a minute) more$/)).toBeVisible();
  await expect(traffic.locator('summary').filter({ hasText: /^server\/discover/ })).toHaveCount(2);
  await expect(listings).toHaveCount(6);

  // Reload bypasses the cache: every page is asked for again.
  await tools.getByRole('button', { name: 'Reload tool list' }).click();
  await expect(listings).toHaveCount(12);
  await expect(tools.getByText(/^29 tools · 6 pages$/)).toBeVisible();
  await expect(tools.getByText(/^Listed just now · fresh for (1 min|under a minute) more$/)).toBeVisible();
});

test('a call with structured content that matches its output schema, then a tool error', async ({ page }) => {
  await openTool(page, 'search_catalog', 'Search catalog');
  const form = page.getByRole('form', { name: 'Arguments' });
  await expect(form.getByLabel('Limit')).toHaveValue('10');
  await form.getByLabel('Query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const structured = result(page).getByRole('region', { name: 'Structured content' });
  await expect(structured).toContainText('Matches output schema');
  await expect(structured).toContainText('prd_cab_003');
  await expect(result(page)).toContainText('serialized again for clients that cannot read structuredContent');

  await form.getByLabel('Query').fill('zeppelin');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Tool error');
  await expect(result(page)).toContainText('No products match "zeppelin"');
});

test('the Call tool button stays where it first appears (no layout shift under the pointer)', async ({ page }) => {
  // Sampled every 16 ms from the moment it exists: it once moved 228 px down when the form
  // arrived after it, so clicks aimed at it landed on the form.
  await page.addInitScript(`
    window.callButtonTops = [];
    const timer = setInterval(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim().startsWith('Call tool'));
      if (button) window.callButtonTops.push(button.getBoundingClientRect().top + (button.closest('.overflow-auto')?.scrollTop ?? 0));
      if (window.callButtonTops.length >= 90) clearInterval(timer);
    }, 16);`);
  await openTool(page, 'search_catalog', 'Search catalog');
  const tops = await page.waitForFunction(() => {
    const sampled = (window as unknown as { callButtonTops: number[] }).callButtonTops;
    return sampled.length >= 90 && sampled;
  });
  const sampled = (await tops.jsonValue()) as number[];
  expect(Math.max(...sampled) - Math.min(...sampled)).toBe(0);
});

test('a click on "Call tool" is never silent: a checker that cannot load says so, and the next click works', async ({ page }) => {
  // Toolscope's own server stops answering for the argument checks' chunk (a restart, a dropped
  // connection): nothing can be sent, and the person is told why.
  const checks = /\/assets\/validate-[^/?]+\.js(\?.*)?$/; // also under a fresh URL
  await page.route(checks, (route) => route.abort('connectionreset'));
  await openTool(page, 'search_catalog', 'Search catalog');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('alert')).toContainText('Not sent — Toolscope could not load its argument checks');
  await page.unroute(checks);
  // Chromium 150 remembers a failed import() of a URL for the page's life — also for the result
  // view, which imports these checks too: both must load now.
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('prd_cab_003');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a result view whose code failed mid-load comes back with "Try again", and the arguments stay', async ({ page }) => {
  // The chunk arrives when fetched, then the import itself fails (the server went away in
  // between): the browser may remember that failure, so "Try again" must load it afresh.
  let requests = 0;
  const resultCode = /\/assets\/ResultView-[^/?]+\.js(\?.*)?$/;
  await page.route(resultCode, (route) => (++requests === 2 ? route.abort('connectionreset') : route.continue()));
  await openTool(page, 'search_catalog', 'Search catalog');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page).getByRole('alert')).toContainText('Toolscope could not load the result view');
  await result(page).getByRole('button', { name: 'Try again' }).click();
  await expect(result(page)).toContainText('prd_cab_003');
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('Query')).toHaveValue('cable');
});

test('after a rebuild a missing chunk is a 404, and the message says to reload', async ({ page }) => {
  expect((await page.request.get(`${appUrl()}assets/not-a-chunk-anymore.js`)).status()).toBe(404);
  await page.route(/\/assets\/ResultView-[^/?]+\.js(\?.*)?$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await openTool(page, 'search_catalog', 'Search catalog');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page).getByRole('alert')).toContainText('Toolscope was probably rebuilt: reload the page');
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('Query')).toHaveValue('cable');
});

test('invalid arguments are held back, and "Send anyway" shows the protocol error -32602', async ({ page }) => {
  await openTool(page, 'search_catalog', 'Search catalog');
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments JSON' }).fill('{"query": "usb", "limit": 500}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent' })).toContainText('/limit must be <= 50');
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(result(page)).toContainText('Protocol error');
  await expect(result(page)).toContainText('-32602');
  await expect(result(page)).toContainText('/limit must be <= 50');
});

test('an output that breaks its schema is shown with the verdict and the path', async ({ page }) => {
  await openTool(page, 'lookup_legacy_price', 'Legacy price lookup');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').fill('prd_aud_001');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const structured = result(page).getByRole('region', { name: 'Structured content' });
  await expect(structured).toContainText('Does not match output schema');
  await expect(structured).toContainText('/price');
  await expect(structured).toContainText('129.00');
  // The failing value is marked in the tree itself, with what it got, and is in view.
  const marked = structured.getByRole('list', { name: 'structured content tree' }).locator('[data-mark="failed"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('"price": "129.00"');
  await expect(marked).toContainText('✗ must be number, got string');
  await expect(marked).toBeInViewport();
});

test('image and audio blocks render from real bytes', async ({ page }) => {
  await openTool(page, 'render_sales_chart', 'Sales chart');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').selectOption('prd_cab_001');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const image = result(page).getByRole('img', { name: /image\/png/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(320);

  await page.goto(deepLink(demoMcpUrl(), 'synthesize_tone'));
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('frequency_hz')).toHaveValue('440');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const audio = result(page).locator('audio[controls]');
  await expect(audio).toHaveCount(1);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeCloseTo(0.6, 1);
});

test('resource links are read on demand; embedded resources show text and a download', async ({ page }) => {
  await openTool(page, 'get_product_docs', 'Product documents');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').fill('prd_aud_001');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await result(page).getByRole('button', { name: 'Studio headphones record' }).click();
  await expect(result(page)).toContainText('"priceCents": 12900');
  await result(page).getByRole('button', { name: 'Returns policy' }).click();
  await expect(result(page)).toContainText('Unused items can be returned within 30 days');

  await page.goto(deepLink(demoMcpUrl(), 'export_catalog'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('demo://catalog/products.csv');
  await expect(result(page)).toContainText('id,name,category,price_eur,stock');
  const download = page.waitForEvent('download');
  await result(page).getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('products.csv.gz');
});

test('content annotations: assistant-only blocks are collapsed and labelled', async ({ page }) => {
  await openTool(page, 'get_stock_report', 'Stock report');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('for user');
  await expect(result(page)).toContainText('priority 1');
  await expect(result(page).getByText('(assistant-only, collapsed)').first()).toBeVisible();
});

test('progress drives a progressbar; Cancel stops the call', async ({ page }) => {
  await openTool(page, 'sync_inventory', 'Sync inventory');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('warehouses').fill('3');
  await form.getByLabel('delay_ms').fill('400');
  // No annotations: destructive by default, so a human confirms first.
  await callConfirmed(page);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('main').getByText(/Warehouse \d of 3 counted/)).toBeVisible();
  await expect(result(page)).toContainText('Synced 3 warehouses');

  await form.getByLabel('warehouses').fill('10');
  await form.getByLabel('delay_ms').fill('1000');
  await callConfirmed(page);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(result(page)).toContainText('Call cancelled');
});

test('drafts survive switching tools, and traffic records every exchange', async ({ page }) => {
  await openTool(page, 'search_catalog', 'Search catalog');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('keyboard');
  const tools = toolsRegion(page);
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('time');
  await tools.getByRole('button', { name: /^Current time/ }).click();
  await expect(page.getByText('This tool takes no arguments.')).toBeVisible();
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('catalog');
  await tools.getByRole('button', { name: /^Search catalog/ }).click();
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('Query')).toHaveValue('keyboard');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Mechanical keyboard');
  const traffic = await openTraffic(page);
  await expect(traffic).toContainText('server/discover');
  await expect(traffic).toContainText('tools/call search_catalog');
  await traffic.getByText('tools/call search_catalog').first().click();
  await expect(traffic).toContainText('mcp-method: tools/call');
});

test('connection failures are specific: unreachable, HTTP status, CORS', async ({ page }) => {
  await page.goto(appUrl());
  const url = page.getByRole('textbox', { name: 'Server URL' });
  await url.fill('http://127.0.0.1:9/mcp');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Could not reach');

  await url.fill(new URL('/not-mcp', appUrl()).href);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('404');

  await url.fill(noCorsUrl());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('CORS');
});

test('a server that needs authorization: 401 without a token, connected with the bearer token', async ({ page }) => {
  await page.goto(appUrl());
  await page.getByRole('textbox', { name: 'Server URL' }).fill(protectedMcpUrl());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('401');
  await expect(page.getByRole('alert')).toContainText('authorization');
  await page.getByLabel('Bearer token').fill(protectedToken());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expectConnectedWithSecretHidden(page, 'Bearer REDACTED');
});

test('a server whose pagination never ends: stops at the repeated cursor and hides a duplicate name', async ({ page }) => {
  await page.goto(deepLink(loopingMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('2025-06-18');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('alert')).toContainText('returned the cursor "loop" twice');
  await expect(tools.getByText(/^2 tools · 2 pages$/)).toBeVisible();
  await tools.getByText('1 problem in the tool list').click();
  await expect(tools).toContainText('the name "alpha" was already used on page 1');
});

test('a custom header (X-API-Key) authorizes, and its value never shows in Traffic', async ({ page }) => {
  await page.goto(appUrl());
  await page.getByRole('textbox', { name: 'Server URL' }).fill(protectedMcpUrl());
  await page.getByText(/^Custom headers/).click();
  await page.getByRole('button', { name: 'Add header' }).click();
  await page.getByLabel('Header 1 name').fill('X-API-Key');
  await page.getByLabel('Header 1 value').fill(protectedToken());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expectConnectedWithSecretHidden(page, 'x-api-key: REDACTED');
});

test("the app's code comes in a few files, and the sign-in callback page loads none of the main page's own", async ({ page }) => {
  const scripts = (target: Page) => {
    const files: string[] = [];
    target.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) files.push(pathname);
    });
    return files;
  };
  const app = scripts(page);
  await page.goto(appUrl());
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page's entry, what it imports, and the app as one chunk (thirty-odd shared chunks before:
  // a request each, and on a 2-core machine each one took CPU a deep link's walk needed).
  expect(app.length).toBeLessThanOrEqual(8);
  // What the main page's own entry brings, as its HTML names it (the shared stylesheet module aside): never the callback's.
  const html = await (await page.request.get(appUrl())).text();
  const pageOwn = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((file) => !/\/styles-/.test(file));
  expect(pageOwn.length).toBeGreaterThan(0);
  const callback = await page.context().newPage();
  const callbackFiles = scripts(callback);
  await callback.goto(`${appUrl()}oauth-callback.html?code=x&state=y`);
  await expect(callback.getByRole('status')).toContainText('does not belong to a sign-in Toolscope started');
  expect(callbackFiles.length).toBeGreaterThan(0);
  expect(callbackFiles.filter((file) => pageOwn.includes(file))).toEqual([]);
});
