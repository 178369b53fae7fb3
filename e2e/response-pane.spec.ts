// The workspace, second step: the response pane owns the call (one outcome pill, progress and
// Cancel where the result appears), actions beside the result, one toast per copy.
import { expect, test, type Page } from './fixtures/test.ts';
import { pageErrors } from './fixtures/console.ts';
import { coveredTopBarControls } from './fixtures/layout.ts';
import { openTraffic, openServerDetails, openMore } from './fixtures/panes.ts';
import { appUrl, deepLink, demoMcpUrl, lintBaitMcpUrl } from './fixtures/urls.ts';
import { startDemoServer, type RunningServer } from '../server/testing/testServers.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
/** How colourful a computed colour is, on CIELAB's chroma scale (grey slate ≈ 15, amber or red > 40). */
function chroma(colour: string): number {
  const lab = /lab\(\s*[\d.]+%?\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(colour);
  if (lab?.[1] && lab[2]) return Math.hypot(Number(lab[1]), Number(lab[2]));
  const oklch = /oklch\(\s*[\d.]+%?\s+([\d.]+)/.exec(colour);
  if (oklch?.[1]) return Number(oklch[1]) * 150;
  throw new Error(`not a lab or oklch colour: ${colour}`);
}
const outcome = (page: Page) => result(page).getByRole('status', { name: 'Outcome' });

test('a long call: Running with progress and Cancel in the response pane within 1 s; Esc → a grey “Cancelled”, “Failed” nowhere', async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'compile_annual_report'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('interval_ms').fill('200');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const started = Date.now();
  await expect(outcome(page)).toHaveText(/^Running/, { timeout: 1000 });
  await expect(result(page).getByRole('progressbar')).toBeVisible({ timeout: 1000 });
  await expect(result(page).getByRole('button', { name: 'Cancel' })).toBeVisible({ timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(1500);
  await expect(result(page)).toContainText(/\d+ of \d+/); // the server's progress
  await shot(page, 'w2-running');
  await page.keyboard.press('Escape');
  await expect(outcome(page)).toHaveText(/^Cancelled/);
  const pill = outcome(page).locator('span').first();
  // Grey (slate), not red.
  expect(chroma(await pill.evaluate((element) => getComputedStyle(element).color))).toBeLessThan(25);
  await expect(page.getByText(/failed/i)).toHaveCount(0);
  const traffic = await openTraffic(page);
  await expect(traffic.getByRole('heading', { level: 2 })).not.toContainText('failed');
  expect(errors).toEqual([]);

  // The palette cancels too, and copies the last call as curl.
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Running/, { timeout: 1000 });
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command' }).fill('cancel');
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first()).toContainText('Cancel the running call');
  await page.keyboard.press('Enter');
  await expect(outcome(page)).toHaveText(/^Cancelled/);
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command' }).fill('curl');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Notification' }).getByLabel('Copied text')).toContainText('compile_annual_report');
});

test('a tool error is an amber “Tool error”, a protocol error a red “Protocol error −32602”, and success is green', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'lookup_legacy_price'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').fill('prd_nope');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Tool error/);
  const tone = async () =>
    outcome(page)
      .locator('span')
      .first()
      .evaluate((element) => getComputedStyle(element).color);
  const amber = await tone();

  // Sent anyway with an argument the schema forbids: the server answers -32602.
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments JSON' }).fill('{"query": "usb", "limit": 500}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Not sent/);
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(outcome(page)).toHaveText(/^Protocol error -32602/);
  const red = await tone();
  expect(red).not.toBe(amber);
  expect(chroma(amber)).toBeGreaterThan(30);
  expect(chroma(red)).toBeGreaterThan(30);

  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Success · [\d.]+ (ms|s) · [\d.]+ (B|KB)/);
});

test('after a first call Copy as curl takes two clicks and one toast; after a second, Compare with previous shows the diff in the pane', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Success/);
  await expect(result(page).getByRole('button', { name: 'Compare with previous' })).toBeDisabled();

  await result(page).getByRole('button', { name: 'Copy as' }).click();
  await result(page).getByRole('menuitem', { name: 'curl' }).click();
  const toast = page.getByRole('status', { name: 'Notification' });
  await expect(toast).toContainText('curl copied');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await toast.getByLabel('Copied text').textContent()).toContain('search_catalog');
  // The tool header's Copy link: the tool with the arguments as they are now.
  await page.getByRole('button', { name: 'More for this tool' }).click();
  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect(toast).toContainText('Link copied');
  expect(await toast.getByLabel('Copied text').textContent()).toContain('tool=search_catalog');

  await form.getByLabel('query').fill('keyboard');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Success/);
  await result(page).getByRole('button', { name: 'Compare with previous' }).click();
  const comparison = result(page).getByRole('region', { name: 'Comparison' });
  await expect(comparison).toBeVisible();
  await expect(comparison).toContainText('structuredContent');
  await shot(page, 'w2-compare');
  await result(page).getByRole('tab', { name: 'This result' }).click();
  await expect(result(page)).toContainText('keyboard');
});

