// stdio servers written by others, opened the way a user opens them: `toolscope -- <command>`
// prints a link; the page connects to the bridge, shows what runs, its stderr, and restarts it.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures/test.ts';
import { openDock } from './fixtures/panes.ts';
import { startToolscopeCli, stdioServers } from '../server/testing/testServers.ts';
import { stdioCrashFile, stdioCrashingLink, stdioEverythingLink, stdioFilesDir, stdioFilesLink } from './fixtures/urls.ts';

const console_ = (page: Page) => page.getByRole('region', { name: 'Server console' });
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const withTool = (link: string, tool: string) => `${link}&tool=${encodeURIComponent(tool)}`;

async function showConsole(page: Page) {
  await openDock(page, 'Server console');
}

test('server-everything over stdio: what runs, its startup line, a call, and a restart that keeps the open tool and its arguments', async ({
  page,
}) => {
  await page.goto(withTool(stdioEverythingLink(), 'echo'));
  const status = page.getByRole('banner').getByRole('status').first();
  await expect(status).toContainText('Connected');
  await expect(status).toContainText(/stdio: \S*node \S*server-everything\/dist\/index\.js stdio \(pid \d+\)/);
  await expect(page.getByRole('heading', { level: 2, name: 'Echo Tool' })).toBeVisible();

  await showConsole(page);
  await expect(console_(page)).toContainText('Starting default (STDIO) server');

  const message = page.getByRole('form', { name: 'Arguments' }).getByLabel('message', { exact: true });
  await message.fill('over stdio ✓');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Echo: over stdio ✓');

  const pid = /\(pid (\d+)\)/.exec((await status.textContent()) ?? '')?.[1];
  expect(pid).toBeTruthy();
  await message.fill('typed before the restart');
  await console_(page).getByRole('button', { name: 'Restart server' }).click();
  await expect(status).not.toContainText(`(pid ${pid})`);
  await expect(status).toContainText(/\(pid \d+\)/);
  await expect(page.getByText('The server restarted; its tools are the same.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Echo Tool' })).toBeVisible();
  await expect(message).toHaveValue('typed before the restart');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText('Echo: typed before the restart');
  // No news is not kept on screen: the note goes by itself.
  await expect(page.getByText('The server restarted; its tools are the same.')).toBeHidden({ timeout: 10_000 });
});

test('the console follows its tail; scrolled up it stays put and says "↓ n new"; hidden, its tab says "● new"', async ({ page }) => {
  // Its own Toolscope and server: it restarts the server many times, which other tests must not see.
  const own = await startToolscopeCli(['--', ...stdioServers.everything()]);
  try {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto(own.link);
    const status = page.getByRole('banner').getByRole('status').first();
    await expect(status).toContainText(/\(pid \d+\)/);
    await showConsole(page);
    const lines = console_(page).getByRole('list', { name: 'Console lines' });
    const restart = async () => {
      const pid = /\(pid (\d+)\)/.exec((await status.textContent()) ?? '')?.[1];
      await console_(page).getByRole('button', { name: 'Restart server' }).click();
      await expect(status).not.toContainText(`(pid ${pid})`);
      await expect(status).toContainText(/\(pid \d+\)/);
    };
    // Each start writes to stderr: restart until the lines overflow the console.
    for (let round = 0; round < 12; round++) {
      if (await lines.evaluate((element) => element.scrollHeight > element.clientHeight + 40)) break;
      await restart();
    }
    const atBottom = () => lines.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight < 8);
    await expect.poll(atBottom).toBe(true);

    await lines.evaluate((element) => (element.scrollTop = 0));
    const count = await lines.getByRole('listitem').count();
    await restart();
    await expect.poll(() => lines.getByRole('listitem').count()).toBeGreaterThan(count);
    const fresh = console_(page).getByRole('button', { name: /^↓ \d+ new$/ });
    await expect(fresh).toBeVisible();
    expect(await lines.evaluate((element) => element.scrollTop)).toBe(0);
    await fresh.click();
    await expect.poll(atBottom).toBe(true);
    await expect(fresh).toBeHidden();

    // Hidden behind another tab, the console's tab announces what arrived.
    await openDock(page, 'Traffic');
    const tab = page.getByRole('tablist', { name: 'Dock' }).getByRole('tab', { name: /^Server console/ });
    await expect(tab).not.toContainText('● new');
    const pid = /\(pid (\d+)\)/.exec((await status.textContent()) ?? '')?.[1];
    await page.getByRole('banner').getByRole('status', { name: 'Server' }).locator('summary').first().click();
    await page.getByRole('banner').getByRole('button', { name: 'Restart server', exact: true }).click();
    await expect(status).not.toContainText(`(pid ${pid})`);
    await expect(tab).toContainText('● new');
    await tab.click();
    await expect(tab).not.toContainText('● new');
  } finally {
    await own.stop();
  }
});

test('server-filesystem over stdio on a temporary folder: list, open, call list_allowed_directories', async ({ page }) => {
  await page.goto(stdioFilesLink());
  await expect(page.getByRole('banner').getByRole('status').first()).toContainText(
    /stdio: \S*node \S*server-filesystem\/dist\/index\.js \S+ \(pid \d+\)/,
  );
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools.getByText(/^\d+ tools · 1 page$/)).toBeVisible();
  await tools.getByRole('searchbox', { name: 'Search tools' }).fill('allowed');
  await tools.getByRole('button', { name: /List Allowed Directories|list_allowed_directories/ }).click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(result(page)).toContainText(stdioFilesDir());

  await showConsole(page);
  await expect(console_(page)).toContainText('Secure MCP Filesystem Server running on stdio');
});

test('a server that crashes: exit 3 and its last words in the status and the console; Restart brings the tools back', async ({ page }) => {
  const crashFile = stdioCrashFile();
  rmSync(crashFile, { force: true });
  await page.goto(stdioCrashingLink());
  const status = page.getByRole('banner').getByRole('status').first();
  await expect(status).toContainText(/\(pid \d+\)/);
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^\d+ tools · 1 page$/)).toBeVisible();

  // The author breaks the server and restarts it (here: a file the fixture checks on start).
  writeFileSync(crashFile, '');
  try {
    await page.keyboard.press('Control+k');
    await page.getByRole('option', { name: /Restart server/ }).click();
    await expect(status).toContainText('exit 3');
    await expect(status).toContainText('boom');
    // The console opens by itself on a crash.
    await expect(console_(page)).toContainText('exit 3');
    await expect(
      console_(page)
        .getByRole('listitem')
        .filter({ hasText: /^.*boom$/ }),
    ).toHaveCount(1);
  } finally {
    rmSync(crashFile, { force: true });
  }
  expect(existsSync(crashFile)).toBe(false);
  await console_(page).getByRole('button', { name: 'Restart server' }).click();
  await expect(status).toContainText(/\(pid \d+\)/);
  await expect(status).toContainText('Connected');
  await expect(page.getByRole('region', { name: 'Tools' }).getByText(/^\d+ tools · 1 page$/)).toBeVisible();
});
