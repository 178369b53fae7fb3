// The fifth design review's acceptance lines (shared docs 17-ux-review-5.md, section 7; issue 81),
// each numbered as the review numbers it.
import { createServer } from 'node:net';
import { expect, test } from './fixtures/test.ts';
import { seriousViolations } from './fixtures/axe.ts';
import type { Page } from '@playwright/test';
import { addServer, openDock, openFindATool, openReport, openServerDetails, openServersList } from './fixtures/panes.ts';
import { startDemoServer } from '../server/testing/testServers.ts';
import { appUrl, deepLink, demoMcpUrl, everythingMcpUrl, stdioEverythingLink } from './fixtures/urls.ts';

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

/** The demo's search_catalog called with "cable": a tool and its result on screen. */
async function toolWithResult(page: Page) {
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Success');
}

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
  // Start is outlined: Call tool stays the screen's one filled button.
  await expect(page.locator('button.bg-blue-600:visible')).toHaveCount(1);
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
  // A dialog over the workspace (never the start screen); the page behind it is inert.
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await expect(chip).toContainText('Connected');
  await expect(dialog.getByRole('textbox', { name: 'Server URL' })).toHaveValue('');
  await expect(dialog.locator('button.bg-blue-600:visible')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Open an MCP server' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reconnect Toolscope demo shop' })).toHaveCount(0);
});

/** Elements the Tab key stops at (visible, not disabled, not taken out of the order). */
const tabStops = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')].filter(
        (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled && element.checkVisibility(),
      ).length,
  );

/** The demo's screen once everything it loads has arrived (the report's score, the list's Reload, the tabs' counts): tab stops counted then. */
async function demoSettled(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: /^Report \d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload tool list' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: /^Resources/ })).toHaveText(/^Resources \d+$/);
  await expect(page.getByRole('region', { name: 'Server overview' }).getByRole('button', { name: /^Open / })).toBeVisible();
}

test('3 · 1440×900, demo + server-everything: the second server lives in the chip — 2 servers, ≤ 2 more tab stops, the sidebar high', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl()));
  const chip = page.getByRole('banner').getByRole('status', { name: 'Server' });
  await demoSettled(page);
  const alone = await tabStops(page);
  await addServer(page, everythingMcpUrl());
  await expect(chip).toContainText('Everything Reference Server');
  await expect(chip).toContainText('2 servers');
  // Back on the demo: the same screen as before, with the second server in the chip only.
  await (await openServersList(page)).getByRole('button', { name: 'Open Toolscope demo shop' }).click();
  await expect(chip).toContainText('Toolscope demo shop');
  await demoSettled(page);
  expect(await tabStops(page)).toBeLessThanOrEqual(alone + 2);
  const sidebar = await page.getByRole('tablist', { name: 'Sidebar' }).boundingBox();
  expect(sidebar?.y).toBeLessThanOrEqual(140);
  await expect((await openServersList(page)).getByRole('listitem', { name: /./ })).toHaveCount(2);
});

test('4 · 1440×900, server-everything: the tabs count (Prompts 4), and every prompt and resource row is one line (≤ 40 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(everythingMcpUrl()));
  const tabs = page.getByRole('tablist', { name: 'Sidebar' });
  await expect(tabs.getByRole('tab', { name: /^Prompts/ })).toHaveText('Prompts 4');
  await expect(tabs.getByRole('tab', { name: /^Resources/ })).toHaveText('Resources 9');
  await tabs.getByRole('tab', { name: /^Prompts/ }).click();
  const rows = async (name: string) => {
    const items = page.getByRole('list', { name }).getByRole('listitem');
    await expect(items.first()).toBeVisible();
    return Promise.all((await items.all()).map(async (item) => (await item.boundingBox())?.height ?? 0));
  };
  const prompts = await rows('Prompt list');
  expect(prompts).toHaveLength(4);
  expect(Math.max(...prompts)).toBeLessThanOrEqual(40);
  await tabs.getByRole('tab', { name: /^Resources/ }).click();
  const resources = await rows('Resource list');
  expect(resources).toHaveLength(7);
  expect(Math.max(...resources)).toBeLessThanOrEqual(40);
});

