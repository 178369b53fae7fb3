// One calm workspace (the fourth design review's target): what fills the work area when no tool is
// open, badges that fit their rows, and the controls a person faces on the tool screen.
import { expect, test, type Page } from './fixtures/test.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};
const chipScore = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Report \d+$/ });

test('connected with no tool open: a Server overview — name, version, era, tools, the report’s score (the chip’s) and its worst findings, one button to start', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl()));
  const overview = page.getByRole('region', { name: 'Server overview' });
  await expect(overview.getByRole('heading', { level: 2 })).toHaveText('Toolscope demo shop');
  await expect(overview).toContainText('version 0.1.0');
  await expect(overview).toContainText('protocol 2026-07-28');
  await expect(overview).toContainText('29 tools · offers skills');
  await expect(chipScore(page)).toBeVisible();
  const score = (await chipScore(page).textContent())?.replace('Report', '').trim();
  await expect(overview.getByRole('region', { name: 'Report summary' })).toContainText(`${score} / 100`);
  await expect(overview.getByRole('region', { name: 'Report summary' }).getByRole('listitem')).toHaveCount(3);
  await expect(overview.getByRole('region', { name: 'Report summary' }).getByRole('listitem').first()).toContainText(/^error/);
  await shot(page, 'overview-1440');
  await overview.getByRole('button', { name: 'Open Search catalog' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Search catalog' })).toBeVisible();
  await expect(overview).toHaveCount(0);
});
