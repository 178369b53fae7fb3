// Issue 83 in the page: two saved calls (a read-only search, a basket made — a write) exported
// from Saved calls as a test suite, which `toolscope test` runs green against the same server.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from './fixtures/test.ts';
import { openDock, rowAction } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/toolscope.mjs', import.meta.url));
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

async function saveLastCall(page: Page, tool: string, name: string) {
  const history = await openDock(page, 'History');
  await rowAction(history.getByRole('list', { name: 'Calls' }).getByRole('listitem').filter({ hasText: tool }).first(), 'Save');
  const dialog = page.getByRole('dialog', { name: 'Save this call' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved “${name}”` })).toBeVisible();
}

test('saved calls exported as a test suite run green with toolscope test', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('usb cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('USB-C');
  await saveLastCall(page, 'search_catalog', 'usb search');

  await page
    .getByRole('region', { name: 'Tools' })
    .getByRole('button', { name: /^Create basket/ })
    .click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('bsk_');
  await saveLastCall(page, 'create_basket', 'a basket');

  const saved = await openDock(page, 'Saved calls');
  const download = page.waitForEvent('download');
  await saved.getByRole('button', { name: 'Export as test suite' }).click();
  const file = join(mkdtempSync(join(tmpdir(), 'toolscope-suite-')), (await download).suggestedFilename());
  await (await download).saveAs(file);
  expect(file).toMatch(/toolscope-demo\.suite\.json$/);
  const suite = JSON.parse(readFileSync(file, 'utf8')) as { $comment: string; tests: { name: string; tool: string; needs?: string }[] };
  expect(suite.tests.map(({ name, tool, needs }) => ({ name, tool, needs }))).toEqual([
    { name: 'usb search', tool: 'search_catalog', needs: undefined },
    { name: 'a basket', tool: 'create_basket', needs: 'writes' },
  ]);
  expect(suite.$comment).toContain('--allow-writes');

  const { stdout } = await run(process.execPath, [BIN, 'test', file, '--allow-writes', demoMcpUrl()], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(stdout).toMatch(
    /✓ usb search \(search_catalog, \d+ ms\) — snapshot written\n✓ a basket \(create_basket, \d+ ms\) — snapshot written\n2 passed, 0 failed/,
  );
});