test('5 · 1440×900: a prompt get and a resource read each end in Outcome (Success · N ms) and in History', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(everythingMcpUrl()));
  const tabs = page.getByRole('tablist', { name: 'Sidebar' });
  await tabs.getByRole('tab', { name: /^Prompts/ }).click();
  await page
    .getByRole('list', { name: 'Prompt list' })
    .getByRole('button', { name: /^Arguments Prompt/ })
    .click();
  const prompt = page.getByRole('region', { name: 'Prompt: args-prompt' });
  await prompt.getByLabel(/^city/).fill('Lisbon');
  await prompt.getByRole('toolbar', { name: 'Request' }).getByRole('button', { name: 'Get prompt' }).click();
  await expect(prompt.getByRole('status', { name: 'Outcome' })).toHaveText(/^Success · \d+ ms · \d+ B$/);
  const history = page.getByRole('tablist', { name: 'Dock' }).getByRole('tab', { name: /^History/ });
  await expect(history).toHaveAccessibleName('History 1');
  await tabs.getByRole('tab', { name: /^Resources/ }).click();
  await page
    .getByRole('list', { name: 'Resource templates' })
    .getByRole('button', { name: /^Dynamic Text Resource/ })
    .click();
  const template = page.getByRole('region', { name: 'Resource template: Dynamic Text Resource' });
  await template.getByLabel(/^resourceId/).fill('3');
  await template.getByRole('toolbar', { name: 'Request' }).getByRole('button', { name: 'Read resource' }).click();
  await expect(template.getByRole('status', { name: 'Outcome' })).toHaveText(/^Success · \d+ ms · \d+ B$/);
  await expect(history).toHaveAccessibleName('History 2');
  // History replays the read: the resource opens and is read again.
  const panel = await openDock(page, 'History');
  await expect(panel.getByRole('listitem').filter({ hasText: 'demo://resource/dynamic/text/3' })).toContainText('read');
});

test('6 · 1440×900: Call tool, Get prompt and Read resource sit in toolbar "Request" at the same place', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const centre = async (name: string) => {
    const button = page.getByRole('toolbar', { name: 'Request' }).getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    return box ? box.x + box.width / 2 : Number.NaN;
  };
  await page.goto(deepLink(everythingMcpUrl(), 'echo'));
  const call = await centre('Call tool');
  const tabs = page.getByRole('tablist', { name: 'Sidebar' });
  await tabs.getByRole('tab', { name: /^Prompts/ }).click();
  await page
    .getByRole('list', { name: 'Prompt list' })
    .getByRole('button', { name: /^Arguments Prompt/ })
    .click();
  const get = await centre('Get prompt');
  await tabs.getByRole('tab', { name: /^Resources/ }).click();
  await page
    .getByRole('list', { name: 'Resource templates' })
    .getByRole('button', { name: /^Dynamic Text Resource/ })
    .click();
  const read = await centre('Read resource');
  const centres = [call, get, read];
  expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(8);
});

test('10 · 1440×900: the overview counts prompts and resources, each a link; the report’s tabs sit high', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(everythingMcpUrl()));
  const overview = page.getByRole('region', { name: 'Server overview' });
  await expect(overview).toContainText('4 prompts');
  await expect(overview).toContainText('7 resources');
  await overview.getByRole('button', { name: '4 prompts' }).click();
  await expect(page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: /^Prompts/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  for (const [width, height, top] of [
    [1440, 900, 220],
    [390, 844, 450],
  ] as const) {
    await page.setViewportSize({ width, height });
    const report = await openReport(page);
    const tabs = await report.getByRole('tablist', { name: 'Report view' }).boundingBox();
    expect(tabs?.y).toBeLessThanOrEqual(top);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Report/ })
      .click();
  }
});

test('11 · 1440×900, stdio server-everything: one "Server details", holding Restart server, Add server and Diagnose', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(stdioEverythingLink());
  await expect(page.getByRole('banner').getByRole('status', { name: 'Server' })).toContainText('Everything Reference Server');
  const details = page.getByRole('banner').getByRole('group', { name: 'Server details' });
  await expect(details).toHaveCount(1);
  await openServerDetails(page);
  for (const name of ['Restart server', 'Add server', 'Diagnose'])
    await expect(details.getByRole('button', { name, exact: true })).toBeVisible();
});

