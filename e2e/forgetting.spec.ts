// Forgetting is real (hardening, issue 27): "Don't keep results", a Clear history that says what
// goes, "Forget this server" and "Clear all Toolscope data" leave nothing behind; an imported
// saved call is marked and asks before its first run.
import { expect, test, type Page } from './fixtures/test.ts';
import { openDock } from './fixtures/panes.ts';
import { deepLink, liveMcpUrl } from './fixtures/urls.ts';
import { serverKey } from '../src/lib/serverKey.ts';

const history = (page: Page) => page.getByRole('region', { name: 'History' });

async function search(page: Page, query: string) {
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill(query);
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(query === 'mouse' ? 'Wireless mouse' : 'cable', {
    ignoreCase: true,
  });
}

/** What this page's origin keeps: toolscope keys in localStorage and the calls in IndexedDB. */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const keys = Object.keys(localStorage).filter((key) => key.startsWith('toolscope'));
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('toolscope-history')) return { keys, calls: [] as { server: string }[], saved: 0 };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('toolscope-history');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error('open failed'));
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve) => {
        if (!db.objectStoreNames.contains(store)) return resolve([]);
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
      });
    const [calls, saved] = await Promise.all([all('calls'), all('saved')]);
    db.close();
    return { keys, calls: calls as { server: string }[], saved: saved.length };
  });

async function palette(page: Page, command: string) {
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await dialog.getByRole('combobox').fill(command);
  await expect(dialog.getByRole('option').first()).toContainText(command);
  await dialog.getByRole('combobox').press('Enter');
}

test('“Don’t keep results”, Clear history that says what goes, and Forget this server leave nothing of the server', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(liveMcpUrl(), 'search_catalog'));
  await search(page, 'mouse');
  await openDock(page, 'History');
  const calls = history(page).getByRole('list', { name: 'Calls' }).getByRole('listitem');
  await expect(calls).toHaveCount(1);
  await history(page).getByRole('checkbox', { name: 'Don’t keep results for this server' }).check();
  await search(page, 'cable');
  await expect(calls.first()).toContainText('result not kept');

  await history(page).getByRole('button', { name: 'Clear history' }).click();
  const clear = history(page).getByRole('group', { name: 'Clear history' });
  await expect(clear).toContainText('Deletes the 2 requests to this server kept in this browser, with their results');
  await clear.getByRole('button', { name: 'Cancel' }).click();
  await expect(calls).toHaveCount(2);

  const key = serverKey(liveMcpUrl());
  const before = await kept(page);
  expect(before.calls.filter((call) => call.server === key)).toHaveLength(2);
  expect(before.keys.filter((name) => name.endsWith(`:${key}`)).length).toBeGreaterThan(0);

  await palette(page, 'Forget this server');
  const confirm = page.getByRole('dialog', { name: 'Confirm: forget this server' });
  await expect(confirm).toContainText('its calls in History, with their results');
  await confirm.getByRole('button', { name: 'Forget this server' }).click();
  await expect(page.getByRole('status', { name: 'Notification' })).toContainText('2 calls');
  await expect(page.getByRole('banner').getByRole('status')).not.toContainText('Connected');
  const after = await kept(page);
  expect(after.calls.filter((call) => call.server === key)).toEqual([]);
  expect(after.keys.filter((name) => name.endsWith(`:${key}`))).toEqual([]);
  const lists = await page.evaluate((storageKey) => localStorage.getItem(storageKey) ?? '', 'toolscope:recent-servers');
  expect(lists).not.toContain(new URL(liveMcpUrl()).host);
});

test('Clear all Toolscope data deletes every key and the History database, then starts afresh', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(liveMcpUrl(), 'search_catalog'));
  await search(page, 'mouse');
  expect((await kept(page)).calls.length).toBeGreaterThan(0);
  await palette(page, 'Clear all Toolscope data');
  await page.getByRole('dialog', { name: 'Confirm: clear all Toolscope data' }).getByRole('button', { name: 'Clear all data' }).click();
  // The start screen shows the moment the server is disconnected, before the data is gone and the
  // page starts afresh: wait for the fresh page (a link-less URL), then look.
  await page.waitForURL((url) => url.search === '');
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { name: 'Open an MCP server' })).toBeVisible();
  const after = await kept(page);
  // The suite's own fixture writes the known servers again on each page load; nothing else is there.
  expect(after.keys.filter((name) => name !== 'toolscope:known-servers')).toEqual([]);
  expect(after.calls).toEqual([]);
});

test('an imported saved call is marked, and its first run asks with its arguments; after that it is the person’s', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(liveMcpUrl(), 'search_catalog'));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  const saved = await openDock(page, 'Saved calls');
  const file = {
    format: 'toolscope-saved-calls',
    version: 1,
    server: liveMcpUrl(),
    calls: [{ name: 'mice from a colleague', tool: 'search_catalog', args: { query: 'mouse' }, expected: null }],
  };
  await saved
    .getByLabel('Import saved calls')
    .setInputFiles({ name: 'calls.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  const row = saved.getByRole('listitem').filter({ hasText: 'mice from a colleague' });
  await expect(row).toContainText('imported, never run');
  await saved.getByRole('button', { name: 'Run all' }).click();
  const dialog = page.getByRole('dialog', { name: /^Confirm sending the saved call/ });
  await expect(dialog).toContainText('imported, never run');
  await expect(dialog).toContainText('"query": "mouse"');
  await dialog.getByRole('button', { name: 'Send' }).click();
  // Saved with no result to compare against: the run's result differs from it.
  await expect(saved).toContainText('0 pass · 1 changed');
  await expect(row).not.toContainText('imported, never run');
  await saved.getByRole('button', { name: 'Run all' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
