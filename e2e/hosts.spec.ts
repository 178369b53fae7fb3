// Several servers in one tab (issue 63; the switcher in the chip, issue 81): "Add server…" keeps the
// server on screen connected and asks for another in a dialog; the chip says "· 2 servers" and its
// "Servers" list switches between them; the sidebar shows the one on screen only, and its call
// reaches that server (Traffic names it, History keeps it); a reload restores the set; "Hosts" shows
// every tool as a host names it and marks a name too long.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { addServer, openDock, openFindATool, openServerDetails, openServersList } from './fixtures/panes.ts';
import { configLaunchLink, deepLink, demoMcpUrl, everythingMcpUrl, protectedToken } from './fixtures/urls.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
/** The chip's "Servers" list, opened, then the popover closed again once `check` has run. */
async function inServersList(page: Page, check: (list: Locator) => Promise<void>) {
  await check(await openServersList(page));
  await page.keyboard.press('Escape');
}
const chip = (page: Page) => page.getByRole('banner').getByRole('status', { name: 'Server' });

async function demoAndEverything(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl()));
  await expect(chip(page)).toContainText('Toolscope demo shop');
  await openServerDetails(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  // A dialog over the demo, which stays connected (the chip still names it).
  const dialog = page.getByRole('dialog', { name: 'Add server' });
  await expect(dialog).toContainText('Toolscope demo shop stays connected');
  await expect(chip(page)).toContainText('Toolscope demo shop');
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(everythingMcpUrl());
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(chip(page)).toContainText('Everything Reference Server');
  await expect(chip(page)).toContainText('2 servers');
  await inServersList(page, (list) => expect(list.getByRole('listitem', { name: /./ })).toHaveCount(2));
}

test('two servers: both listed, a call goes to the server of its tool, Traffic and History say which, a reload restores both', async ({
  page,
}) => {
  await demoAndEverything(page);
  await inServersList(page, async (list) => {
    const everything = list.getByRole('listitem', { name: 'Everything Reference Server' });
    await expect(everything).toHaveAttribute('aria-current', 'true');
    await expect(everything).toContainText('on screen');
    // The demo: how many tools it lists, under its own credentials.
    await expect(list.getByRole('listitem', { name: 'Toolscope demo shop' })).toContainText(/\d+ tools · connected/);
  });
  // The sidebar lists the server on screen only.
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByRole('button', { name: /^Echo Tool/ })).toBeVisible();
  await expect(tools.getByRole('button', { name: /^Search catalog/ })).toHaveCount(0);

  // A call to everything's echo: sent to everything, named so in Traffic.
  await page.getByRole('region', { name: 'Tools' }).getByRole('searchbox', { name: 'Search tools' }).fill('echo');
  await page
    .getByRole('region', { name: 'Tools' })
    .getByRole('button', { name: /^Echo Tool/ })
    .click();
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('message').fill('hello from two servers');
  const echoSent = page.waitForRequest(
    (request) => request.url().startsWith(everythingMcpUrl()) && (request.postData() ?? '').includes('hello from two servers'),
  );
  await page.getByRole('button', { name: 'Call tool' }).click();
  await echoSent;
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('Echo: hello from two servers');
  const traffic = await openDock(page, 'Traffic');
  const echoRow = traffic.getByRole('listitem').filter({ hasText: 'tools/call echo' }).first();
  await expect(echoRow).toContainText('Everything Reference Server');
  if (shots) await page.screenshot({ path: `${shots}/servers-1440-light.png` });
  const history = await openDock(page, 'History');
  await expect(history.getByRole('heading', { name: /requests? to Everything Reference Server/ })).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: 'echo' }).first()).toBeVisible();

  // The demo from the chip's list: it comes on screen, everything stays connected.
  const demoSent: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(demoMcpUrl()) && request.method() === 'POST') demoSent.push(request.postData() ?? '');
  });
  await (await openServersList(page)).getByRole('button', { name: 'Open Toolscope demo shop' }).click();
  await expect(chip(page)).toContainText('Toolscope demo shop');
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('search_catalog');
  await tools.getByRole('button', { name: /^Search catalog/ }).click();
  await expect(page.getByRole('heading', { name: /Search catalog/ }).first()).toBeVisible();
  await inServersList(page, (list) =>
    expect(list.getByRole('listitem', { name: 'Toolscope demo shop' })).toHaveAttribute('aria-current', 'true'),
  );
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('lamp');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(/lamp/i);
  expect(demoSent.some((body) => body.includes('"tools/call"') && body.includes('lamp'))).toBe(true);
  await openDock(page, 'Traffic');
  await expect(traffic.getByRole('listitem').filter({ hasText: 'tools/call search_catalog' }).first()).toContainText('Toolscope demo shop');

  // Adding a server already in the set brings it back on screen: one connection per server.
  await addServer(page, everythingMcpUrl());
  await expect(chip(page)).toContainText('Everything Reference Server');
  await inServersList(page, (list) => expect(list.getByRole('listitem', { name: /./ })).toHaveCount(2));
  await (await openServersList(page)).getByRole('button', { name: 'Open Toolscope demo shop' }).click();
  await expect(chip(page)).toContainText('Toolscope demo shop');

  // A reload: the demo on screen (the link), everything reopened beside it, its tools listed.
  await page.reload();
  await expect(chip(page)).toContainText('Toolscope demo shop');
  await expect(chip(page)).toContainText('2 servers');
  const list = await openServersList(page);
  await expect(list.getByRole('listitem', { name: 'Everything Reference Server' })).toContainText(/\d+ tools · connected/);

  // Disconnect the one off screen: one server again.
  await list.getByRole('button', { name: 'Disconnect Everything Reference Server' }).click();
  await expect(list.getByRole('listitem', { name: /./ })).toHaveCount(1);
  await expect(chip(page)).not.toContainText('2 servers');
  await expect(chip(page)).toContainText('Toolscope demo shop');
});

