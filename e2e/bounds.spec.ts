// Bounds in the page (issue 79): a tool whose description is 1 MB of letters without a break — the
// page connects, shows the tool, and makes the report, its token count linear (it took minutes
// before) and said to be approximate — and a 20 MB tools/list, refused with the cap per answer.
import { expect, test } from './fixtures/test.ts';
import { pageErrors } from './fixtures/console.ts';
import { openReport } from './fixtures/panes.ts';
import { deepLink, hugeListMcpUrl, hugeMcpUrl } from './fixtures/urls.ts';

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

test('a 20 MB tools/list: refused with the cap named, never read until the page stops answering', async ({ page }) => {
  await page.goto(deepLink(hugeListMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status', { name: 'Server' })).toContainText('huge');
  await expect(page.getByText(/Listing tools failed: The server's answer passed 16 MB \(the cap per answer\)/)).toBeVisible({
    timeout: 30_000,
  });
  // What the UI says is what happened: no CORS blamed.
  await expect(page.getByText(/CORS/)).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
});