/** The top bar's height now (it must not grow when something in it opens). */
const topBarHeight = async (page: Page) => (await page.getByRole('banner').boundingBox())?.height ?? 0;

test('the first open offers the demo in one click and lists recent servers; the top bar keeps 44 px whatever opens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(appUrl());
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Open an MCP server' })).toBeVisible();
  await shot(page, 'w2-start');

  await page.getByText(/^Custom headers/).click();
  expect(Math.abs((await topBarHeight(page)) - 44)).toBeLessThanOrEqual(4);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Try the demo server' }).click();
  const status = page.getByRole('banner').getByRole('status');
  await expect(status).toContainText('Connected to');
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveCount(0);

  for (const open of [() => openServerDetails(page), () => openMore(page)]) {
    await open();
    expect(Math.abs((await topBarHeight(page)) - 44)).toBeLessThanOrEqual(4);
    await page.keyboard.press('Escape');
  }
  await shot(page, 'w2-topbar-1280');
  expect(await coveredTopBarControls(page)).toEqual([]);
  await openServerDetails(page);
  await page.getByRole('banner').getByRole('button', { name: 'Diagnose' }).click();
  const doctor = page.getByRole('dialog', { name: /^Connection doctor/ });
  await expect(doctor.getByRole('region', { name: 'Connection doctor' })).toContainText('server/discover');
  expect(Math.abs((await topBarHeight(page)) - 44)).toBeLessThanOrEqual(4);
  await doctor.getByRole('button', { name: 'Close' }).click();

  // Another server, then back at the start screen: both are listed under Recent servers, newest
  // first, by the names they gave, with the one filled button on the page to reopen the last.
  await page.goto(deepLink(lintBaitMcpUrl()));
  await expect(status).toContainText('Connected to');
  await page.goto(appUrl());
  const recent = page.getByRole('list', { name: 'Recent servers' });
  await expect(recent.getByRole('listitem')).toHaveCount(2);
  await expect(recent.getByRole('listitem').first()).toContainText(lintBaitMcpUrl());
  await expect(recent).toContainText('just now');
  await expect(recent.getByRole('listitem').nth(1)).toContainText('Toolscope demo shop · 2026-07-28');
  const reconnect = recent
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Reconnect / });
  await expect(reconnect).toHaveClass(/bg-blue-600/);
  await reconnect.click();
  await expect(status).toContainText('Connected to');
});

test('a returning user: after Disconnect, “Recent servers” → one click → the server open on the tool last used', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await expect(page.getByRole('heading', { level: 2, name: 'Search catalog' })).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const recent = page.getByRole('list', { name: 'Recent servers' });
  await expect(recent.getByRole('listitem').first()).toContainText('Toolscope demo shop');
  await expect(recent.getByRole('listitem').first()).toContainText('opens search_catalog');
  // Across a reload too (the list and its tool are this browser's, nothing of the server but its name).
  await page.goto(appUrl());
  await recent.getByRole('button', { name: 'Reconnect Toolscope demo shop' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Search catalog' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');
  // One filled button in the start screen's body: the server used last.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('main').locator('button.bg-blue-600')).toHaveCount(1);
});

test('a server that stops answering: “Unreachable” with Retry and Diagnose within 2 s; Retry reconnects once it is back', async ({
  page,
}) => {
  const first = await startDemoServer();
  const port = Number(new URL(first.url).port);
  let second: RunningServer | undefined;
  try {
    await page.goto(deepLink(first.url, 'search_catalog'));
    // A server this browser never used: the link asks first.
    await page.getByRole('button', { name: `Connect to ${new URL(first.url).origin}` }).click();
    const status = page.getByRole('banner').getByRole('status');
    await expect(status).toContainText('Connected to');
    await first.stop();
    await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('cable');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(status).toContainText('Unreachable', { timeout: 2000 });
    await expect(outcome(page)).toHaveText(/^Unreachable/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Diagnose' })).toBeVisible();
    await shot(page, 'w2-unreachable');

    second = await startDemoServer({ port });
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect(status).toContainText('Connected to');
    await expect(status).not.toContainText('Unreachable');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(outcome(page)).toHaveText(/^Success/);
  } finally {
    await second?.stop();
  }
});

/** Whether the element is inside the viewport without scrolling anything. */
const inView = async (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.top >= 0 && box.bottom <= window.innerHeight && (hit === element || element.contains(hit));
  });