test('a slow call on the demo keeps running while another server is on screen; back on the demo, its result is in the run list', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'compile_annual_report'));
  await expect(chip(page)).toContainText('Toolscope demo shop');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('duration_s').fill('3');
  await form.getByLabel('interval_ms').fill('500');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();

  // Another server on screen: the demo's call goes on, and the Servers list says so.
  await addServer(page, everythingMcpUrl());
  await expect(chip(page)).toContainText('Everything Reference Server');
  const demo = (await openServersList(page)).getByRole('listitem', { name: 'Toolscope demo shop' });
  await expect(demo).toContainText('a call running');
  await expect(demo).not.toContainText('a call running', { timeout: 15_000 });

  // Back on the demo: the run ended off screen, and it is there with its result.
  await demo.getByRole('button', { name: 'Open Toolscope demo shop' }).click();
  await expect(chip(page)).toContainText('Toolscope demo shop');
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('Annual report compiled in 3 s');
  await expect(result).toContainText('Success');
});

test('Hosts: every tool as Claude Code names it, an over-long name marked with its source; axe clean', async ({ page }) => {
  await demoAndEverything(page);
  await openServerDetails(page);
  await page.getByRole('region', { name: 'Connected servers' }).getByRole('button', { name: 'Hosts' }).click();
  const hosts = page.getByRole('region', { name: 'Hosts' });
  await hosts.getByRole('combobox', { name: 'Host', exact: true }).selectOption({ label: 'Claude Code' });
  const table = hosts.getByRole('table', { name: 'Tools as Claude Code sees them' });
  await expect(table.getByRole('row').filter({ hasText: 'search_catalog' })).toContainText('mcp__toolscope-demo__search_catalog');
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'echo', exact: true }) })).toContainText(
    'mcp__everything__echo',
  );
  await expect(hosts.getByRole('status')).toContainText(/Claude Code sends \d+ of \d+ tools from 2 servers/);
  // Every name only prefixed: said once (Naming), never as "renamed" per row, never "as it is" (17-ux-review-5, line 14).
  await expect(hosts.getByRole('region', { name: 'Host findings' })).toContainText('Claude Code takes every tool, each name prefixed');
  await expect(hosts.getByRole('region', { name: 'Host findings' })).not.toContainText('as it is');
  await expect(table).not.toContainText('renamed');

  // A config name long enough that mcp__<name>__<tool> passes 64 characters for some tools.
  await hosts.getByLabel('Config name of Everything Reference Server').fill('everything-reference-server-for-testing-long');
  const findings = hosts.getByRole('region', { name: 'Host findings' });
  await expect(findings).toContainText('host-name-too-long');
  await expect(findings).toContainText('mcp__everything-reference-server-for-testing-long__get-resource-reference');
  await expect(findings).toContainText('pingdotgg/t3code PR #12084');
  const dropped = table.getByRole('row').filter({ hasText: 'get-resource-reference' });
  await expect(dropped).toContainText('dropped');
  // The short ones keep their (longer) names.
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'echo', exact: true }) })).toContainText(
    'mcp__everything-reference-server-for-testing-long__echo',
  );

  // Cursor's cap and VS Code's titles-as-prefix, from the same servers.
  await hosts.getByRole('combobox', { name: 'Host', exact: true }).selectOption({ label: 'Cursor' });
  await expect(hosts.getByRole('table', { name: 'Tools as Cursor sees them' })).toBeVisible();
  await hosts.getByRole('combobox', { name: 'Host', exact: true }).selectOption({ label: 'VS Code (Copilot)' });
  await expect(hosts.getByRole('table', { name: 'Tools as VS Code (Copilot) sees them' })).toContainText(
    'mcp_toolscope_demo_shop_search_catalog',
  );

  await hosts.getByRole('combobox', { name: 'Host', exact: true }).selectOption({ label: 'Claude Code' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (shots) await page.screenshot({ path: `${shots}/hosts-1440-${scheme}.png` });
    const results = await new AxeBuilder({ page }).include('main').analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  }
  if (shots) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Tools' }).click();
    await openServerDetails(page);
    await page.getByRole('region', { name: 'Connected servers' }).getByRole('button', { name: 'Hosts' }).click();
    // On a phone "Hosts" turns to the pane that shows it.
    await expect(hosts).toBeVisible();
    await page.screenshot({ path: `${shots}/hosts-390-light.png` });
  }
});

