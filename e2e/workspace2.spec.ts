// The workspace, second step: the response pane owns the call (one outcome pill, progress and
// Cancel where the result appears), actions beside the result, one toast per copy.
import { expect, test, type Page } from '@playwright/test';
import { pageErrors } from './fixtures/console.ts';
import { openTraffic } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
/** How colourful a computed colour is, on CIELAB's chroma scale (grey slate ≈ 15, amber or red > 40). */
function chroma(colour: string): number {
  const lab = /lab\(\s*[\d.]+%?\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(colour);
  if (lab?.[1] && lab[2]) return Math.hypot(Number(lab[1]), Number(lab[2]));
  const oklch = /oklch\(\s*[\d.]+%?\s+([\d.]+)/.exec(colour);
  if (oklch?.[1]) return Number(oklch[1]) * 150;
  throw new Error(`not a lab or oklch colour: ${colour}`);
}
const outcome = (page: Page) => result(page).getByRole('status', { name: 'Outcome' });

test('a long call: Running with progress and Cancel in the response pane within 1 s; Esc → a grey “Cancelled”, “Failed” nowhere', async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'compile_annual_report'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('interval_ms').fill('200');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const started = Date.now();
  await expect(outcome(page)).toHaveText(/^Running/, { timeout: 1000 });
  await expect(result(page).getByRole('progressbar')).toBeVisible({ timeout: 1000 });
  await expect(result(page).getByRole('button', { name: 'Cancel' })).toBeVisible({ timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(1500);
  await expect(result(page)).toContainText(/\d+ of \d+/); // the server's progress
  await shot(page, 'w2-running');
  await page.keyboard.press('Escape');
  await expect(outcome(page)).toHaveText(/^Cancelled/);
  const pill = outcome(page).locator('span').first();
  // Grey (slate), not red.
  expect(chroma(await pill.evaluate((element) => getComputedStyle(element).color))).toBeLessThan(25);
  await expect(page.getByText(/failed/i)).toHaveCount(0);
  const traffic = await openTraffic(page);
  await expect(traffic.getByRole('heading', { level: 2 })).not.toContainText('failed');
  expect(errors).toEqual([]);
});

test('a tool error is an amber “Tool error”, a protocol error a red “Protocol error −32602”, and success is green', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'lookup_legacy_price'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('product_id').fill('prd_nope');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Tool error/);
  const tone = async () =>
    outcome(page)
      .locator('span')
      .first()
      .evaluate((element) => getComputedStyle(element).color);
  const amber = await tone();

  // Sent anyway with an argument the schema forbids: the server answers -32602.
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('button', { name: 'Edit as JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments JSON' }).fill('{"query": "usb", "limit": 500}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Not sent/);
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(outcome(page)).toHaveText(/^Protocol error -32602/);
  const red = await tone();
  expect(red).not.toBe(amber);
  expect(chroma(amber)).toBeGreaterThan(30);
  expect(chroma(red)).toBeGreaterThan(30);

  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Success · [\d.]+ (ms|s) · [\d.]+ (B|KB)/);
});

test('after a first call Copy as curl takes two clicks and one toast; after a second, Compare with previous shows the diff in the pane', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Success/);
  await expect(result(page).getByRole('button', { name: 'Compare with previous' })).toBeDisabled();

  await result(page).getByRole('button', { name: 'Copy as' }).click();
  await result(page).getByRole('menuitem', { name: 'curl' }).click();
  const toast = page.getByRole('status', { name: 'Notification' });
  await expect(toast).toContainText('curl copied');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await toast.getByLabel('Copied text').textContent()).toContain('search_catalog');

  await form.getByLabel('query').fill('keyboard');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(outcome(page)).toHaveText(/^Success/);
  await result(page).getByRole('button', { name: 'Compare with previous' }).click();
  const comparison = result(page).getByRole('region', { name: 'Comparison' });
  await expect(comparison).toBeVisible();
  await expect(comparison).toContainText('structuredContent');
  await shot(page, 'w2-compare');
  await result(page).getByRole('tab', { name: 'This result' }).click();
  await expect(result(page)).toContainText('keyboard');
});
