import { expect, test } from './fixtures/test.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl } from './fixtures/urls.ts';
import { openFindATool, openCallSettings } from './fixtures/panes.ts';
const dir = '/tmp/shots';
test('shots', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(everythingMcpUrl()));
  await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Prompts' }).click();
  await page.getByRole('list', { name: 'Prompt list' }).getByRole('listitem').nth(2).getByRole('button').click();
  const form = page.getByRole('form', { name: 'Prompt arguments' });
  await form.getByLabel(/^department/).fill('E');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.screenshot({ path: `${dir}/prompts-1440.png` });
  await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Resources' }).click();
  await page.getByRole('list', { name: 'Resource list' }).getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toBeVisible();
  await page.screenshot({ path: `${dir}/resources-1440.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('list', { name: 'Resource templates' }).getByRole('listitem').first().getByRole('button').click();
  await page
    .getByRole('form', { name: 'Template variables' })
    .getByLabel(/^resourceId/)
    .fill('3');
  await page.getByRole('button', { name: 'Read resource' }).click();
  await page.screenshot({ path: `${dir}/template-1440-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('query').fill('cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await page.screenshot({ path: `${dir}/tool-1440.png` });
  await openCallSettings(page);
  await page.screenshot({ path: `${dir}/details-1440.png` });
  await page.keyboard.press('Escape');
  await openFindATool(page);
  await page.getByRole('searchbox', { name: 'Query' }).fill('basket');
  await page.screenshot({ path: `${dir}/find-1440.png` });
  await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Skills' }).click();
  await page.screenshot({ path: `${dir}/skills-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(deepLink(everythingMcpUrl()));
  await page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Prompts' }).click();
  await page.screenshot({ path: `${dir}/prompts-390.png` });
});
