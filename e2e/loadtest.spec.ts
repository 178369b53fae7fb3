// "Load test" (issue 64) in the page: beside "Call tool", it sends the open tool again and again
// through the call session's gate — the latency chart, the histogram, the outcomes each on its own
// channel, the summary, and a History row. Stop ends it: no call starts after Stop. A tool not
// marked read-only asks first, once, for the whole run.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { openDock } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl } from './fixtures/urls.ts';

const loadTest = (page: Page) => page.getByRole('region', { name: 'Load test' });

/** The tools/call requests the page sends from now on. */
function countCalls(page: Page): { count: number } {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.postData()?.includes('"tools/call"')) sent.count++;
  });
  return sent;
}

/** "Load test" waits under the "⋯" beside Call tool. */
async function openLoadTest(page: Page) {
  const toolbar = page.getByRole('toolbar', { name: 'Request' });
  await toolbar.getByRole('button', { name: 'More for this tool' }).click();
  await toolbar.getByRole('button', { name: 'Load test', exact: true }).click();
}

async function outcomeCounts(page: Page): Promise<Record<string, number>> {
  const rows = loadTest(page).getByRole('table', { name: 'Outcomes' }).getByRole('row');
  const counts: Record<string, number> = {};
  for (const row of await rows.all()) {
    const name = await row.getByRole('rowheader').innerText();
    counts[name] = Number(await row.getByRole('cell').first().innerText());
  }
  return counts;
}

test('Load test on a demo tool: the chart, the outcomes, the summary, and the run kept in History', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('lamp');
  await openLoadTest(page);
  const region = loadTest(page);
  await region.getByRole('spinbutton', { name: 'Requests' }).fill('12');
  await region.getByRole('spinbutton', { name: 'Concurrency' }).fill('3');
  await region.getByRole('button', { name: 'Start' }).click();
  await expect(region.getByRole('status')).toHaveText(/^Done: 12 calls in \d+\.\d s\.$/);
  await expect(region.getByRole('img', { name: 'Latency over time' })).toBeVisible();
  await expect(region.getByRole('img', { name: 'Latency histogram' })).toBeVisible();
  const counts = await outcomeCounts(page);
  expect(Object.values(counts).reduce((sum, value) => sum + value, 0)).toBe(12);
  expect(counts['transport errors']).toBe(0);
  const summary = region.getByRole('table', { name: 'Load test summary' });
  await expect(summary.getByRole('rowheader')).toHaveText(['p50', 'p90', 'p95', 'p99', 'max', 'mean', 'calls a second']);
  await expect(summary.getByRole('cell').first()).toHaveText(/^\d+(\.\d+)? (ms|s)$/);

  const history = await openDock(page, 'History');
  const row = history.getByRole('listitem').filter({ hasText: 'load test' }).first();
  await expect(row).toContainText('search_catalog');
  await expect(row).toContainText(/12 calls · p50 [\d.]+ m?s · p95 [\d.]+ m?s/);
  // Its button opens the tool with the arguments (a load test is not re-run by a click).
  await expect(row.getByRole('button', { name: 'Open' })).toBeVisible();
});

test('Stop ends the run: nothing is sent after it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(everythingMcpUrl(), 'echo'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('message').fill('load');
  const sent = countCalls(page);
  await openLoadTest(page);
  const region = loadTest(page);
  await region.getByRole('spinbutton', { name: 'Requests' }).fill('100000');
  await region.getByRole('spinbutton', { name: 'Concurrency' }).fill('2');
  await region.getByRole('button', { name: 'Start' }).click();
  await expect(region.getByRole('status')).toHaveText(/^Running: [1-9]\d* of 100000 calls ended/);
  await region.getByRole('button', { name: 'Stop' }).click();
  await expect(region.getByRole('status')).toHaveText(/^Stopped after \d+ calls .*Nothing runs after Stop\.$/);
  const atStop = sent.count;
  await page.waitForTimeout(1500);
  expect(sent.count).toBe(atStop);
  await expect(region.getByRole('button', { name: 'Start' })).toBeEnabled();
});

test('a tool not marked read-only asks first; declined, nothing is sent', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'create_basket'));
  const sent = countCalls(page);
  await openLoadTest(page);
  const region = loadTest(page);
  await region.getByRole('spinbutton', { name: 'Requests' }).fill('5');
  await region.getByRole('button', { name: 'Start' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm load test: create_basket' });
  await expect(dialog).toContainText('This tool is not marked read-only.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(region.getByRole('alert')).toHaveText('The person declined the load test.');
  expect(sent.count).toBe(0);
  // A value the field cannot take is said, not replaced.
  await region.getByRole('spinbutton', { name: 'Concurrency' }).fill('0');
  await region.getByRole('button', { name: 'Start' }).click();
  await expect(region.getByRole('alert')).toHaveText('Not started — Concurrency: a whole number from 1 to 256.');
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the load test, run and ended — ${theme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(everythingMcpUrl(), 'echo'));
    await page.getByRole('form', { name: 'Arguments' }).getByLabel('message').fill('axe');
    await openLoadTest(page);
    const region = loadTest(page);
    await region.getByRole('spinbutton', { name: 'Requests' }).fill('20');
    await region.getByRole('button', { name: 'Start' }).click();
    await expect(region.getByRole('status')).toHaveText(/^Done: 20 calls/);
    const results = await new AxeBuilder({ page })
      .include('[aria-label="Load test"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
}
