// Find a server: the MCP Registry searched from the page (a test registry fed by the registry's
// own seed data and examples), a remote opened through its variables and secret header, a package
// turned into the line to paste, a deprecated entry, registries that fail, the server.json workbench.
import { expect, test, type Page } from './fixtures/test.ts';
import { openDock, openTraffic } from './fixtures/panes.ts';
import { appUrl, brokenRegistryUrl, htmlRegistryUrl, protectedToken, registryUrl } from './fixtures/urls.ts';

const shots = process.env.TOOLSCOPE_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};
const find = (page: Page) => page.getByRole('region', { name: 'Find a server' });
const servers = (page: Page) => find(page).getByRole('list', { name: 'Registry servers' });

async function search(page: Page, words: string, base = registryUrl()) {
  await find(page).getByRole('textbox', { name: 'Registry URL' }).fill(base);
  await find(page).getByRole('searchbox', { name: 'Search the registry' }).fill(words);
  await find(page).getByRole('searchbox', { name: 'Search the registry' }).press('Enter');
}

test('search → an entry → a remote with a {tenant} variable and a required secret header → connected; the secret is nowhere to be read', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(appUrl());
  await search(page, 'shop');
  await expect(servers(page).getByRole('listitem')).toHaveCount(2);
  const old = servers(page)
    .getByRole('listitem')
    .filter({ hasText: /^io\.github\.toolscope\/old-shop/ });
  await expect(old).toContainText('deprecated');
  await expect(old).toContainText('Moved to io.github.toolscope/demo-shop');
  await shot(page, 'registry-1440-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'registry-1440-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await servers(page).getByRole('button', { name: 'Open io.github.toolscope/demo-shop' }).click();
  const form = find(page).getByRole('form', { name: 'Connect to remote' });
  await expect(form.getByLabel('X-API-Key')).toHaveAttribute('type', 'password');
  // Connect without the required values: said, nothing sent.
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Fill in tenant, X-API-Key.');
  // Each field is named by its variable or header name alone (the contract's "labelled by its name").
  await form.getByRole('textbox', { name: 'tenant', exact: true }).fill('acme');
  await form.getByLabel('X-API-Key').fill(protectedToken());
  await shot(page, 'registry-entry-1440');
  await form.getByRole('button', { name: 'Connect', exact: true }).click();

  // The protected demo answers only with the key: connected means the header was received.
  const chip = page.getByRole('banner').getByRole('status', { name: 'Server' });
  await expect(chip).toContainText('Toolscope demo shop');
  await chip.locator('summary').first().click();
  await expect(chip).toContainText('Found in');
  await expect(chip).toContainText('the MCP Registry: io.github.toolscope/demo-shop 1.0.0');
  await expect(chip).toContainText('?tenant=acme');
  await page.keyboard.press('Escape');

  await page
    .getByRole('region', { name: 'Tools' })
    .getByRole('button', { name: /^Current time/ })
    .click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' }).getByRole('status', { name: 'Outcome' })).toHaveText(/^Success/);

  const traffic = await openTraffic(page);
  await traffic.getByText('tools/list').first().click();
  await expect(traffic).toContainText('x-api-key: REDACTED');
  await expect(traffic).not.toContainText(protectedToken());
  const history = await openDock(page, 'History');
  await expect(history).not.toContainText(protectedToken());
  // Exports leave the key out too (Copy as curl names the header and asks for its value).
  const entry = history.getByRole('listitem').first();
  await entry.hover();
  await entry.getByRole('button', { name: /^More actions for/ }).click();
  await entry.getByRole('button', { name: 'Copy as curl', exact: true }).click();
  const copied = page.getByRole('status', { name: 'Notification' }).getByLabel('Copied text');
  await expect(copied).toContainText('tenant=acme');
  await expect(copied).not.toContainText(protectedToken());
  expect(await page.content()).not.toContain(protectedToken());
  // Disconnected, the recent list says where the server was found.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('found in the MCP Registry: io.github.toolscope/demo-shop 1.0.0')).toBeVisible();
});

