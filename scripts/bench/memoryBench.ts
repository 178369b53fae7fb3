import { startScaleServer } from '../../server/testing/scale.ts';
import { deepLink, newPage, record } from './harness.ts';
import { timedCall } from './callBench.ts';

// ---- memory --------------------------------------------------------------------------------
export async function benchMemory(): Promise<void> {
  const server = await startScaleServer({ tools: 10_000, pageSize: 100 });
  const page = await newPage();
  await page.goto(deepLink(server.url));
  await page.getByText('10,000 tools · 100 pages').waitFor({ timeout: 300_000 });
  const list = page.getByRole('list', { name: 'Tool list' }).getByRole('button');
  for (let index = 0; index < 20; index++) {
    await list.nth(index % 8).click();
    await page.getByRole('button', { name: 'Call tool' }).waitFor();
  }
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('ping');
  await list.first().click();
  await page.getByRole('button', { name: 'Call tool' }).waitFor();
  for (let id = 1; id <= 50; id++) await timedCall(page, id);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  record({
    figure: 'JS heap after 10,000 tools, 20 tools opened, 50 calls',
    toolscope: heap.usedSize / 1048576,
    unit: 'MB',
    target: '≤ 100 MB',
    judge: 'value',
    limit: 100,
  });
  await page.close();
  await server.stop();
}
