// The UI tells the truth: one outcome vocabulary (the pill, the server chip, Traffic, History), each
// word decided by what was sent and received — a result that breaks its outputSchema is not a
// success, a cut stream is not "unreachable", a killed stdio child is "Server stopped" (not an
// invented protocol error) and the chip knows within a second.
import { expect, test, type Page } from './fixtures/test.ts';
import { openDock, openTraffic } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl } from './fixtures/urls.ts';
import { startToolscopeCli, stdioServers } from '../server/testing/testServers.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const outcome = (page: Page) => result(page).getByRole('status', { name: 'Outcome' });
const chip = (page: Page) => page.getByRole('banner').getByRole('status', { name: 'Server' });

test('a result that breaks its outputSchema reads “Invalid output” — in the pill, in History and in Traffic', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'lookup_legacy_price'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').fill('prd_aud_001');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Invalid output/);
  await expect(result(page).getByRole('region', { name: 'Structured content' })).toContainText('/price');
  const history = await openDock(page, 'History');
  await expect(history.getByRole('list', { name: 'Calls' }).getByRole('listitem').first()).toContainText('Invalid output');
  // Traffic judges the same answer by the same rule (it is not red: the exchange itself worked).
  const traffic = await openTraffic(page);
  const row = traffic
    .locator('summary')
    .filter({ hasText: /^tools\/call lookup_legacy_price/ })
    .first();
  await expect(row).toContainText('Invalid output');
  await expect(traffic).not.toContainText('failed');
});

test('a stream cut mid-call reads “Stream cut” in the pill, the chip and Traffic — never “Unreachable”', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'stream_price_feed'));
  await expect(chip(page)).toContainText('Toolscope demo shop');
  // The report's reads (made in an idle moment) are answered first: any later answer says the server is back.
  await expect(page.getByRole('banner').getByRole('button', { name: /^Report \d+$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Stream cut/);
  await expect(chip(page)).toContainText('Stream cut');
  await expect(chip(page)).not.toContainText('Unreachable');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Retry' })).toBeVisible();
  const traffic = await openTraffic(page);
  await expect(
    traffic
      .locator('summary')
      .filter({ hasText: /^tools\/call stream_price_feed/ })
      .first(),
  ).toContainText('Stream cut');
});

test('Traffic says “Tool error” for a tools/call whose result has isError, as the pane does', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'lookup_legacy_price'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').fill('prd_nope');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Tool error/);
  const traffic = await openTraffic(page);
  await expect(
    traffic
      .locator('summary')
      .filter({ hasText: /^tools\/call lookup_legacy_price/ })
      .first(),
  ).toContainText('Tool error');
});

test('a status owns its body: “Not sent” never sits above the previous call’s result; picking that run shows it again', async ({
  page,
}) => {
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Arguments JSON' });
  await json.fill('{"query": "cable"}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Success/);
  await expect(result(page).getByText('USB-C').first()).toBeVisible();
  // Arguments the schema refuses: nothing is sent, and the pane says so — not above the old result.
  await json.fill('{"query": "cable", "limit": 500}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Not sent/);
  await expect(result(page).getByLabel('Nothing sent')).toContainText('the arguments break the tool’s schema');
  await expect(result(page).getByText('USB-C')).toHaveCount(0);
  // The earlier run, picked from the list, is shown under its own pill.
  await page.getByRole('list', { name: 'Runs' }).getByRole('button').first().click();
  await expect(outcome(page)).toHaveText(/^Success/);
  await expect(result(page).getByText('USB-C').first()).toBeVisible();
});

test('after a stream cut, the chip says the server answers again within 1 s of a later call’s progress', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl(), 'stream_price_feed'));
  await expect(page.getByRole('banner').getByRole('button', { name: /^Report \d+$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(chip(page)).toContainText('Stream cut');
  const tools = page.getByRole('region', { name: 'Tools' });
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('compile_annual_report');
  await tools
    .getByRole('list', { name: 'Tool list' })
    .getByRole('button', { name: /^Compile annual report/ })
    .click();
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('interval_ms').fill('200');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Running/, { timeout: 1000 });
  // Still running — its answer has begun: the server answers, the chip no longer says the stream was cut.
  await expect(chip(page)).not.toContainText('Stream cut', { timeout: 1000 });
  await expect(outcome(page)).toHaveText(/^Running/);
});

test('at 1280×720 the chip shows the server’s whole name and its protocol revision without hovering', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(deepLink(everythingMcpUrl()));
  const name = chip(page).locator('summary').first().getByText('Everything Reference Server', { exact: true });
  await expect(name).toBeVisible();
  await shot(page, 'chip-1280');
  // Not cut short: the whole name fits in its box.
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(chip(page).locator('summary').first()).toContainText('Everything Reference Server· 2025-11-25');
  await shot(page, 'chip-1280');
  // The popover holds the rest: the URL and the era in words.
  await chip(page).locator('summary').first().click();
  const details = chip(page).getByRole('group', { name: 'Server details' });
  await expect(details).toContainText(everythingMcpUrl());
  await expect(details).toContainText('2025 era');
});

