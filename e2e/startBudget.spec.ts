// The start screen's JavaScript stays within its budget — counted as `npm run bench` counts it
// (scripts/bench/firstScreen.ts: every script the start screen loads, warm-ups included, and the
// inline early entry, gzipped). What only some visits need (the registry's entry view and
// server.json workbench, the command palette) loads when it is first opened.
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures/test.ts';
import { appUrl } from './fixtures/urls.ts';
import { FIRST_SCREEN_BUDGET_KB, firstScreenScripts } from '../scripts/bench/firstScreen.ts';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

test(`the start screen loads at most ${FIRST_SCREEN_BUDGET_KB} KB of JavaScript (gzip)`, async ({ page }) => {
  const { bytes, files } = await firstScreenScripts(page, appUrl(), dist);
  const listed = [...files].map(([name, size]) => `${name} ${(size / 1024).toFixed(1)} KB`).join(', ');
  expect(bytes / 1024, listed).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KB);
  // The start screen works with what it loaded: the registry search and the palette are there.
  await expect(page.getByRole('searchbox', { name: 'Search the registry' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
});
