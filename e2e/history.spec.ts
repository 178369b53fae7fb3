// History: kept across reloads, Replay and Edit and replay, Compare, Copy link and Copy as curl
// (the copied command is run here, with the shell, against the same server).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from './fixtures/test.ts';
import { openDock, rowAction } from './fixtures/panes.ts';
import { changingMcpUrl, deepLink, demoMcpUrl } from './fixtures/urls.ts';
import { McpConnection } from '../src/mcp/connection.ts';

const run = promisify(execFile);
const history = (page: Page) => page.getByRole('region', { name: 'History' });
const openHistory = async (page: Page) => {
  await openDock(page, 'History');
};
const copied = async (page: Page, entry: ReturnType<Page['getByRole']>, label: string) => {
  await rowAction(entry, label);
  // One toast confirms it (no dialog to close); the copied text is there to read.
  const toast = page.getByRole('status', { name: 'Notification' });
  await expect(toast).toContainText('copied');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return (await toast.getByLabel('Copied text').textContent()) ?? '';
};

test('a call is kept across a reload; Replay, Edit and replay, Copy link and Copy as curl repeat it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'preview_order'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('Customer').fill('Ann O’Hara "$(id)"');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('Ann O’Hara');

  await openHistory(page);
  const calls = history(page).getByRole('list', { name: 'Calls' }).getByRole('listitem');
  await expect(calls.filter({ hasText: 'preview_order' })).toHaveCount(1);
  await page.reload();
  await expect(calls.filter({ hasText: 'preview_order' })).toHaveCount(1);

  // Replay: the same arguments again (the echo tool returns them).
  await calls.first().getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('Ann O’Hara "$(id)"');
  await expect(calls).toHaveCount(2);

  // Edit and replay: the form opens filled, nothing is sent.
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('time');
  await rowAction(calls.first(), 'Edit and replay');
  await expect(form.getByLabel('Customer')).toHaveValue('Ann O’Hara "$(id)"');
  await expect(calls).toHaveCount(2);

  // Compare with the previous call of the same arguments: the same result.
  await rowAction(calls.first(), 'Compare with previous');
  await expect(page.getByRole('region', { name: 'Comparison' })).toContainText('The two results are the same.');
  await page.getByRole('region', { name: 'Comparison' }).getByRole('button', { name: 'Close' }).click();

  // Copy as curl, run by the shell against the same server: the same structured result.
  const curl = await copied(page, calls.first(), 'Copy as curl');
  expect(curl).toMatch(/^curl /);
  const { stdout } = await run('sh', ['-c', curl], { encoding: 'utf8', timeout: 20_000 });
  const response = JSON.parse(stdout) as { result: { structuredContent: unknown; isError?: boolean } };
  expect(response.result.isError).not.toBe(true);
  expect(JSON.stringify(response.result.structuredContent)).toContain(JSON.stringify('Ann O’Hara "$(id)"'));

  // Copy link: opens the tool filled in, not sent.
  const link = await copied(page, calls.first(), 'Copy link');
  expect(link).toContain('args=');
  await page.goto(link);
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('Customer')).toHaveValue('Ann O’Hara "$(id)"');
  await expect(page.getByRole('region', { name: 'Result' })).not.toContainText('Ann');
  await openHistory(page);
  await expect(calls).toHaveCount(2);
});

test('Compare shows the changed path between two calls of a tool', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const query = page.getByRole('form', { name: 'Arguments' }).getByLabel('query');
  await query.fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('USB-C');
  await query.fill('hdmi');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('HDMI');
  await openHistory(page);
  const calls = history(page).getByRole('list', { name: 'Calls' }).getByRole('listitem');
  // A row is calm at rest: its checkbox and Replay; the rest waits under "⋯".
  const row = calls.filter({ hasText: 'hdmi' }).first();
  await page.mouse.move(0, 0);
  const visibleControls = await row.evaluate(
    (element) =>
      [...element.querySelectorAll('button, input')].filter((control) => {
        let node: Element | null = control;
        for (; node && node !== element.parentElement; node = node.parentElement) if (getComputedStyle(node).opacity === '0') return false;
        return true;
      }).length,
  );
  expect(visibleControls).toBeLessThanOrEqual(2);
  await expect(row).toContainText(/\d+ ms|\d+\.\d s/);
  await rowAction(row, 'Compare with previous');
  const comparison = page.getByRole('region', { name: 'Comparison' });
  await expect(comparison).toContainText('structuredContent.total');
  await expect(comparison).toContainText('3 → 1');
  await comparison.getByRole('button', { name: 'Close' }).click();

  // Two selected rows offer Compare, older → newer.
  await calls.filter({ hasText: 'cable' }).first().getByRole('checkbox').check();
  await row.getByRole('checkbox').check();
  await history(page).getByRole('button', { name: 'Compare selected' }).click();
  await expect(comparison).toContainText('3 → 1');
});

