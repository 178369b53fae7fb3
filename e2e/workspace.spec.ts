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

test('each tool row shows one badge (the hint that matters most) and “+N” for the rest: none is clipped at 1440 or 390', async ({
  page,
}) => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(deepLink(demoMcpUrl()));
    const tools = page.getByRole('region', { name: 'Tools' });
    await expect(tools.getByText(/^29 tools/)).toBeVisible();
    const list = tools.getByRole('list', { name: 'Tool list' });
    // Delete basket: destructive first; idempotent stands behind “+1”, named so.
    const remove = list.getByRole('listitem').filter({ hasText: 'Delete basket' });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove.getByLabel('Destructive', { exact: true })).toBeVisible();
    await expect(remove.getByLabel('Idempotent', { exact: true })).toHaveText('+1');
    const clipped = await list.evaluate((element) =>
      [...element.querySelectorAll('li span[aria-label]')]
        .filter(
          (badge) =>
            badge.scrollWidth > badge.clientWidth + 1 ||
            badge.getBoundingClientRect().right > badge.closest('li')!.getBoundingClientRect().right + 1,
        )
        .map((badge) => `${badge.closest('li')?.textContent}: ${badge.getAttribute('aria-label')}`),
    );
    expect(clipped).toEqual([]);
    // The chip names the server whole, on a phone too (its protocol revision gives way first).
    const name = page.getByRole('banner').getByRole('status', { name: 'Server' }).getByText('Toolscope demo shop', { exact: true });
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await shot(page, `badges-${width}`);
  }
});
