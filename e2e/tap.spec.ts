// Issue 82 in the page: a tap started by the test (the official SDK client as the host, over stdio,
// server-everything behind the tap), its link opened — "Tapped:" names both sides, a call made
// after the page opened shows up within a second, there is nothing to call from here, Save as
// cassette gives a file `toolscope mock` reads, and axe finds nothing serious in either theme.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { parseCassette } from '../src/mcp/recording/cassette.ts';
import { stdioServers } from '../server/testing/testServers.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { expect, test } from './fixtures/test.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

const BIN = fileURLToPath(new URL('../bin/toolscope.mjs', import.meta.url));

async function startTappedHost(options: { compare?: boolean } = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'toolscope-tap-e2e-')), 'host.cassette.jsonl');
  const client = new Client({ name: 'tap-e2e-host', version: '2.1.0' }, { capabilities: {} });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'tap', '--out', out, ...(options.compare ? ['--compare'] : []), '--', ...stdioServers.everything()],
      stderr: 'pipe',
    }),
  );
  await expect.poll(() => existsSync(`${out}.link`), { timeout: 15_000 }).toBe(true);
  return { client, out, link: readFileSync(`${out}.link`, 'utf8').trim() };
}

test('a tap watched live: both sides named, a new call within a second, read-only, saved as a cassette', async ({ page }, testInfo) => {
  const host = await startTappedHost({ compare: true });
  try {
    await host.client.listTools();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(host.link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Tapped: tap-e2e-host 2\.1\.0 ↔ mcp-servers\/everything/);
    await expect(page.getByRole('status', { name: 'Tap status' })).toContainText('Live');
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await expect(traffic).toContainText('tools/list');

    const before = Date.now();
    await host.client.callTool({ name: 'echo', arguments: { message: 'seen-live-82' } });
    await traffic.getByText('echo', { exact: false }).first().waitFor();
    await expect(traffic.locator('li', { hasText: 'tools/call' }).first()).toBeVisible({ timeout: 1000 });
    expect(Date.now() - before).toBeLessThan(1500);
    await traffic.locator('li', { hasText: 'tools/call' }).first().locator('summary').click();
    await expect(traffic).toContainText('seen-live-82');

    // --compare: Toolscope's own client declares elicitation, this host does not — so only Toolscope is given those tools.
    await expect(page.getByRole('region', { name: 'Compared with Toolscope' })).toContainText(
      /the host was not given .*trigger-elicitation-request/,
      { timeout: 20_000 },
    );

    // Read-only: nothing on this page calls anything.
    await expect(page.getByRole('button', { name: /Call tool|Get prompt|Read resource/ })).toHaveCount(0);
    await expect(page.getByText('Nothing can be called from here.')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save as cassette' }).click();
    const download = await downloading;
    const file = testInfo.outputPath('tap.cassette.jsonl');
    await download.saveAs(file);
    const cassette = parseCassette(readFileSync(file, 'utf8'));
    if ('error' in cassette) throw new Error(cassette.error);
    expect(cassette.header.server.name).toBe('mcp-servers/everything');
    expect(cassette.exchanges.map((exchange) => exchange.method)).toEqual(['tools/list', 'tools/call']);

    // The same session as OpenTelemetry traces: a span per host request, under the session's.
    const tracing = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export OTLP' }).click();
    const traces = JSON.parse(readFileSync(await (await tracing).path(), 'utf8')) as {
      resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[];
    };
    expect(traces.resourceSpans[0]?.scopeSpans[0]?.spans.map((span) => span.name)).toEqual([
      'tools/list',
      'tools/call echo',
      'mcp session mcp-servers/everything',
    ]);

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await seriousViolations(page), theme).toEqual([]);
    }
  } finally {
    await host.client.close();
  }
  // The tap stopped with its host: the page says so.
  await expect(page.getByRole('status', { name: 'Tap status' })).toContainText('Ended');
});

test('a link whose tap is not running says so', async ({ page }) => {
  const host = await startTappedHost();
  const link = new URL(host.link);
  link.searchParams.set('tap', 'not-the-token');
  await page.goto(link.href);
  await expect(page.getByRole('status', { name: 'Tap status' })).toContainText('not running, or the link’s token is not its own');
  await host.client.close();
});

test('Ctrl+K "Watch a tap" on Toolscope’s own page lists the running tap and opens its page', async ({ page, context }) => {
  const host = await startTappedHost();
  try {
    await page.goto(deepLink(demoMcpUrl()));
    await expect(page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: /^Tools/ })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('Watch a tap');
    // Enter once the match is listed (the palette's matcher loads on its first opening).
    await expect(palette.getByRole('option').first()).toContainText('Watch a tap');
    await palette.getByRole('combobox').press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Watch a tap' });
    const listed = dialog.getByRole('list', { name: 'Running taps' }).getByRole('listitem').filter({ hasText: 'server-everything' });
    await expect(listed.first()).toBeVisible();
    const opening = context.waitForEvent('page');
    await listed.first().getByRole('link', { name: 'Open tap' }).click();
    const tapPage = await opening;
    await expect(tapPage.getByRole('heading', { level: 1 })).toHaveText(/^Tapped: tap-e2e-host 2\.1\.0 ↔ mcp-servers\/everything/);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await host.client.close();
  }
});
