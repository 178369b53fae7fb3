// The server report in the browser: every planted defect found and the clean tools left alone,
// the model's view, exports, per-tool findings, and findings from calls made in the session.
import { readFile } from 'node:fs/promises';
import { openReport } from './fixtures/panes.ts';
import { expect, test } from './fixtures/test.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl, lintBaitMcpUrl } from './fixtures/urls.ts';
import { PLANTED } from '../server/testing/lintBait.ts';

// Found by the listing and the active check (the call-based ones need calls: see the demo test and the integration test).
const LISTED = PLANTED.filter(([rule]) => !['output-schema-mismatch', 'error-not-actionable', 'handle-weak'].includes(rule));

test('the lint-bait server: each planted defect is found, the clean tools get no finding', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(lintBaitMcpUrl()));
  // The report chip in the top bar shows the score before the report is opened.
  const chip = page.getByRole('banner').getByRole('button', { name: /^Report \d+$/ });
  await expect(chip).toBeVisible();
  await chip.click();
  const report = page.getByRole('region', { name: 'Server report' });
  await expect(report.getByLabel(/^Score \d+ out of 100$/)).toBeVisible();
  expect((await chip.textContent())?.replace('Report', '')).toBe(await report.getByLabel(/^Score/).textContent());
  await report.getByRole('button', { name: 'Run with active checks' }).click();
  await expect(report).toContainText('Active checks included');
  const findings = report.getByRole('list', { name: 'Findings' }).getByRole('listitem');
  for (const [rule, tool] of LISTED) {
    const withRule = findings.filter({ hasText: rule });
    await expect(
      tool === undefined ? withRule : withRule.filter({ has: page.getByRole('button', { name: tool, exact: true }) }),
    ).not.toHaveCount(0);
  }
  await report.getByRole('searchbox').fill('clean_');
  await expect(report).toContainText('No finding matches these filters.');
  // A score the worst tools drag down, capped by the errors.
  const score = Number((await report.getByLabel(/^Score/).textContent()) ?? '100');
  expect(score).toBeLessThanOrEqual(69);
});

