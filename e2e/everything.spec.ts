// The same core journey against @modelcontextprotocol/server-everything (2025 era, others' code).
import { expect, test, type Page } from './fixtures/test.ts';
import { deepLink, everythingMcpUrl } from './fixtures/urls.ts';

const result = (page: Page) => page.getByRole('region', { name: 'Result' });

async function open(page: Page, tool: string, title: string) {
  await page.goto(deepLink(everythingMcpUrl(), tool));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('2025-11-25');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test('connects in the 2025 era and lists the tools with all four annotations', async ({ page }) => {
  await page.goto(deepLink(everythingMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected');
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Everything Reference Server');
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByText(/^\d+ tools · 1 page$/)).toBeVisible();
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('echo');
  await expect(tools.getByRole('button', { name: /^Echo Tool/ }).getByLabel('Read-only', { exact: true })).toBeVisible();
});

test('get-sum', async ({ page }) => {
  await open(page, 'get-sum', 'Get Sum Tool');
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('a', { exact: true }).fill('2');
  await form.getByLabel('b', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('The sum of 2 and 3 is 5.');
});

test('get-tiny-image', async ({ page }) => {
  await open(page, 'get-tiny-image', 'Get Tiny Image Tool');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const image = result(page).getByRole('img', { name: /image\/png/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
});

test('get-structured-content', async ({ page }) => {
  await open(page, 'get-structured-content', 'Get Structured Content Tool');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('location').selectOption('Chicago');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page).getByRole('region', { name: 'Structured content' })).toContainText('Matches output schema');
});

test('get-resource-links, then read one', async ({ page }) => {
  await open(page, 'get-resource-links', 'Get Resource Links Tool');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const links = result(page).getByRole('button', { name: /Resource \d/ });
  await expect(links.first()).toBeVisible();
  await links.first().click();
  await expect(
    result(page)
      .getByText(/demo:\/\/resource\/dynamic\//)
      .nth(1),
  ).toBeVisible();
});
