// Issue 85 in the page: Call settings send W3C traceparent, tracestate and baggage and ask the demo
// for its own spans of the call (SEP-2448); the response pane's "Trace" shows the waterfall — the
// call, the wire each way, the demo's spans beneath — axe clean in both themes. Traffic → "Send to
// collector" sends the spans (the demo's under the call) and the duration histograms to a receiver
// that allows no browser origin, through Toolscope's proxy, with a header typed in the page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';
import { openCallSettings, openTraffic } from './fixtures/panes.ts';
import { deepLink, demoMcpUrl } from './fixtures/urls.ts';
import { histogramsOf, spansOf, startOtlpReceiver } from '../server/testing/otlpReceiver.ts';
import { SPAN_TOOLS, startSpanServer } from '../server/testing/spanServer.ts';

test('trace keys, the demo’s spans as a waterfall, and Send to collector through Toolscope’s server', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(deepLink(demoMcpUrl(), 'search_catalog'));
  await openCallSettings(page);
  await page.getByRole('checkbox', { name: /^Send trace context/ }).check();
  await page.getByRole('textbox', { name: 'tracestate (W3C, optional)' }).fill('rojo=00f067aa0ba902b7');
  await page.getByRole('textbox', { name: 'baggage (W3C, optional)' }).fill('tenant=acme');
  await page.getByRole('checkbox', { name: /^Ask the server for its spans/ }).check();
  await page.keyboard.press('Escape');

  await page.getByRole('form', { name: 'Arguments' }).getByLabel('Query').fill('lamp');
  const sent = page.waitForRequest((request) => (request.postData() ?? '').includes('"tools/call"'));
  await page.getByRole('button', { name: 'Call tool' }).click();
  const meta = (JSON.parse((await sent).postData() ?? '{}') as { params: { _meta?: Record<string, unknown> } }).params._meta ?? {};
  expect(meta.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  expect(meta.tracestate).toBe('rojo=00f067aa0ba902b7');
  expect(meta.baggage).toBe('tenant=acme');
  expect(meta.otel).toEqual({ traces: { request: true, detailed: true } });

  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText(/lamp/i);
  await result.getByText(/^Trace: 3 server spans$/).click();
  const waterfall = result.getByRole('table', { name: 'Trace waterfall' });
  const rows = waterfall.getByRole('row');
  // The header, the call, the wire out, the demo's SERVER span and its two stages, the wire back.
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(1)).toContainText('tools/call search_catalog');
  await expect(rows.nth(1)).toContainText('Toolscope (client)');
  await expect(rows.nth(2)).toContainText('request on the wire');
  await expect(rows.nth(3)).toContainText('toolscope-demo · server');
  await expect(waterfall).toContainText('validate arguments');
  await expect(waterfall).toContainText('run search_catalog');
  await expect(rows.nth(6)).toContainText('answer on the wire');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const checked = await new AxeBuilder({ page })
      .include('section[aria-label="Result"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      checked.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      theme,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A receiver that sends no CORS headers: only Toolscope's proxy can reach it from the page.
  const receiver = await startOtlpReceiver();
  try {
    await openTraffic(page);
    await page.getByRole('region', { name: 'Traffic' }).getByRole('button', { name: 'Send to collector' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to collector' });
    await dialog.getByLabel('Collector URL (OTLP/HTTP)').fill(receiver.url);
    await dialog.getByLabel(/^Headers/).fill('x-api-key: page-key-2931');
    await dialog.getByRole('checkbox', { name: /^Through Toolscope’s server/ }).check();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText(/Sent \d+ spans \(3 from the server\) and \d+ duration measurements/);
    expect(receiver.received.every((one) => one.headers['x-api-key'] === 'page-key-2931')).toBe(true);
    const spans = spansOf(receiver.received);
    const call = spans.find((span) => span.name === 'tools/call search_catalog' && span.service === 'toolscope');
    expect(call?.kind).toBe(3);
    expect(spans.find((span) => span.service === 'toolscope-demo' && span.kind === 2)?.parentSpanId).toBe(call?.spanId);
    const [operations] = histogramsOf(receiver.received).filter((metric) => metric.name === 'mcp.client.operation.duration');
    expect(operations?.points.find((point) => point.attributes['gen_ai.tool.name'] === 'search_catalog')?.count).toBe(1);
    // The key is held in memory only: nothing of it in storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain('page-key-2931');
  } finally {
    await receiver.close();
  }
});

test('a server’s spans of another trace, past the bound, or none at all: said in Trace, nothing drawn', async ({ page }) => {
  const server = await startSpanServer();
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(deepLink(server.url, SPAN_TOOLS.foreign.name));
    await page.getByRole('button', { name: `Connect to ${new URL(server.url).origin}` }).click();
    await openCallSettings(page);
    await page.getByRole('checkbox', { name: /^Send trace context/ }).check();
    await page.getByRole('checkbox', { name: /^Ask the server for its spans/ }).check();
    await page.keyboard.press('Escape');
    const result = page.getByRole('region', { name: 'Result' });
    const said = async (tool: string, summary: string, text: RegExp) => {
      await page.goto(deepLink(server.url, tool));
      await page.getByRole('button', { name: 'Call tool' }).click();
      await expect(result).toContainText(`${tool} answered.`);
      await result.getByText(summary, { exact: true }).click();
      await expect(result).toContainText(text);
      await expect(result.getByRole('table', { name: 'Trace waterfall' })).toHaveCount(0);
    };
    await said(SPAN_TOOLS.foreign.name, 'Trace: the server’s spans were refused', /is in trace f{32}, not this call's/);
    await said(SPAN_TOOLS.oversized.name, 'Trace: the server’s spans were refused', /over the 128\.0 KB a call may bring/);
    await said(
      SPAN_TOOLS.none.name,
      'Trace: the server returned no spans',
      /asked for its spans of this call \(SEP-2448\) and returned none/,
    );
  } finally {
    await server.stop();
  }
});
