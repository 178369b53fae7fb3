// Prompts and resources (issue 62) on @modelcontextprotocol/server-everything (others' code): the
// four prompts, args-prompt with its required city got, completion while typing, resources read,
// and a template read with a value that holds "/" and a space, encoded per RFC 6570.
import { expect, test, type Page } from './fixtures/test.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openDock, openTraffic, rowAction } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl, everythingMcpUrl } from './fixtures/urls.ts';

const run = promisify(execFile);
const sidebarTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name });

async function connect(page: Page) {
  await page.goto(deepLink(everythingMcpUrl()));
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Everything Reference Server');
}

test('prompts: the four listed; args-prompt says City is required, then gets its message; completion offers values while typing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await connect(page);
  await sidebarTab(page, 'Prompts').click();
  const list = page.getByRole('region', { name: 'Prompts' }).getByRole('list', { name: 'Prompt list' }).getByRole('listitem');
  await expect(list).toHaveCount(4);
  // One line each: the title first, the raw name after it.
  await expect(list.nth(0)).toHaveText(/^Simple Prompt\s*simple-prompt$/);
  await expect(list.nth(1)).toHaveText(/^Arguments Prompt\s*args-prompt$/);

  await list.nth(1).getByRole('button').click();
  // The UI contract's shape: one region "Prompts" holds the list, the form, Get prompt and the messages.
  const contract = page.getByRole('region', { name: 'Prompts' });
  await expect(contract.getByRole('form', { name: 'Prompt arguments' })).toBeVisible();
  await expect(contract.getByRole('button', { name: 'Get prompt' })).toBeVisible();
  const prompt = page.getByRole('region', { name: 'Prompt: args-prompt' });
  const form = prompt.getByRole('form', { name: 'Prompt arguments' });
  await expect(form.getByLabel(/^city/)).toBeVisible();
  // Nothing goes out without the required city: said, and not sent.
  await prompt.getByRole('button', { name: 'Get prompt' }).click();
  await expect(prompt.getByRole('alert').filter({ hasText: 'Not sent' })).toContainText('city is required');
  await form.getByLabel(/^city/).fill('Lisbon');
  await prompt.getByRole('button', { name: 'Get prompt' }).click();
  const messages = prompt.getByRole('region', { name: 'Prompt messages' });
  await expect(messages).toContainText('1 message');
  await expect(messages).toContainText('user');
  await expect(messages).toContainText("What's weather in Lisbon?");
  await expect(messages).toContainText(/\d+ tokens of text/);
  await expect(contract.getByRole('region', { name: 'Prompt messages' })).toBeVisible();

  // Completion: the department narrows as typed; the name is completed with the department as context.
  await list.nth(2).getByRole('button').click();
  const team = page.getByRole('region', { name: 'Prompt: completable-prompt' });
  const teamForm = team.getByRole('form', { name: 'Prompt arguments' });
  await teamForm.getByLabel(/^department/).fill('E');
  const departments = team.getByRole('listbox', { name: 'Suggestions for department' });
  await expect(departments.getByRole('option', { name: 'Engineering' })).toBeVisible();
  await departments.getByRole('option', { name: 'Engineering' }).click();
  await expect(teamForm.getByLabel(/^department/)).toHaveValue('Engineering');
  await expect(team).toContainText('✓ A value the server offers.');
  await teamForm.getByLabel(/^name/).fill('A');
  await expect(team.getByRole('listbox', { name: 'Suggestions for name' }).getByRole('option', { name: 'Alice' })).toBeVisible();

  // Traffic holds the exchanges (the one request path).
  await openTraffic(page);
  await expect(page.getByRole('region', { name: 'Traffic' })).toContainText('completion/complete');
  await expect(page.getByRole('region', { name: 'Traffic' })).toContainText('prompts/get');
});

test('resources: listed and read; a template read with “a/b c”, the value encoded per RFC 6570', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await connect(page);
  await sidebarTab(page, 'Resources').click();
  const region = page.getByRole('region', { name: 'Resources' });
  const resources = region.getByRole('list', { name: 'Resource list' }).getByRole('listitem');
  await expect(resources.first()).toHaveText(/^architecture\.md/);
  await resources.first().getByRole('button').click();
  const opened = page.getByRole('region', { name: 'Resource: architecture.md' });
  await expect(opened).toContainText('demo://resource/static/document/architecture.md');
  await expect(opened).toContainText('text/markdown');
  await expect(opened.getByRole('region', { name: 'Resource contents' })).toContainText('1 content read');

  const templates = region.getByRole('list', { name: 'Resource templates' }).getByRole('listitem');
  await expect(templates).toHaveCount(2);
  await templates.filter({ hasText: 'Dynamic Text Resource' }).getByRole('button').click();
  const template = page.getByRole('region', { name: 'Resource template: Dynamic Text Resource' });
  await template
    .getByRole('form', { name: 'Template variables' })
    .getByLabel(/^resourceId/)
    .fill('a/b c');
  await expect(template).toContainText('Reads demo://resource/dynamic/text/a%2Fb%20c');
  await template.getByRole('button', { name: 'Read resource' }).click();
  // The server wants an integer: its answer is said (and the URI it was asked for is in Traffic).
  await openTraffic(page);
  await expect(page.getByRole('region', { name: 'Traffic' })).toContainText('resources/read');
  await template
    .getByRole('form', { name: 'Template variables' })
    .getByLabel(/^resourceId/)
    .fill('3');
  await template.getByRole('button', { name: 'Read resource' }).click();
  await expect(template.getByRole('region', { name: 'Resource contents' })).toContainText('demo://resource/dynamic/text/3');
});

