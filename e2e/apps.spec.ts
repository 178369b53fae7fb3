// MCP Apps against a real app server written by others (@modelcontextprotocol/server-basic-vanillajs,
// ext-apps' example, over stdio): the app renders in a frame on another origin, its own tool
// call goes through Toolscope's gate and updates it, and the host's theme reaches it.
import { expect, test, type Page } from './fixtures/test.ts';
import { appBaitMcpUrl, deepLink, demoMcpUrl, stdioAppLink, stdioBudgetLink } from './fixtures/urls.ts';
import { openDock, openMore } from './fixtures/panes.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};

const appFrame = (page: Page) => page.frameLocator('iframe[title="App: get-time"]').frameLocator('iframe[title="MCP App"]');

// Wide enough for a 760 px app frame unscaled: Playwright's geometry ignores a CSS transform on an
// ancestor frame, so it could not click inside a frame scaled to fit (a person can).
const WIDE = { width: 1920, height: 1080 };

async function openAndCall(page: Page) {
  await page.setViewportSize(WIDE);
  await page.goto(stdioAppLink().replace('?', '?tool=get-time&'));
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  // get-time has no annotations: by the spec's defaults it may be destructive, so it asks.
  await page.getByRole('dialog', { name: 'Confirm call to get-time' }).getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'App view' })).toBeVisible();
}

