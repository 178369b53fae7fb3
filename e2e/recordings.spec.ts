// Recordings (issue 65) in the page: Traffic → "Export cassette" saves this connection's exchanges;
// `toolscope mock` serves that file; Toolscope, connected to the mock, lists the same tools and
// gets the same answer to the recorded call — and says an unrecorded call's error as the mock
// words it. The report's "Compare with lockfile" names what drifted since a lockfile.
import { execFileSync } from 'node:child_process';
import { startCliServer, startMockCli } from '../server/testing/testServers.ts';
import { otlpProblems } from '../server/testing/otlpProto.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { lockText, lockTools, type Lockfile } from '../src/report/lockfile.ts';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures/test.ts';
import { openCallSettings, openReport, openTraffic } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';

const BIN = fileURLToPath(new URL('../bin/toolscope.mjs', import.meta.url));

test('Export cassette → toolscope mock → the page on the mock: the same tools, the same answer, an unrecorded call said', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  const form = page.getByRole('form', { name: 'Arguments' });
  await form.getByLabel('Query').fill('usb cable');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('USB-C cable');
  const answer = (await result.innerText()).replace(/\d+ ms/g, '');

  await openTraffic(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Traffic' }).getByRole('button', { name: 'Export cassette' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('toolscope-demo.cassette.jsonl');
  const file = testInfo.outputPath('demo.cassette.jsonl');
  await download.saveAs(file);
  await expect(page.getByRole('status', { name: 'Notification' })).toContainText(/Cassette saved: \d+ exchanges/);
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines[0]).toMatchObject({ cassette: 1, era: 'modern', protocolVersion: '2026-07-28', server: { name: 'toolscope-demo' } });
  expect(lines.some((line) => line.method === 'tools/call')).toBe(true);
  // The same exchanges as OpenTelemetry traces (the SDK, loaded on the click).
  const tracing = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Traffic' }).getByRole('button', { name: 'Export OTLP' }).click();
  const traces = await tracing;
  expect(traces.suggestedFilename()).toBe('toolscope-demo.otlp.json');
  const otlpText = readFileSync(await traces.path(), 'utf8');
  // Valid OTLP/JSON by opentelemetry-proto's schema, as the collector reads it.
  expect(otlpProblems(otlpText)).toEqual([]);
  const otlp = JSON.parse(otlpText) as {
    resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[];
  };
  const names = otlp.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name)));
  expect(names).toContain('tools/call search_catalog');
  expect(names).toContain('mcp session toolscope-demo');

  const mock = await startMockCli(file);
  try {
    const { url } = mock;
    await page.goto(deepLink(url, 'search_catalog'));
    // A link to a server not used here asks first.
    await page.getByRole('button', { name: `Connect to ${new URL(url).origin}` }).click();
    await expect(page.getByRole('banner').getByRole('status')).toContainText('Toolscope demo shop');
    await expect(page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: /^Tools/ })).toHaveAccessibleName('Tools 29');
    await form.getByLabel('Query').fill('usb cable');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(result).toContainText('USB-C cable');
    expect((await result.innerText()).replace(/\d+ ms/g, '')).toBe(answer);
    // What was not recorded is said, with the nearest recording.
    await form.getByLabel('Query').fill('kettle');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(page.getByRole('region', { name: 'Result' }).or(page.getByRole('alert'))).toContainText('No recording matches');
  } finally {
    await mock.stop();
  }
});

test('record --listen: the page talks to the demo through the recording proxy; the mock of that recording answers it the same', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const file = testInfo.outputPath('proxied.cassette.jsonl');
  const form = page.getByRole('form', { name: 'Arguments' });
  const result = page.getByRole('region', { name: 'Result' });
  const visit = async (url: string) => {
    await page.goto(deepLink(url, 'search_catalog'));
    await page.getByRole('button', { name: `Connect to ${new URL(url).origin}` }).click();
    await expect(page.getByRole('banner').getByRole('status')).toContainText('Toolscope demo shop');
    await expect(page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: /^Tools/ })).toHaveAccessibleName('Tools 29');
    await form.getByLabel('Query').fill('usb cable');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(result).toContainText('USB-C cable');
    return (await result.innerText()).replace(/\d+ ms/g, '');
  };
  const proxy = await startCliServer(['record', '--out', file, '--listen', '0', '--stop-after', '120', demoMcpUrl()]);
  let live: string;
  try {
    live = await visit(proxy.url);
  } finally {
    const { code, printed } = await proxy.stopped();
    expect(code, printed).toBe(0);
  }
  const mock = await startMockCli(file);
  try {
    expect(await visit(mock.url)).toBe(live);
  } finally {
    await mock.stop();
  }
});