test('a subscribed resource is read again when the server says it changed (resources/updated)', async ({ page }) => {
  // server-everything sends updates every 5 s for what a session subscribed to, once this tool is on.
  await page.goto(deepLink(everythingMcpUrl(), 'toggle-subscriber-updates'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(/started|enabled|on/i);
  await sidebarTab(page, 'Resources').click();
  await page.getByRole('list', { name: 'Resource list' }).getByRole('listitem').first().getByRole('button').click();
  const opened = page.getByRole('region', { name: 'Resource: architecture.md' });
  await expect(opened).toContainText('Subscribed');
  const readAt = opened.getByText(/^Read at /);
  await expect(readAt).toBeVisible();
  const first = await readAt.textContent();
  await expect(readAt).not.toHaveText(first ?? '', { timeout: 15_000 });
  await openTraffic(page);
  const traffic = page.getByRole('region', { name: 'Traffic' });
  await expect(traffic).toContainText('resources/subscribe');
  await expect(traffic).toContainText('notifications/resources/updated');
  // Back on Tools and back again: the resource is still the one open.
  await sidebarTab(page, 'Tools').click();
  await sidebarTab(page, 'Resources').click();
  await expect(opened).toBeVisible();
});

test('a server without prompts or resources has no such tabs; the phone reaches the prompts', async ({ page }) => {
  await page.goto(deepLink(demoMcpUrl()));
  await expect(page.getByRole('list', { name: 'Tool list' })).toBeVisible();
  await expect(sidebarTab(page, 'Skills')).toBeVisible();
  await expect(sidebarTab(page, 'Prompts')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await connect(page);
  await sidebarTab(page, 'Prompts').click();
  await page.getByRole('list', { name: 'Prompt list' }).getByRole('listitem').nth(1).getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Prompt: args-prompt' }).getByRole('button', { name: 'Get prompt' })).toBeInViewport();
});

test('History keeps a prompt get: Replay gets it again, Edit and replay fills its form, Copy as curl gets it from the shell', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await connect(page);
  await sidebarTab(page, 'Prompts').click();
  const list = page.getByRole('region', { name: 'Prompts' }).getByRole('list', { name: 'Prompt list' }).getByRole('listitem');
  await list.filter({ hasText: 'args-prompt' }).getByRole('button').click();
  const prompt = page.getByRole('region', { name: 'Prompt: args-prompt' });
  await prompt.getByRole('form', { name: 'Prompt arguments' }).getByLabel(/^city/).fill('Porto');
  await prompt.getByRole('button', { name: 'Get prompt' }).click();
  await expect(prompt.getByRole('region', { name: 'Prompt messages' })).toContainText("What's weather in Porto?");

  await openDock(page, 'History');
  const rows = page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Calls' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('args-prompt');
  await expect(rows.first()).toContainText('prompt');
  await expect(rows.first()).toContainText('Success');
  await expect(rows.first()).toContainText('"city":"Porto"');

  // Replay from the Tools tab: the prompt opens and is got again — a second row, the same message.
  await sidebarTab(page, 'Tools 15').click();
  await rows.first().getByRole('button', { name: 'Replay' }).click();
  await expect(sidebarTab(page, 'Prompts')).toHaveAttribute('aria-selected', 'true');
  const again = page.getByRole('region', { name: 'Prompt: args-prompt' });
  await expect(again.getByRole('region', { name: 'Prompt messages' })).toContainText("What's weather in Porto?");
  await expect(rows).toHaveCount(2);

  // Edit and replay: the form filled in, nothing sent.
  await rowAction(rows.first(), 'Edit and replay');
  await expect(
    page.getByRole('region', { name: 'Prompt: args-prompt' }).getByRole('form', { name: 'Prompt arguments' }).getByLabel(/^city/),
  ).toHaveValue('Porto');
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toHaveCount(0);
  await expect(rows).toHaveCount(2);

  // Copy as curl: prompts/get, run by the shell against the same server.
  // A prompt's get is no saved call: its menu has no Save.
  await rows.first().hover();
  await rows
    .first()
    .getByRole('button', { name: /^More actions for/ })
    .click();
  await expect(rows.first().getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await rows.first().getByRole('button', { name: 'Copy as curl', exact: true }).click();
  const toast = page.getByRole('status', { name: 'Notification' });
  await expect(toast).toContainText('copied');
  const curl = (await toast.getByLabel('Copied text').textContent()) ?? '';
  expect(curl).toContain('prompts/get');
  const { stdout } = await run('sh', ['-c', curl], { encoding: 'utf8', timeout: 20_000 });
  expect(stdout).toContain("What's weather in Porto?");
});