test('an MCP App by others renders on its own origin, calls its server through the gate, and follows the host theme', async ({ page }) => {
  await openAndCall(page);
  const app = appFrame(page);
  // The tool's result reached the app (tool-input, tool-result over the bridge).
  await expect(app.locator('body')).toContainText(/Server Time:\s*\d{4}-\d\d-\d\dT/);
  const before = await app.locator('body').innerText();

  // Isolation: under the default (reference host) profile the app runs on its server's own origin
  // on the sandbox port (<id>.localhost), with its relay (as under basic-host), never Toolscope's.
  await expect(page.getByLabel('Active host profile')).toContainText('Reference host (ext-apps basic-host)');
  const toolscopeOrigin = new URL(page.url()).origin;
  const outer = page.frames().find((frame) => /\/sandbox\.html(\?|$)/.test(frame.url()));
  const sandboxOrigin = outer && new URL(outer.url()).origin;
  expect(sandboxOrigin).not.toBe(toolscopeOrigin);
  const inner = outer?.childFrames()[0];
  expect(sandboxOrigin).toMatch(/^http:\/\/a[0-9a-z]+\.localhost:\d+$/);
  expect(await inner?.evaluate(() => window.origin)).toBe(sandboxOrigin);
  expect(
    await inner?.evaluate(() => {
      try {
        return String(window.top?.document.title);
      } catch (error) {
        return `blocked: ${(error as Error).name}`;
      }
    }),
  ).toBe('blocked: SecurityError');

  // The app's own tools/call: the same confirmation as any call, then the app shows the new result.
  await app.getByRole('button', { name: 'Get Server Time' }).click();
  const asked = page.getByRole('dialog', { name: 'Confirm call to get-time (asked by an MCP App)' });
  await expect(asked).toBeVisible();
  await page.waitForTimeout(1100); // a second later: another time
  await asked.getByRole('button', { name: 'Call tool' }).click();
  await expect.poll(async () => app.locator('body').innerText()).not.toBe(before);
  // Every bridge message is in Traffic, in its own channel.
  const traffic = await openDock(page, 'Traffic');
  await expect(traffic.getByText('ui/initialize').first()).toBeVisible();
  await expect(traffic).toContainText('APP');
  // It is a call like any other: in History, marked as the app's.
  const history = await openDock(page, 'History');
  await expect(history.getByRole('listitem').filter({ hasText: 'from app' })).toHaveCount(1);

  // Toolscope's theme reaches it (host-context-changed), and so does the container width and locale.
  await openMore(page);
  const theme = page.getByRole('combobox', { name: 'Theme', exact: true });
  await theme.selectOption('dark');
  await expect.poll(() => inner?.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
  await theme.selectOption('light');
  await expect.poll(() => inner?.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
  await page.getByRole('combobox', { name: 'Container width' }).selectOption('phone');
  await expect.poll(() => app.locator('body').evaluate(() => window.innerWidth)).toBe(375);
  // get-time declares no display mode but inline: there is nothing to choose.
  await expect(page.getByRole('combobox', { name: 'Display mode' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Locale' }).selectOption('ja-JP');
});

test('the app is rendered at the chosen width — 760 px at 1440 and at 390, scaled to fit, the scale said', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(appBaitMcpUrl(), 'show_panel'));
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  const app = page.frameLocator('iframe[title="App: show_panel"]').frameLocator('iframe[title="MCP App"]');
  await expect(app.locator('#status')).toContainText('Panel: 3 rows.');
  // The policy it runs under, for review: the one origin it declared, and the spec's fixed parts.
  await expect(page.getByText('Policy applied · reaches 2 external origins it declared')).toBeVisible();
  await expect(page.getByLabel('Applied CSP')).toContainText(/connect-src[^;]*https:\/\/declared\.example/);
  await expect(page.getByLabel('Applied CSP')).toContainText("object-src 'none'");
  await expect(page.getByRole('combobox', { name: 'Container width' })).toHaveValue('desktop');
  await expect.poll(() => app.locator('body').evaluate(() => window.innerWidth)).toBe(760);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Response' }).click();
  await expect.poll(() => app.locator('body').evaluate(() => window.innerWidth)).toBe(760);
  await expect(page.getByRole('region', { name: 'App view' })).toContainText(/Rendered at 760 px, shown at \d+ % to fit this pane/);
  // The app declares only inline: there is no display mode to choose.
  await expect(page.getByRole('combobox', { name: 'Display mode' })).toHaveCount(0);
});

test('an app’s request to open a link is shown first and opens only when the person says so', async ({ page }) => {
  await openAndCall(page);
  const app = appFrame(page);
  await expect(app.locator('body')).toContainText('Server Time');
  await app.getByRole('button', { name: 'Open Link' }).click();
  const question = page.getByRole('alertdialog', { name: 'The app wants to open a link' });
  await expect(question).toContainText(/https?:\/\//);
  await question.getByRole('button', { name: 'Don’t open' }).click();
  await expect(question).toHaveCount(0);
  await page.getByText(/^App events/).click();
  await expect(page.getByRole('list', { name: 'App events' })).toContainText('not opened');
});

test('an app cannot call a model-only tool, reach an undeclared origin or Toolscope’s page; its destructive call asks', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await page.goto(deepLink(appBaitMcpUrl(), 'show_panel'));
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  const app = page.frameLocator('iframe[title="App: show_panel"]').frameLocator('iframe[title="MCP App"]');
  await expect(app.locator('#status')).toContainText('Panel: 3 rows.');
  const out = app.locator('#out');

  await app.getByRole('button', { name: 'Call the model-only tool' }).click();
  await expect(out).toContainText('without \\"app\\"');
  await expect(out).not.toContainText('secret');
  await expect(page.getByRole('region', { name: 'App view' })).toContainText(/model_only: Refused/);

  await app.getByRole('button', { name: 'Fetch an undeclared origin' }).click();
  await expect(out).toHaveText('fetch blocked');
  await expect(page.getByRole('region', { name: 'CSP violations' }).getByRole('listitem')).toContainText(
    'connect-src https://undeclared.example/data — not declared',
  );
  // Counted, with what the resource would declare to allow it; and the pill is no plain green "Success".
  await expect(page.getByRole('region', { name: 'App view' })).toContainText('CSP · 1 blocked');
  const snippet = page.getByRole('region', { name: 'App view' }).getByLabel('CSP to declare');
  await expect(snippet).toContainText('"connectDomains"');
  const declared = JSON.parse((await snippet.textContent()) ?? '{}') as { _meta: { ui: { csp: { connectDomains: string[] } } } };
  expect(declared._meta.ui.csp.connectDomains).toContain('https://undeclared.example');
  await expect(page.getByRole('region', { name: 'Result' }).getByRole('status', { name: 'Outcome' })).toHaveText(
    /^Success · app: 1 load blocked/,
  );

  await app.getByRole('button', { name: 'Reach Toolscope' }).click();
  await expect(out).toContainText('top: SecurityError');

  await app.getByRole('button', { name: 'Call the destructive tool' }).click();
  const asked = page.getByRole('dialog', { name: 'Confirm call to wipe_panel (asked by an MCP App)' });
  await expect(asked).toContainText('"confirm": true');
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(out).toContainText('The person declined this call.');

  // A file the app wants saved: asked first, with its name, type and size; nothing saved on "Don't".
  await app.getByRole('button', { name: 'Download a file' }).click();
  const save = page.getByRole('alertdialog', { name: 'The app wants to download a file' });
  await expect(save).toContainText('panel-export.csv · text/csv · 22 bytes');
  await save.getByRole('button', { name: "Don't download" }).click();
  await expect(out).toContainText('"isError":true');
  await app.getByRole('button', { name: 'Download a file' }).click();
  const download = page.waitForEvent('download');
  await save.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('panel-export.csv');
  await expect(out).toHaveText('{}');

  // The strict profile (the spec's minimum): the same app gets an opaque origin.
  await page.getByRole('combobox', { name: 'Host profile' }).selectOption('strict');
  await expect(page.getByLabel('Active host profile')).toContainText('Strict');
  await expect(app.locator('#status')).toContainText('Panel: 3 rows.');
  await app.getByRole('button', { name: 'Reach Toolscope' }).click();
  await expect(out).toHaveText('top: SecurityError | cookie: SecurityError | storage: SecurityError');
  // Closed: the app is torn down.
  await page.getByRole('button', { name: 'Close app' }).click();
  await expect(page.locator('iframe[title="App: show_panel"]')).toBeHidden();
  await page.getByRole('button', { name: 'Show app again' }).click();
  await expect(app.locator('#status')).toContainText('Panel: 3 rows.');
  await page.getByRole('combobox', { name: 'Host profile' }).selectOption('reference');
});

test('under the default profile an app reaches no network through its relay, nor another server’s app storage, Toolscope’s cookies or a loopback MCP server', async ({
  page,
  context,
}) => {
  await page.setViewportSize(WIDE);
  // Another server's app (the demo's product browser), under the same Toolscope, keeps a value.
  await page.goto(deepLink(demoMcpUrl(), 'browse_products'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('audio');
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  await expect(
    page.frameLocator('iframe[title="App: browse_products"]').frameLocator('iframe[title="MCP App"]').getByRole('status'),
  ).toContainText('products matching');
  const demoApp = page
    .frames()
    .find((frame) => frame.url().includes('/sandbox.html'))
    ?.childFrames()[0];
  // (On another site than Toolscope's page, its storage may be refused outright, as a browser
  // that blocks third-party storage does; then there is nothing to share either.)
  await demoApp?.evaluate(() => {
    try {
      localStorage.setItem('probe', 'the demo app');
    } catch {
      // refused: nothing kept
    }
  });
  const demoOrigin = await demoApp?.evaluate(() => window.origin);
  // Toolscope's own origin holds a cookie.
  const toolscope = new URL(page.url()).origin;
  await context.addCookies([{ name: 'toolscope_probe', value: 'page', url: toolscope }]);

  await page.goto(deepLink(appBaitMcpUrl(), 'show_panel'));
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  const app = page.frameLocator('iframe[title="App: show_panel"]').frameLocator('iframe[title="MCP App"]');
  await expect(app.locator('#status')).toContainText('Panel: 3 rows.');
  await expect(page.getByLabel('Active host profile')).toContainText('Reference host');
  const baitApp = page
    .frames()
    .find((frame) => frame.url().includes('/sandbox.html'))
    ?.childFrames()[0];
  expect(await baitApp?.evaluate(() => window.origin)).not.toBe(demoOrigin);
  // The app declares http://127.0.0.1:* and tries Toolscope's own demo /mcp.
  await app.getByLabel('Loopback target').fill(demoMcpUrl());
  await app.getByRole('button', { name: 'Try the sandbox' }).click();
  // Before: the relay (which the app can reach, as under basic-host) was on 127.0.0.1 with every
  // loopback port in its policy, so the app's fetch through it reached the demo's /mcp (200), and
  // the demo app's storage and Toolscope's cookie were the app's own. Now the relay has no network.
  await expect(app.locator('#out')).toHaveText(
    /^relay: TypeError \| top: SecurityError \| storage(: SecurityError| none) \| cookie none \| loopback 403$/,
  );
  // The cookie it set is its own origin's, not Toolscope's.
  expect((await context.cookies(toolscope)).map((cookie) => cookie.name)).toEqual(['toolscope_probe']);
});

test('a second MCP App by others (the budget allocator) renders its data and hears the theme change', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(stdioBudgetLink().replace('?', '?tool=get-budget-data&'));
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  await page.getByRole('dialog', { name: 'Confirm call to get-budget-data' }).getByRole('button', { name: 'Call tool' }).click();
  const app = page.frameLocator('iframe[title="App: get-budget-data"]').frameLocator('iframe[title="MCP App"]');
  await expect(app.locator('body')).toContainText('Budget Allocator');
  await expect(app.locator('body')).toContainText(/Allocated: \$[\d,]+/);
  // A tool without arguments: “Focus app” is on, the request folds to a strip, and the app is shown
  // at ≥ 95 % of the width it is rendered at (the frame's on-screen width over its own).
  await expect(page.getByRole('switch', { name: 'Focus app' })).toBeChecked();
  await expect(page.getByRole('form', { name: 'Arguments' })).toBeHidden();
  const frame = page.locator('iframe[title="App: get-budget-data"]');
  const shownAt = async () =>
    ((await frame.boundingBox())?.width ?? 0) / (await frame.evaluate((element) => (element as HTMLIFrameElement).offsetWidth));
  expect(await shownAt()).toBeGreaterThanOrEqual(0.95);
  await shot(page, 'app-focus-1440');
  await page.getByRole('switch', { name: 'Focus app' }).uncheck();
  await expect(page.getByRole('form', { name: 'Arguments' })).toBeVisible();
  await page.getByRole('switch', { name: 'Focus app' }).check();
  await openMore(page);
  await page.getByRole('combobox', { name: 'Theme', exact: true }).selectOption('dark');
  // This app styles itself from the host context it is sent (no data-theme of its own): the change is sent.
  const traffic = await openDock(page, 'Traffic');
  await expect(traffic.getByText('ui/notifications/host-context-changed').first()).toBeVisible();
  await expect(app.locator('body')).toContainText('Budget Allocator');
});

test('app-provided tools: the budget allocator registers five, one is called from the form through the gate (in Traffic), and refused after teardown', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(stdioBudgetLink().replace('?', '?tool=get-budget-data&'));
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  await page.getByRole('dialog', { name: 'Confirm call to get-budget-data' }).getByRole('button', { name: 'Call tool' }).click();
  const app = page.frameLocator('iframe[title="App: get-budget-data"]').frameLocator('iframe[title="MCP App"]');
  await expect(app.locator('body')).toContainText(/Allocated: \$[\d,]+/);
  // Flexible height (SEP-1865 "Container Dimensions"): the frame follows the app's size-changed.
  const appHeight = () => app.locator('html').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
  // The frame's own CSS height (before the fit-to-pane scale) is the height the app reported.
  const frameHeight = () =>
    page.locator('iframe[title="App: get-budget-data"]').evaluate((frame) => parseFloat((frame as HTMLIFrameElement).style.height));
  await expect.poll(async () => Math.abs((await frameHeight()) - (await appHeight()))).toBeLessThanOrEqual(4);
  expect(await frameHeight()).not.toBe(360);
  const list = page.getByRole('list', { name: 'Tools from app' });
  for (const name of ['get-allocations', 'set-allocation', 'set-total-budget', 'set-company-stage', 'get-benchmark-comparison'])
    await expect(list.getByRole('button', { name: `Open ${name}` })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await list.getByRole('button', { name: 'Open get-allocations' }).click();
  await list.getByRole('button', { name: 'Call app tool' }).click();
  const asked = page.getByRole('dialog', { name: 'Confirm call to get-allocations (a tool of the app)' });
  if (await asked.isVisible({ timeout: 1500 }).catch(() => false)) await asked.getByRole('button', { name: 'Call tool' }).click();
  // The app's own answer: its allocations, as the app holds them.
  const answer = page.getByLabel('Answer of get-allocations');
  await expect(answer).toContainText('"content"');
  await expect(answer).toContainText(/[Mm]arketing|[Ee]ngineering/);
  const traffic = await openDock(page, 'Traffic');
  await expect(traffic.getByText('tools/call').first()).toBeVisible();
  await expect(traffic.getByText(/get-allocations/).first()).toBeVisible();
  // Torn down: the app's tools went with it, and a call is refused, not sent.
  await page.getByRole('button', { name: 'Close app' }).click();
  // The host told the app before it went (SEP-1865: ui/resource-teardown, answered).
  await expect(traffic.getByText('ui/resource-teardown').first()).toBeVisible();
  await list.getByRole('button', { name: 'Call app tool' }).click();
  await expect(answer).toHaveText(/^Refused: the app was torn down/);
});

test('the App resources view lists the ui:// resources the tools name and previews one without a call', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(stdioAppLink());
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('App resources');
  await palette.getByRole('combobox').press('Enter');
  const view = page.getByRole('region', { name: 'App resources' });
  await expect(view).toContainText('ui://get-time/mcp-app.html');
  await view.getByRole('button', { name: 'Preview ui://get-time/mcp-app.html' }).click();
  const app = page.frameLocator('iframe[title="App: get-time"]').frameLocator('iframe[title="MCP App"]');
  await expect(app.getByRole('button', { name: 'Get Server Time' })).toBeVisible();
  // No call was made to show it.
  await openDock(page, 'History');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(0);
});

test('an MCP App on the 2026-07-28 wire (the demo’s product browser) renders, searches through its own call, and follows the theme', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await page.goto(deepLink(demoMcpUrl(), 'browse_products'));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('2026-07-28');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('audio');
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  const app = page.frameLocator('iframe[title="App: browse_products"]').frameLocator('iframe[title="MCP App"]');
  await expect(app.getByRole('status')).toContainText(/^\d+ of \d+ products matching "audio"\.$/);
  await expect(app.getByRole('textbox', { name: 'Search products' })).toHaveValue('audio');

  // The app's own tools/call (search_catalog is read-only: no question) goes through Toolscope's
  // connection on this wire and comes back into the app.
  await app.getByRole('textbox', { name: 'Search products' }).fill('cable');
  await app.getByRole('button', { name: 'Search' }).click();
  await expect(app.getByRole('status')).toHaveText('3 of 3 products matching "cable".');
  await expect(app.getByRole('row')).toHaveCount(4);
  const history = await openDock(page, 'History');
  await expect(history.getByRole('listitem').filter({ hasText: 'from app' })).toContainText('search_catalog');

  const inner = page
    .frames()
    .find((frame) => frame.url().includes('/sandbox.html'))
    ?.childFrames()[0];
  await openMore(page);
  const theme = page.getByRole('combobox', { name: 'Theme', exact: true });
  await theme.selectOption('dark');
  await expect.poll(() => inner?.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
  await theme.selectOption('light');
  await expect.poll(() => inner?.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
  await expect(page.getByRole('region', { name: 'CSP violations' })).toHaveCount(0);
});