test('demo: the model’s view, an export, per-tool findings, and a call’s output-schema mismatch', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'lookup_legacy_price'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').fill('prd_cab_001');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toBeVisible();
  // The tool's own view names the rule once the call is judged.
  await expect(page.getByText(/Report: \d+ findings? for this tool \(.*output-schema-mismatch/)).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('report');
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first()).toContainText('the server report');
  await page.keyboard.press('Enter');
  const report = page.getByRole('region', { name: 'Server report' });
  const findings = report.getByRole('list', { name: 'Findings' }).getByRole('listitem');
  await expect(findings.filter({ hasText: 'output-schema-mismatch' })).toContainText('lookup_legacy_price');
  await expect(findings.filter({ hasText: 'annotations-missing' })).toContainText('sync_inventory');
  const score = Number((await report.getByLabel(/^Score/).textContent()) ?? '0');
  expect(score).toBeGreaterThanOrEqual(60);

  const shots = process.env.TOOLSCOPE_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/report-1440.png` });
  await report.getByRole('tab', { name: 'Model’s view' }).click();
  const model = page.getByRole('region', { name: "Model's view" });
  await expect(model).toContainText(/[\d,]+ tokens/);
  await expect(model.getByRole('row')).toHaveCount(30); // header + 29 tools

  const download = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Export report' }).click();
  const file = await (await download).path();
  const markdown = await readFile(file, 'utf8');
  expect(markdown).toMatch(/^# Server report: toolscope-demo 0\.1\.0/);
  expect(markdown).toContain('`output-schema-mismatch`');

  // The palette finds the model's view by "model view" ("model" alone asks a model).
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('model view');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Model’s view' })).toHaveAttribute('aria-selected', 'true');
  await report.getByRole('tab', { name: /^Findings/ }).click();

  // A finding's tool opens that tool.
  await findings.filter({ hasText: 'annotations-missing' }).getByRole('button', { name: 'sync_inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Sync inventory' })).toBeVisible();
  await expect(page.getByText(/Report: 1 finding for this tool \(annotations-missing\)/)).toBeVisible();
});

test('the page never holds the tokenizer: the chip’s score and the report count in a worker', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(deepLink(demoMcpUrl()));
  const chip = page.getByRole('banner').getByRole('button', { name: /^Report \d+$/ });
  await expect(chip).toBeVisible();
  // The demo has tools past 500 bytes: their exact counts were asked of the worker.
  expect(fetched.some((path) => /\/assets\/tokenCount\.worker-[\w-]+\.js$/.test(path))).toBe(true);
  expect(fetched.filter((path) => /\/assets\/deps-[\w-]+\.js$/.test(path))).toEqual([]);
  // The report (and its model's view, which counts every tool) counts there too; the chip agrees with
  // it from connect on — the demo's skills (returns-desk is wrong on purpose) and app resources included,
  // read before the report is opened.
  const before = (await chip.textContent())?.replace('Report', '');
  await chip.click();
  const report = page.getByRole('region', { name: 'Server report' });
  await expect(report.getByLabel(/^Score \d+ out of 100$/)).toBeVisible();
  expect(await report.getByLabel(/^Score/).textContent()).toBe(before);
  expect((await chip.textContent())?.replace('Report', '')).toBe(before);
  await page.getByRole('tab', { name: 'Model’s view' }).click();
  await expect(report).toContainText('o200k_base via gpt-tokenizer');
  expect(fetched.filter((path) => /\/assets\/deps-[\w-]+\.js$/.test(path))).toEqual([]);
});

const shots = process.env.TOOLSCOPE_SCREENSHOTS;

test('readiness: server-everything needs a person for Claude’s directory until the person ticks those items; the demo is not ready', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(everythingMcpUrl()));
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Report \d+$/ })
    .click();
  const report = page.getByRole('region', { name: 'Server report' });
  await expect(report.getByLabel(/^Score \d+ out of 100$/)).toBeVisible();
  await report.getByRole('combobox', { name: 'Profile' }).selectOption('claude-directory');
  const readiness = report.getByRole('region', { name: 'Readiness' });
  await expect(readiness).toContainText('Needs a person');
  const blockers = readiness.getByRole('list', { name: 'Blockers' }).getByRole('listitem');
  await expect(blockers.filter({ hasText: 'Every tool has a title' })).toContainText('Met');
  const person = readiness.getByRole('list', { name: 'Needs a person' });
  const boxes = person.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  for (const box of await boxes.all()) await box.check();
  await expect(readiness).toContainText('Ready');
  if (shots) await page.screenshot({ path: `${shots}/readiness-1440.png` });
  const download = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Export report' }).click();
  const markdown = await readFile(await (await download).path(), 'utf8');
  expect(markdown).toContain('## Readiness: claude-directory — **Ready**');
  expect(markdown).toContain('confirmed by a person · Privacy policy, documentation, support contact, test account');

  // The demo: restock_product modifies data without a destructiveHint — a blocker, with its source.
  await page.goto(deepLink(demoMcpUrl()));
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Report \d+$/ })
    .click();
  await report.getByRole('combobox', { name: 'Profile' }).selectOption('claude-directory');
  await expect(readiness).toContainText('Not ready');
  const blocker = readiness.getByRole('list', { name: 'Blockers' }).getByRole('listitem').filter({ hasText: 'Every tool has a title' });
  await expect(blocker).toContainText('Not met');
  await expect(blocker).toContainText('restock_product: lacks readOnlyHint: true or a destructiveHint');
  await expect(blocker.getByRole('link', { name: 'source' })).toHaveAttribute(
    'href',
    'https://claude.com/docs/connectors/building/review-criteria',
  );
});

test('the Server Card: the demo serves one that agrees (shown, no server-card finding); server-everything serves none (said, not a finding)', async ({
  page,
}) => {
  await page.goto(deepLink(demoMcpUrl()));
  const report = await openReport(page);
  const card = report.getByRole('region', { name: 'Server Card' });
  await expect(card).toContainText('io.github.toolscope/demo-shop');
  await expect(card).toContainText(`${demoMcpUrl()}/server-card`);
  // Read on the page's own origin the header shows ("*"); read across origins (a mock, a proxy), that it passed.
  await expect(card).toContainText(/CORS (\*|allows this page)/);
  await expect(report.getByRole('list', { name: 'Findings' })).not.toContainText('server-card-');

  await page.goto(deepLink(everythingMcpUrl()));
  await expect(await openReport(page)).toContainText('No Server Card');
  await expect(page.getByRole('region', { name: 'Server Card' })).toHaveCount(0);
});