test('a killed stdio child: the chip turns amber “Server stopped” within 1 s; a call reads “Server stopped”, offers Restart, and Traffic counts no failure', async ({
  page,
}) => {
  const launch = await startToolscopeCli(['--', ...stdioServers.everything()]);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${launch.link}&tool=echo`);
    // Named by its serverInfo, as over HTTP — not by its command ("node index.js"), which the popover holds.
    await expect(chip(page)).toContainText(/Everything Reference Server · pid \d+/);
    const pid = Number(/pid (\d+)/.exec((await chip(page).textContent()) ?? '')?.[1]);
    expect(pid).toBeGreaterThan(0);
    // The popover: the whole command, the folder and the environment's names (never values).
    await chip(page).locator('summary').first().click();
    const details = chip(page).getByRole('group', { name: 'Server details' });
    await expect(details).toContainText(/server-everything\/dist\/index\.js stdio/);
    await expect(details).toContainText('PATH');
    await chip(page).locator('summary').first().click();

    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    await expect(chip(page)).toContainText('Server stopped', { timeout: 1000 });
    expect(Date.now() - killedAt).toBeLessThan(1000);
    await expect(chip(page)).toContainText('killed by SIGKILL');
    await shot(page, 'chip-stopped-1440');

    await page.getByRole('form', { name: 'Arguments' }).getByLabel('message', { exact: true }).fill('anyone there?');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(outcome(page)).toHaveText(/^Server stopped/);
    await expect(result(page)).not.toContainText('Protocol error');
    const traffic = await openTraffic(page);
    await expect(
      traffic
        .locator('summary')
        .filter({ hasText: /^tools\/call echo/ })
        .first(),
    ).toContainText('Server stopped');
    await expect(traffic.getByRole('heading', { level: 2 })).not.toContainText('failed');

    await result(page).getByRole('button', { name: 'Restart server' }).click();
    await expect(chip(page)).toContainText(/pid \d+/);
    await expect(chip(page)).not.toContainText('Server stopped');
    // The old result says what was true then, and what is true now: no live Restart under it.
    await expect(result(page)).toContainText('The server runs again now');
    await expect(result(page).getByRole('button', { name: 'Restart server' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(outcome(page)).toHaveText(/^Success/);
    await expect(result(page)).toContainText('Echo: anyone there?');
    // The stop and the restart are not failures of the traffic.
    await openTraffic(page);
    await expect(traffic.getByRole('heading', { level: 2 })).not.toContainText('failed');
    await expect(page.getByRole('tablist', { name: 'Dock' }).getByRole('tab', { name: /^Traffic/ })).not.toContainText('failed');
  } finally {
    await launch.stop();
  }
});
