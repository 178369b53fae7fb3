// Skills (SEP-2640) in the page: the demo's two skills, a file read and verified, the planted
// digest mismatch marked on its file; the report's skill rules; no entry where there are no skills.
import { expect, test } from './fixtures/test.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl } from './fixtures/urls.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;

test('the demo’s skills: listed, opened, a file verified, the planted digest mismatch marked; the report names the missing tool', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl()));
  await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Skills' }).click();
  const view = page.getByRole('region', { name: 'Skills', exact: true });
  const list = page.getByRole('list', { name: 'Skill list' }).getByRole('listitem');
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toHaveText(/^shop-assistant/);
  await expect(list.nth(1)).toHaveText(/^returns-desk/);

  // The first skill opens with its SKILL.md rendered; its other file reads and verifies.
  const shop = view.getByRole('region', { name: 'Skill: shop-assistant' });
  await expect(shop.getByRole('heading', { name: 'Shop assistant' })).toBeVisible();
  const shopFiles = shop.getByRole('list', { name: 'Skill files' }).getByRole('listitem');
  await expect(shopFiles.filter({ hasText: 'SKILL.md' })).toContainText('✓ verified');
  await shop.getByRole('button', { name: 'Read references/CHECKOUT.md' }).click();
  await expect(shopFiles.filter({ hasText: 'references/CHECKOUT.md' })).toContainText('✓ verified');
  await expect(shopFiles.filter({ hasText: 'references/CHECKOUT.md' })).toContainText('Never call `checkout`');

  // The planted skill: its rules file is not the one its digest covers.
  await list.nth(1).getByRole('button').click();
  const returns = view.getByRole('region', { name: 'Skill: returns-desk' });
  await expect(returns.getByRole('heading', { name: 'Returns desk' })).toBeVisible();
  // The view says what the report says of this skill, before anything else is read.
  const said = returns.getByRole('list', { name: 'Report findings' });
  await expect(said).toContainText('skill-tool-missing');
  await expect(said).toContainText('issue_refund');
  await expect(said).toContainText('skill-digest-mismatch');
  await expect(list.nth(1)).toContainText(/\d+ findings?/);
  await expect(shop.getByRole('list', { name: 'Report findings' })).toHaveCount(0);
  await returns.getByRole('button', { name: 'Read references/REFUNDS.md' }).click();
  const refunds = returns.getByRole('list', { name: 'Skill files' }).getByRole('listitem').filter({ hasText: 'references/REFUNDS.md' });
  await expect(refunds).toContainText('digest mismatch');
  await expect(refunds).toContainText('skill-digest-mismatch');
  // Content that failed verification is not shown.
  await expect(refunds).not.toContainText('a new account');
  if (shots) await page.screenshot({ path: `${shots}/skills-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone it is reachable (below the skill's findings): scrolled to, it shows.
  await refunds.scrollIntoViewIfNeeded();
  await expect(refunds).toBeInViewport({ ratio: 0.1 });
  if (shots) await page.screenshot({ path: `${shots}/skills-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The report reads every skill as a host would load it: the missing tool on returns-desk only.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Report \d+$/ })
    .click();
  const findings = page.getByRole('region', { name: 'Server report' }).getByRole('list', { name: 'Findings' }).getByRole('listitem');
  await expect(findings.filter({ hasText: 'skill-tool-missing' })).toHaveCount(1);
  await expect(findings.filter({ hasText: 'skill-tool-missing' })).toContainText('returns-desk');
  await expect(findings.filter({ hasText: 'skill-tool-missing' })).toContainText('issue_refund');
  await expect(findings.filter({ hasText: 'skill-digest-mismatch' })).toContainText('returns-desk');
});

test('the palette opens the skills; a server without the extension has no Skills entry', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Skills' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('skills');
  await expect(palette.getByRole('option', { selected: true })).toHaveText(/^Actions\s*Skills/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Skill list' })).toBeVisible();

  await page.goto(deepLink(everythingMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await expect(page.getByRole('list', { name: 'Tool list' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Skills' })).toHaveCount(0);
});
