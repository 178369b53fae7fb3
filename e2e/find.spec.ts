// Find a tool: the tool-search simulator in the page — a ranking with scores and matched words, a
// near-tie marked, the regex variant, and the queries a person expects exported as the CI file.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures/test.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';
import { openFindATool } from './fixtures/panes.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;

test('ranks the demo’s tools for a query, marks a near-tie, takes a regex, and exports the expected queries', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl()));
  const panel = await openFindATool(page);
  await panel.getByRole('searchbox', { name: 'Query' }).fill('search the catalog');
  const ranking = panel.getByRole('list', { name: 'Ranking' }).getByRole('listitem');
  await expect(ranking.first()).toHaveText(/^search_catalog\s*#1 · score [\d.]+/);
  await expect(ranking.first()).toContainText('matched: search, catalog');
  await ranking.first().getByRole('button', { name: 'Expect search_catalog for this query' }).click();

  // Two tools a search cannot tell apart for a word only both share: a near-tie.
  await panel.getByRole('searchbox', { name: 'Query' }).fill('basket');
  await expect(ranking.filter({ hasText: 'tie' }).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/find-1440.png` });

  // The regex variant: a Python-style pattern, (?i) for case.
  await panel.getByRole('combobox', { name: 'Search mode' }).selectOption('regex');
  await panel.getByRole('searchbox', { name: 'Query' }).fill('(?i)^GET_');
  await expect(ranking.first()).toHaveText(/^get_/);
  await panel.getByRole('searchbox', { name: 'Query' }).fill('(unclosed');
  await expect(panel.getByRole('alert')).toContainText('Not a valid pattern');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export queries' }).click();
  const file = await (await download).path();
  expect(JSON.parse(await readFile(file, 'utf8'))).toEqual([
    { query: 'search the catalog', expect: 'search_catalog', top: 3, mode: 'bm25' },
  ]);
});

test('a pattern that backtracks without end is stopped and said; the page keeps answering', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  const panel = await openFindATool(page);
  await panel.getByRole('combobox', { name: 'Search mode' }).selectOption('regex');
  // On search_catalog's description this runs for minutes (measured: 270 s in Node).
  await panel.getByRole('searchbox', { name: 'Query' }).fill('^(\\w+\\s?)*$');
  await expect(panel.getByRole('alert')).toContainText('was stopped: it backtracks without end');
  // The page's thread was never held: typing goes on, and the next pattern runs in a fresh worker.
  await panel.getByRole('searchbox', { name: 'Query' }).fill('(?i)^GET_');
  await expect(panel.getByRole('list', { name: 'Ranking' }).getByRole('listitem').first()).toHaveText(/^get_/);
  await expect(panel.getByRole('alert')).toHaveCount(0);
});
