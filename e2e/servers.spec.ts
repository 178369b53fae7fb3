// Saved servers with mcpServers JSON import/export, and the era remembered per server.
import { openServerDetails } from './fixtures/panes.ts';
import { expect, test } from './fixtures/test.ts';
import { appUrl, deepLink, demoMcpUrl, everythingMcpUrl, protectedMcpUrl, protectedToken } from './fixtures/urls.ts';

test('saves servers (header values only when asked), exports and imports mcpServers JSON, and opens one', async ({ page }) => {
  await page.goto(appUrl());
  await page.getByLabel('Server URL').fill(protectedMcpUrl());
  await page.getByText('Custom headers').click();
  await page.getByRole('button', { name: 'Add header' }).click();
  await page.getByLabel('Header 1 name').fill('X-API-Key');
  await page.getByLabel('Header 1 value').fill(protectedToken());

  await page.getByText('Saved servers', { exact: true }).click();
  await page.getByLabel('Name for this server').fill('protected shop');
  await page.getByRole('button', { name: 'Save this server' }).click();
  await expect(page.getByText('Saved “protected shop” (header names only, no values).')).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const json = page.getByLabel('mcpServers JSON');
  expect(JSON.parse(await json.inputValue())).toEqual({
    mcpServers: { 'protected shop': { type: 'http', url: protectedMcpUrl(), headers: { 'X-API-Key': '' } } },
  });
  expect(await json.inputValue()).not.toContain(protectedToken());

  await json.fill(
    JSON.stringify({
      mcpServers: {
        everything: { type: 'http', url: everythingMcpUrl() },
        files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
      },
    }),
  );
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 1 server. 1 stdio server: open from a terminal (below).')).toBeVisible();
  // A stdio entry is never started from the browser: it shows the terminal line that opens it.
  const stdio = page.getByRole('region', { name: 'stdio servers' });
  await expect(stdio.getByText('npx toolscope -- npx -y @modelcontextprotocol/server-filesystem /tmp', { exact: true })).toBeVisible();
  await expect(stdio.getByRole('button', { name: /^Copy npx toolscope --config/ })).toBeVisible();

  // Saved servers survive a reload; opening one connects.
  await page.reload();
  await page.getByText('Saved servers (2)').click();
  await page.getByRole('button', { name: 'Open everything' }).click();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');
  // Connected, the URL is in Server details, and no URL box is left in the page (17-ux-review-5, line 15).
  await expect(await openServerDetails(page)).toContainText(everythingMcpUrl());
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveCount(0);

  // A saved server without its secret fills the form and waits for the value. Connected, the saved
  // servers are in Server details.
  await (
    await openServerDetails(page)
  )
    .locator('summary')
    .filter({ hasText: /^Saved servers/ })
    .click();
  await page.getByRole('button', { name: 'Open protected shop' }).click();
  await expect(page.getByLabel('Server URL')).toHaveValue(protectedMcpUrl());
  await expect(page.getByLabel('Header 1 name')).toHaveValue('X-API-Key');
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Not connected');
  await page.getByLabel('Header 1 value').fill(protectedToken());
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Connected to');

  await (
    await openServerDetails(page)
  )
    .locator('summary')
    .filter({ hasText: /^Saved servers/ })
    .click();
  await page.getByRole('button', { name: 'Remove everything' }).click();
  await expect(page.getByText('Saved servers (1)')).toBeVisible();
});

test('the negotiated era is remembered per server, whatever the URL’s spelling, and used on the next connection', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('stateless 2026 era)');
  await page.reload();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('stateless 2026 era, remembered for this server)');
  // The same server typed with an upper-case scheme and a fragment: the same memory.
  const respelled = demoMcpUrl().replace(/^http:/, 'HTTP:') + '#tools';
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('textbox', { name: 'Server URL' }).fill(respelled);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('stateless 2026 era, remembered for this server)');
});