test('the request toolbar: Call tool in sight at 1280×720 (long forms, invalid JSON, the dock open); Form | JSON filled when active', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const tool of ['add_item', 'preview_order']) {
    await page.goto(deepLink(demoMcpUrl(), tool));
    await expect(page.getByRole('form', { name: 'Arguments' })).toBeVisible();
    expect(await inView(page, 'Call tool'), tool).toBe(true);
  }
  await shot(page, 'w2-toolbar-1280');
  // The dock open at its default height.
  await openTraffic(page);
  expect(await inView(page, 'Call tool'), 'with the dock open').toBe(true);
  await page.getByRole('button', { name: 'Hide ▾' }).click();

  // One switch (one control, one tab stop) between Form and JSON: the end in use is marked.
  const json = page.getByRole('switch', { name: 'Edit as JSON' });
  const colour = (side: 'form' | 'json') => page.locator(`[data-side="${side}"]`).evaluate((element) => getComputedStyle(element).color);
  await expect(json).not.toBeChecked();
  const unmarked = await colour('json');
  expect(await colour('form')).not.toBe(unmarked);
  await json.click();
  await expect(json).toBeChecked();
  expect(await colour('json')).not.toBe(unmarked);
  expect(await colour('form')).toBe(unmarked);
  await page.getByRole('textbox', { name: 'Arguments JSON' }).fill('{"basket_id": ');
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing is sent until it parses' })).toBeVisible();
  expect(await inView(page, 'Call tool'), 'invalid JSON mode').toBe(true);
});

test('the keyboard path: deep link, Ctrl+K “search” Enter lands in the first empty required field; “usb”, Ctrl+Enter gives a result', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(deepLink(demoMcpUrl()));
  // The palette lists the tools the page has listed so far.
  await expect(page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: /^Search catalog/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('search');
  await page.keyboard.press('Enter');
  const query = page.getByRole('form', { name: 'Arguments' }).getByLabel('query');
  await expect(query).toBeFocused();
  await page.keyboard.type('usb');
  await page.keyboard.press('Control+Enter');
  await expect(outcome(page)).toHaveText(/^Success/);
  await expect(result(page)).toContainText('USB');

  // Ctrl+Enter with the focus outside any field (on a result's button) calls too; in the tool search it does not.
  await result(page).getByRole('button', { name: 'Copy as' }).focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('list', { name: 'Runs' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search tools' }).focus();
  await page.keyboard.press('Control+Enter');
  await page.waitForTimeout(300);
  await expect(page.getByRole('list', { name: 'Runs' }).getByRole('listitem')).toHaveCount(2);

  // Search: Enter opens the first match with its first required field focused.
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('add item');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('basket_id')).toBeFocused();
});

test('a handle returned before a reload is still offered, from History, with its age', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'create_basket'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Success/);
  await expect(result(page)).toContainText('bsk_');
  const id = /bsk_[\w-]+/.exec((await result(page).textContent()) ?? '')?.[0];
  expect(id).toBeDefined();
  await page.goto(deepLink(demoMcpUrl(), 'add_item'));
  const offers = page.getByRole('group', { name: 'Values from earlier calls' });
  const offer = offers.getByRole('button', { name: `Use basket_id = "${id}"` });
  await expect(offer).toBeVisible();
  await expect(offers).toContainText('(History)');
  await offer.click();
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('basket_id')).toHaveValue(id ?? '');
});

test('dark mode: the JSON editor’s strings, numbers, names and literals read at ≥ 4.5:1', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await openMore(page);
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await page.keyboard.press('Escape');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('usb');
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments JSON' }).fill('{"query": "usb", "limit": 5, "flag": true}');
  await shot(page, 'w2-json-dark');
  const ratios = await page.getByRole('textbox', { name: 'Arguments JSON' }).evaluate((content) => {
    // Any CSS colour → sRGB through a canvas pixel (computed colours may be lab() or oklch()).
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const rgb = (colour: string) => {
      if (!context) throw new Error('no canvas');
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = rgb(colour).map((channel) => {
        const value = channel / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let background = 'rgb(0, 0, 0)';
    for (let node: Element | null = content; node; node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host ?? null) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = colour;
        break;
      }
    }
    const back = luminance(background);
    return [...content.querySelectorAll('span')].map((span) => {
      const fore = luminance(getComputedStyle(span).color);
      return { text: span.textContent, ratio: (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05) };
    });
  });
  expect(ratios.length).toBeGreaterThanOrEqual(4);
  for (const { text, ratio } of ratios) expect(ratio, `${text}`).toBeGreaterThanOrEqual(4.5);
});