test('Compare with lockfile: a lockfile of an earlier release makes each drift a finding, by JSON path', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The demo locked by the CLI, then turned into an "earlier release": add_item's product_id was
  // optional then (a new required argument now), and a tool since retired.
  const locked = testInfo.outputPath('demo.lock.json');
  execFileSync(process.execPath, [BIN, 'lock', '--out', locked, demoMcpUrl()], { stdio: 'ignore', timeout: 60_000 });
  const now = JSON.parse(readFileSync(locked, 'utf8')) as Lockfile;
  const definitions = Object.values(structuredClone(now.tools)).map((entry) => entry.definition);
  const addItem = definitions.find((definition) => definition.name === 'add_item')?.inputSchema as { required: string[] };
  addItem.required = addItem.required.filter((name) => name !== 'product_id');
  definitions.push({ name: 'retired_tool', description: 'Gone since.', inputSchema: { type: 'object' } });
  const earlier = testInfo.outputPath('earlier.lock.json');
  writeFileSync(earlier, lockText(await lockTools(now.server, definitions)));

  await page.goto(deepLink(demoMcpUrl()));
  const report = await openReport(page);
  await expect(report.getByLabel(/^Score/)).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await report.getByRole('button', { name: 'Compare with lockfile' }).click();
  await (await chooser).setFiles(earlier);
  await expect(report.getByRole('status', { name: 'Lockfile' })).toContainText(
    'Compared with earlier.lock.json (30 tools locked): 2 tools drifted, 2 in a way that breaks callers',
  );
  const findings = report.getByRole('list', { name: 'Findings' }).getByRole('listitem');
  await expect(findings.filter({ hasText: 'lock-tool-removed' })).toContainText('retired_tool');
  await expect(findings.filter({ hasText: 'lock-tool-changed' })).toContainText('add_item.inputSchema.required');
  await expect(findings.filter({ hasText: 'lock-tool-changed' })).toContainText('a new required argument: product_id');
  // The chip scores the same report: one number.
  const score = (await report.getByLabel(/^Score/).textContent()) ?? '';
  await expect(page.getByRole('banner').getByRole('button', { name: /^Report/ })).toContainText(score.trim());
  // A file that is not a lockfile is said, and nothing changes.
  const bad = testInfo.outputPath('bad.json');
  writeFileSync(bad, '{"lockfileVersion": 9}');
  const again = page.waitForEvent('filechooser');
  await report.getByRole('button', { name: 'Compare with lockfile' }).click();
  await (await again).setFiles(bad);
  await expect(report.getByRole('alert')).toContainText('Not compared: bad.json: not a Toolscope lockfile of version 1');
  await report.getByRole('button', { name: 'Stop comparing' }).click();
  await expect(findings.filter({ hasText: 'lock-tool-' })).toHaveCount(0);
  // Dropped on the report, the lockfile compares as one chosen with the button.
  const dropped = await page.evaluateHandle(
    (content) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], 'dropped.lock.json', { type: 'application/json' }));
      return transfer;
    },
    readFileSync(earlier, 'utf8'),
  );
  await report.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(report.getByRole('status', { name: 'Lockfile' })).toContainText(
    'Compared with dropped.lock.json (30 tools locked): 2 tools drifted',
  );
});

test('Send trace context: the call carries a W3C traceparent in _meta, and Export OTLP gives its span that id', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await openCallSettings(page);
  await page.getByRole('checkbox', { name: /^Send trace context/ }).check();
  await page.keyboard.press('Escape');
  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('lamp');
  const sent = page.waitForRequest((request) => (request.postData() ?? '').includes('"tools/call"'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  const body = JSON.parse((await sent).postData() ?? '{}') as { params: { _meta?: { traceparent?: string } } };
  const carried = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(body.params._meta?.traceparent ?? '');
  expect(carried).not.toBeNull();
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(/lamp/i);

  await openTraffic(page);
  const tracing = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Traffic' }).getByRole('button', { name: 'Export OTLP' }).click();
  const otlp = JSON.parse(readFileSync(await (await tracing).path(), 'utf8')) as {
    resourceSpans: { scopeSpans: { spans: { name: string; traceId: string; spanId: string }[] }[] }[];
  };
  const spans = otlp.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
  expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([carried?.[1]]));
  expect(spans.find((span) => span.name === 'tools/call search_catalog')?.spanId).toBe(carried?.[2]);
});