test('an npm package entry: the exact npx toolscope line to paste, with Copy; nothing is run', async ({ page }) => {
  // A phone: the view fits its width (nothing scrolls sideways).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(appUrl());
  await search(page, 'everything');
  await servers(page).getByRole('button', { name: 'Open io.github.modelcontextprotocol/server-everything' }).click();
  const line = find(page).getByRole('region', { name: 'Terminal line' });
  await expect(line.locator('code')).toHaveText('npx toolscope -- npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio');
  await shot(page, 'registry-entry-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await line.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('status', { name: 'Notification' }).getByLabel('Copied text')).toHaveText(
    'npx toolscope -- npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio',
  );

  // The registry's own seed: a secret becomes a placeholder, an mcpb bundle says why there is no line.
  await find(page).getByRole('button', { name: '← Results' }).click();
  await search(page, 'airtable');
  await servers(page).getByRole('button', { name: 'Open io.github.domdomegg/airtable-mcp-server' }).click();
  await expect(find(page).getByRole('combobox', { name: 'Version' })).toHaveValue('1.7.3');
  const lines = find(page).getByRole('region', { name: 'Terminal line' });
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0).locator('code')).toHaveText(
    "npx toolscope --env 'AIRTABLE_API_KEY=<AIRTABLE_API_KEY>' -- npx -y airtable-mcp-server@1.7.3",
  );
  await expect(lines.nth(0)).toContainText('Replace <AIRTABLE_API_KEY> before running it');
  await expect(lines.nth(2)).toContainText('No line: an MCP bundle (.mcpb) is installed into a desktop host');
  // An older version, from the versions list.
  await find(page).getByRole('combobox', { name: 'Version' }).selectOption('1.7.2');
  await expect(lines.nth(0).locator('code')).toContainText('airtable-mcp-server@1.7.2');
});

test('a registry that answers 500 or HTML is said, and the page stays usable', async ({ page }) => {
  await page.goto(appUrl());
  await search(page, 'shop', brokenRegistryUrl());
  await expect(find(page).getByRole('alert')).toContainText('The registry answered HTTP 500: Internal server error');
  await search(page, 'shop', htmlRegistryUrl());
  await expect(find(page).getByRole('alert')).toContainText('answered HTML that is not JSON');
  await search(page, 'shop', 'javascript:alert(1)');
  await expect(find(page).getByRole('alert')).toContainText('is not http(s)');
  // The rest of Toolscope works: the demo connects.
  await page.getByRole('button', { name: 'Try the demo server' }).click();
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  // The Registry URL is remembered as last used, and the palette opens the same view over the workspace.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command' }).fill('find a server');
  await page.keyboard.press('Enter');
  await expect(find(page).getByRole('textbox', { name: 'Registry URL' })).toHaveValue(htmlRegistryUrl());
});

test('the server.json workbench: an invalid entry at its JSON paths, then compared with the connected server', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(appUrl());
  await find(page).getByRole('button', { name: 'Check a server.json…' }).click();
  const bench = find(page).getByRole('region', { name: 'server.json workbench' });
  await bench.getByRole('textbox', { name: 'server.json' }).fill(
    JSON.stringify({
      name: 'no-slash',
      description: 'x',
      version: '^1.0.0',
      packages: [
        {
          registryType: 'npm',
          identifier: 'x',
          version: 'latest',
          transport: { type: 'stdio' },
          packageArguments: [{ type: 'positional' }],
        },
      ],
    }),
  );
  const problems = bench.getByRole('list', { name: 'Problems' }).getByRole('listitem');
  await expect(problems).toHaveText([
    /^\$schema.*warning.*missing/,
    /^name.*"no-slash" is not namespace\/name/,
    /^packages\[0\]\.version.*not "latest"/,
    /^packages\[0\]\.packageArguments\[0\].*valueHint or a value/,
    /^version.*is a range/,
  ]);
  await shot(page, 'workbench-1440');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'workbench-1440-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Connected to the demo, the demo shop's entry is compared with what it serves.
  await page.getByRole('button', { name: 'Try the demo server' }).click();
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^29 tools/)).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command' }).fill('find a server');
  await page.keyboard.press('Enter');
  await search(page, 'demo-shop');
  await servers(page).getByRole('button', { name: 'Open io.github.toolscope/demo-shop' }).click();
  await find(page).getByRole('button', { name: 'Check this server.json' }).click();
  const compared = find(page).getByRole('list', { name: 'Compared with the connected server' });
  await expect(compared).toContainText('serverjson-remote');
  await expect(compared).toContainText("is none of the entry's remotes");
});