test('Find a tool ranks over both servers as server/tool, and Open goes to the tool on its own server', async ({ page }) => {
  await demoAndEverything(page);
  const panel = await openFindATool(page);
  await panel.getByRole('searchbox', { name: 'Query' }).fill('search the catalog');
  const ranking = panel.getByRole('list', { name: 'Ranking' }).getByRole('listitem');
  await expect(ranking.first()).toHaveText(/^toolscope-demo\/search_catalog\s*#1/);
  await panel.getByRole('searchbox', { name: 'Query' }).fill('echo a message');
  await expect(ranking.first()).toHaveText(/^everything\/echo\s*#1/);
  // The demo's tool, from everything's screen: the demo comes on screen on it.
  await panel.getByRole('searchbox', { name: 'Query' }).fill('search the catalog');
  await ranking.first().getByRole('button', { name: 'Open' }).click();
  await expect(chip(page)).toContainText('Toolscope demo shop');
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('Query')).toBeVisible();
});

test('toolscope --config FILE opens every entry: the stdio one on screen, the http ones beside it with their headers', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(configLaunchLink());
  await expect(chip(page)).toContainText('secure-filesystem-server');
  await expect(chip(page)).toContainText('3 servers');
  const list = await openServersList(page);
  await expect(list.getByRole('listitem', { name: /./ })).toHaveCount(3);
  // The protected demo answered: its Authorization header came from the file, held in memory only.
  await expect(list.getByRole('listitem', { name: 'Toolscope demo shop' })).toContainText(/\d+ tools · connected/);
  await expect(list.getByRole('listitem', { name: 'Everything Reference Server' })).toContainText(/\d+ tools · connected/);
  await page.keyboard.press('Escape');
  const traffic = await openDock(page, 'Traffic');
  await traffic.getByRole('searchbox', { name: 'Filter traffic' }).fill('tools/list');
  const row = traffic.getByRole('listitem').filter({ hasText: 'Toolscope demo shop' }).first();
  await row.locator('summary').click();
  await expect(row).toContainText(/authorization: .*REDACTED/i);
  await expect(traffic).not.toContainText(protectedToken());
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(protectedToken());
});