test('15 · 1440×900, a tool and its result: no control under 24 px, a disabled Compare says why, no URL box while connected', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await toolWithResult(page);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, [role="tab"], [role="switch"]')]
      .filter((element) => element.checkVisibility() && !element.closest('p, li > span'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 23.5 || box.height < 23.5))
      .map(
        ({ element, box }) =>
          `${(element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim().slice(0, 30)} ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
  expect(small).toEqual([]);
  const compare = page.getByRole('button', { name: 'Compare with previous' });
  await expect(compare).toBeDisabled();
  expect(Number(await compare.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThanOrEqual(0.6);
  await expect(page.getByText('no earlier call', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveCount(0);
});

test('13 · 390×844, browse_products: the app at phone width with Focus app, shown at ≥ 95 %', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(deepLink(demoMcpUrl(), 'browse_products'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  const app = page.getByRole('region', { name: 'App view' });
  await expect(app.getByRole('combobox', { name: 'Container width' }).locator('option:checked')).toHaveText('phone 375');
  await expect(app.getByRole('switch', { name: 'Focus app' })).toBeChecked();
  await expect(app).toContainText(/shown at \d+ %/);
  const shown = Number(/shown at (\d+) %/.exec((await app.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThanOrEqual(95);
  // In focus the app has the pane: the result's text steps aside, said so, one click away.
  await expect(page.getByText('Focus app is on: the result’s text and the earlier runs are hidden.')).toBeVisible();
});

/** Every click target on screen — each tab, chip and popover trigger — but the tool rows and the JSON tree's rows; and the filled ones. */
const clickTargets = (page: Page) =>
  page.evaluate(() => {
    const targets = [
      ...document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="tab"], [role="switch"]',
      ),
    ].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest('.sr-only') || !element.checkVisibility()) return false;
      const closed =
        element.tagName === 'SUMMARY'
          ? element.parentElement?.parentElement?.closest('details:not([open])')
          : element.closest('details:not([open])');
      return !closed && !element.closest('[aria-label="Tool list"], [aria-label="structured content tree"]');
    });
    return {
      names: targets.map((element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)),
      filled: targets.filter((element) => element.classList.contains('bg-blue-600')).length,
    };
  });

test('16 · 1440×900: ≤ 30 click targets and 1 filled button with a tool and its result; the start screen ≤ 12 controls, 1 filled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await toolWithResult(page);
  const tool = await clickTargets(page);
  console.log(`tool + result: ${tool.names.length} targets: ${tool.names.join(' | ')}`);
  expect(tool.names.length).toBeLessThanOrEqual(30);
  expect(tool.filled).toBe(1);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('heading', { name: 'Open an MCP server' })).toBeVisible();
  const start = await clickTargets(page);
  console.log(`start: ${start.names.length} controls: ${start.names.join(' | ')}`);
  expect(start.names.length).toBeLessThanOrEqual(12);
  expect(start.filled).toBe(1);
});

for (const theme of ['light', 'dark'] as const) {
  test(`17 · axe serious + critical = 0 — server-everything's overview and two servers in the chip at 1440, App view and tool + result at 390 — ${theme}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(everythingMcpUrl()));
    await expect(page.getByRole('region', { name: 'Server overview' })).toContainText('4 prompts');
    expect(await seriousViolations(page), 'server-everything overview').toEqual([]);
    await addServer(page, demoMcpUrl());
    await expect(page.getByRole('banner').getByRole('status', { name: 'Server' })).toContainText('2 servers');
    await openServersList(page);
    expect(await seriousViolations(page), 'Server details with two servers').toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(deepLink(demoMcpUrl(), 'browse_products'));
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByRole('region', { name: 'App view' })).toContainText(/shown at \d+ %/);
    expect(await seriousViolations(page), 'App view at 390').toEqual([]);

    await toolWithResult(page);
    expect(await seriousViolations(page), 'tool + result at 390').toEqual([]);
  });
}
