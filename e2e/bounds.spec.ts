// Bounds in the page (issue 79): a tool whose description is 1 MB of letters without a break. The
// page connects, shows the tool, and makes the report — its token count linear (it took minutes
// before), said to be approximate — and nothing it does logs an error.
import { expect, test } from './fixtures/test.ts';
import { pageErrors } from './fixtures/console.ts';
import { openReport } from './fixtures/panes.ts';
import { deepLink, hugeMcpUrl } from './fixtures/urls.ts';

test('a 1 MB description without a break: the tool opens, the report counts it approximately, the page stays usable', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto(deepLink(hugeMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status', { name: 'Server' })).toContainText('huge');
  const report = await openReport(page);
  await expect(report.getByLabel(/^Score \d+ out of 100$/)).toBeVisible({ timeout: 30_000 });
  await report.getByRole('tab', { name: 'Model’s view' }).click();
  const model = page.getByRole('region', { name: "Model's view" });
  await expect(model).toContainText(/≈ [\d,]+ tokens/);
  await expect(model).toContainText('approximate: a text holds a run of 200+ characters');
  // Still answering: the palette opens and closes.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});
