// The fifth design review's acceptance lines (shared docs 17-ux-review-5.md, section 7; issue 81),
// each numbered as the review numbers it.
import { createServer } from 'node:net';
import { expect, test } from './fixtures/test.ts';
import { openFindATool, openServerDetails } from './fixtures/panes.ts';
import { startDemoServer } from '../server/testing/testServers.ts';
import { appUrl, deepLink, demoMcpUrl } from './fixtures/urls.ts';

test('1 · 390×844: a recent server’s row stacks (≤ 120 px) and its Reconnect ends above the dock', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status', { name: 'Server' })).toContainText('Toolscope demo shop');
  await page.goto(appUrl());
  const recent = page.getByRole('list', { name: 'Recent servers' });
  const row = await recent.getByRole('listitem').first().boundingBox();
  expect(row?.height).toBeLessThanOrEqual(120);
  const reconnect = await recent.getByRole('button', { name: 'Reconnect Toolscope demo shop' }).boundingBox();
  const dock = await page.getByRole('tablist', { name: 'Dock' }).boundingBox();
  expect(reconnect && dock && reconnect.y + reconnect.height).toBeLessThanOrEqual(dock?.y ?? 0);
});

test('7 · 1440×900: in the command palette, "model" + Enter shows the Model panel', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await expect(page.getByRole('heading', { level: 2, name: 'Search catalog' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('model');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Model', exact: true })).toBeVisible();
});

/** A loopback port nothing listens on (bound, then let go). */
async function silentPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

test('8 · 1440×900: the Model panel says why Ask is disabled, and with nothing listening "nothing answered" — not a CORS refusal', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl()));
  await (await openFindATool(page)).getByRole('button', { name: 'Model', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Model', exact: true });
  await panel.getByRole('textbox', { name: 'Model name' }).fill('');
  await panel.getByRole('textbox', { name: 'Ask the model' }).fill('find me a lamp');
  await expect(panel.getByRole('button', { name: 'Ask', exact: true })).toBeDisabled();
  await expect(panel).toContainText('Ask needs a model name');
  await panel.getByRole('textbox', { name: 'Base URL' }).fill(`http://127.0.0.1:${await silentPort()}/v1`);
  await panel.getByRole('textbox', { name: 'Model name' }).fill('llama3.1');
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('Nothing answered at');
  await expect(alert).not.toContainText('no CORS');
});

test('9 · 1440×900: a Load test of the demo’s search_catalog says what its tool errors say (the demo’s rate limit)', async ({ page }) => {
  // A demo of its own: the run spends the anonymous caller's 100 calls per 10 s, which the shared
  // demo's other tests must keep.
  const demo = await startDemoServer();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demo.url, 'search_catalog'));
  await page.getByRole('button', { name: `Connect to ${new URL(demo.url).origin}` }).click();
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('cable');
  const toolbar = page.getByRole('toolbar', { name: 'Request' });
  await toolbar.getByRole('button', { name: 'More for this tool' }).click();
  await toolbar.getByRole('button', { name: 'Load test', exact: true }).click();
  const region = page.getByRole('region', { name: 'Load test' });
  await region.getByRole('spinbutton', { name: 'Requests' }).fill('150');
  await region.getByRole('button', { name: 'Start' }).click();
  await expect(region.getByRole('status')).toHaveText(/^Done: 150 calls/, { timeout: 30_000 });
  await expect(region.getByRole('table', { name: 'Outcomes' })).toContainText('Rate limit reached');
  await demo.stop();
});

test('12 · 390×844, from the Tools pane: Report selects the Request pane and shows the report', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(deepLink(demoMcpUrl()));
  const panes = page.getByRole('tablist', { name: 'Panes' });
  await panes.getByRole('tab', { name: 'Tools' }).click();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Report/ })
    .click();
  await expect(panes.getByRole('tab', { name: 'Request' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Server report' })).toBeVisible({ timeout: 1000 });
});

test('2 · 1440×900: Add server keeps the demo connected — the bar says so, the URL is empty, one filled button, no Reconnect for it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl()));
  const chip = page.getByRole('banner').getByRole('status', { name: 'Server' });
  await expect(chip).toContainText('Toolscope demo shop');
  await openServerDetails(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  await expect(chip).toContainText('Connected');
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue('');
  await expect(page.locator('button.bg-blue-600:visible')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Reconnect Toolscope demo shop' })).toHaveCount(0);
});