test('a handle from one call is offered to the next: create_basket’s basket_id in add_item', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'create_basket'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('bsk_');
  // "Use in…" on the result: opens get_basket with the id filled in.
  await page.getByRole('combobox', { name: 'Use basket_id in…' }).selectOption('get_basket');
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('basket_id')).toHaveValue(/^bsk_/);
  await expect(page.getByRole('heading', { name: 'Get basket' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Tools' })
    .getByRole('button', { name: /^Add item to basket/ })
    .click();
  const offers = page.getByRole('group', { name: 'Values from earlier calls' });
  await expect(offers).toContainText('from create_basket');
  await offers.getByRole('button', { name: /^Use basket_id = "bsk_/ }).click();
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('basket_id')).toHaveValue(/^bsk_/);
  await expect(offers).toHaveCount(0);
});

test('on reconnect, the tool list is compared with the last visit: toggle_seasonal_offer added a tool', async ({ page }) => {
  await page.goto(deepLink(changingMcpUrl()));
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByText(/^29 tools/)).toBeVisible();
  // The server changes while Toolscope is away (another client toggles the offer); an open page would
  // hear list_changed and show the change live instead.
  // The list is remembered (IndexedDB) once complete: wait for that before leaving.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('toolscope-history');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('lists')) return resolve(0);
              const count = db.transaction('lists').objectStore('lists').count();
              count.onsuccess = () => resolve(count.result);
            };
            open.onerror = () => resolve(0);
          }),
      ),
    )
    .toBeGreaterThan(0);
  await page.goto('about:blank');
  const other = await McpConnection.connect({ url: changingMcpUrl() });
  try {
    await other.callTool('toggle_seasonal_offer', {});
    await page.goto(deepLink(changingMcpUrl()));
    await expect(tools.getByText(/^30 tools/)).toBeVisible();
    const note = page.getByRole('group', { name: 'Tool list changes since last time' });
    await expect(note).toContainText('added get_seasonal_offer');
  } finally {
    await other.callTool('toggle_seasonal_offer', {});
    await other.close();
  }
});

