// `npm run bench` — connection: what one connection to the demo costs until the report chip shows
// its score — the JavaScript on the page and in workers, and the main thread's long tasks — and
// then what opening the report adds. Before the tokens were counted in a worker, every connection
// put the 2 MB tokenizer on the page (the figures of both are in docs/performance.md).
import type { Page } from 'playwright-core';
import { statSync } from 'node:fs';
import { RUNS, app, deepLink, median, newPage, record, root } from './harness.ts';

/** Long-task time on the page's main thread so far (ms), from the page's own observer (harness.ts). */
const busy = (page: Page) => page.evaluate<number>('window.__longTasks.reduce((sum, task) => sum + task.duration, 0)');

export async function benchConnection(): Promise<void> {
  const chip: { kb: number; workerKb: number; busy: number }[] = [];
  const withReport: { kb: number; workerKb: number; busy: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await newPage();
    // Every script the page and its workers asked for, by its size in the build (what was served).
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
    });
    const kb = (worker: boolean) =>
      [...scripts]
        .filter((path) => path.includes('.worker-') === worker)
        .reduce((sum, path) => sum + statSync(`${root}/dist${path}`).size, 0) / 1024;
    await page.goto(deepLink(app.url));
    const button = page.getByRole('banner').getByRole('button', { name: /^Report \d+$/ });
    await button.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500); // responses still being read
    chip.push({ kb: kb(false), workerKb: kb(true), busy: await busy(page) });
    // The report and its model's view count every tool (in the worker).
    await button.click();
    await page
      .getByRole('region', { name: 'Server report' })
      .getByLabel(/^Score \d+ out of 100$/)
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    withReport.push({ kb: kb(false), workerKb: kb(true), busy: await busy(page) });
    await page.close();
  }
  record({
    figure: 'a connection to the demo until the chip shows its score: JavaScript on the page',
    toolscope: median(chip.map((entry) => entry.kb)),
    reference: median(withReport.map((entry) => entry.kb)),
    referenceLabel: 'then the report opened',
    unit: 'KB',
    target: '(context)',
    judge: 'context',
    limit: 0,
  });
  record({
    figure: '  JavaScript in workers (the exact token counts: the demo has tools past 500 bytes)',
    toolscope: median(chip.map((entry) => entry.workerKb)),
    unit: 'KB',
    target: '(context)',
    judge: 'context',
    limit: 0,
  });
  record({
    figure: '  main-thread long tasks, navigation → chip score',
    toolscope: median(chip.map((entry) => entry.busy)),
    reference: median(withReport.map((entry) => entry.busy)),
    referenceLabel: 'then the report opened',
    unit: 'ms',
    target: '(context)',
    judge: 'context',
    limit: 0,
  });
}