test('saved calls: pin a call, change the server’s state, Run all reports the changed result', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'create_basket'));
  const call = page.getByRole('button', { name: 'Call tool' });
  await call.click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('bsk_');
  const tools = page.getByRole('region', { name: 'Tools' });
  const useBasket = page.getByRole('group', { name: 'Values from earlier calls' }).getByRole('button', { name: /^Use basket_id/ });

  await tools.getByRole('button', { name: /^Get basket/ }).click();
  await useBasket.click();
  await call.click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('"lines"');

  await openHistory(page);
  const calls = history(page).getByRole('list', { name: 'Calls' }).getByRole('listitem');
  await rowAction(calls.filter({ hasText: 'get_basket' }), 'Save');
  const dialog = page.getByRole('dialog', { name: 'Save this call' });
  await dialog.getByLabel('Name').fill('basket contents');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Saving says so.
  await expect(page.getByRole('status').filter({ hasText: 'Saved “basket contents”' })).toBeVisible();
  const saved = await openDock(page, 'Saved calls');
  await expect(saved.getByRole('listitem')).toContainText('basket contents');
  // A row opens its tool filled in (nothing sent); ▶ runs that one call.
  await tools.getByRole('button', { name: /^Search catalog/ }).click();
  await saved.getByRole('button', { name: 'Open basket contents' }).click();
  await expect(page.getByRole('heading', { name: 'Get basket' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Arguments' }).getByLabel('basket_id')).toHaveValue(/^bsk_/);
  await saved.getByRole('button', { name: 'Run basket contents' }).click();
  await expect(saved.getByRole('button', { name: 'pass: open the result of basket contents' })).toBeVisible();
  await openHistory(page);
  await expect(calls.filter({ hasText: 'get_basket' })).toHaveCount(2);
  await openDock(page, 'Saved calls');

  await saved.getByRole('button', { name: 'Run all' }).click();
  await expect(saved).toContainText('1 pass · 0 changed · 0 failed');
  // The run's call is a call like any other: it enters History, and its verdict opens its result.
  await openHistory(page);
  await expect(calls.filter({ hasText: 'get_basket' })).toHaveCount(3);
  await openDock(page, 'Saved calls');
  await saved.getByRole('button', { name: 'pass: open the result of basket contents' }).click();
  await expect(page.getByRole('heading', { name: 'Get basket' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Result' }).getByRole('status', { name: 'Outcome' })).toHaveText(/^Success/);

  // The server's state changes: an item goes into the basket.
  await tools.getByRole('button', { name: /^Add item to basket/ }).click();
  await useBasket.click();
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').fill('prd_cab_001');
  await call.click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('prd_cab_001');

  await saved.getByRole('button', { name: 'Run all' }).click();
  await expect(saved).toContainText('0 pass · 1 changed · 0 failed');
  await saved.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('region', { name: 'Comparison' })).toContainText('structuredContent');
});

test('every origin passes the same checks: Replay and Run all hold back arguments the schema refuses; Send anyway sends them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('switch', { name: 'Edit as JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments JSON' }).fill('{"query": "usb", "limit": 0}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await page.getByRole('button', { name: 'Send anyway' }).click();
  const resultRegion = page.getByRole('region', { name: 'Result' });
  await expect(resultRegion).toContainText('Likely cause: the argument “limit”');

  // Replay from History goes through the form's checks: held back, said where the form is.
  await openHistory(page);
  const entry = history(page).getByRole('list', { name: 'Calls' }).getByRole('listitem').filter({ hasText: 'search_catalog' });
  await entry.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent — 1 argument problem: /limit' })).toBeVisible();
  await expect(history(page).getByRole('list', { name: 'Calls' }).getByRole('listitem')).toHaveCount(1);

  // Run all: the saved call is "not sent" with the reason; its own "Send anyway" sends it and the server answers.
  await rowAction(entry, 'Save');
  const dialog = page.getByRole('dialog', { name: 'Save this call' });
  await dialog.getByLabel('Name').fill('limit zero');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const saved = await openDock(page, 'Saved calls');
  await saved.getByRole('button', { name: 'Run all' }).click();
  await expect(saved).toContainText('0 pass · 0 changed · 0 failed · 1 not sent');
  await expect(saved.getByRole('listitem')).toContainText(
    "Not sent — the arguments no longer match the tool's schema: 1 argument problem: /limit",
  );
  await saved.getByRole('button', { name: 'Send anyway: limit zero' }).click();
  await expect(saved).toContainText(/0 pass · \d changed · \d failed/);
  await expect(saved).not.toContainText('not sent');
});

test('a row’s ⋯ menu near the bottom of the screen opens upward: every item stays in sight', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(deepLink(demoMcpUrl(), 'get_current_time'));
  const call = page.getByRole('button', { name: 'Call tool' });
  for (let index = 1; index <= 4; index++) {
    await call.click();
    await expect(page.getByRole('region', { name: 'Result' }).getByRole('status', { name: 'Outcome' })).toHaveText(/^Success/);
  }
  await openHistory(page);
  const rows = history(page).getByRole('list', { name: 'Calls' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  // The lowest row the dock shows without scrolling.
  let lowest = rows.first();
  for (let index = 0; index < 4; index++) if (await rows.nth(index).isVisible()) lowest = rows.nth(index);
  await lowest.hover();
  await lowest.getByRole('button', { name: /^More actions for/ }).click();
  const items = lowest.getByRole('list').getByRole('button');
  expect(await items.count()).toBeGreaterThan(3);
  for (const item of await items.all()) await expect(item).toBeInViewport({ ratio: 1 });
});
