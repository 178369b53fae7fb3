// What every bench section shares: the runs, the rows of the table, the bare SDK reference, the
// browser and Toolscope's own server (started once), and pages that watch themselves from inside.
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../server/browser/chromium.ts';
import { buildIfNeeded } from '../../server/build.ts';
import { startDemoServer } from '../../server/testing/testServers.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// BENCH_ONLY=list,calls,results,memory,first-screen runs only those sections (while profiling).
export const only = process.env.BENCH_ONLY?.split(',');
export const want = (section: string) => !only || only.includes(section);
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export interface Row {
  figure: string;
  toolscope: number;
  reference?: number;
  unit: string;
  target: string;
  /**
   * How the target reads the figures: a ratio to the reference, a difference, or the value
   * alone; 'context': no target — a figure that says what is possible at all (e.g. the browser's floor).
   */
  judge: 'ratio' | 'difference' | 'value' | 'context';
  limit: number;
  /** What the reference is, when not the bare SDK (e.g. the browser's floor). */
  referenceLabel?: string;
}
export const rows: Row[] = [];
export const record = (row: Row) => {
  rows.push(row);
  console.log(
    `measured: ${row.figure.trim()} — ${row.toolscope.toFixed(1)} ${row.unit}${row.reference === undefined ? '' : ` (${row.referenceLabel ?? 'bare SDK'} ${row.reference.toFixed(1)} ${row.unit})`}`,
  );
};

// ---- the bare SDK reference -------------------------------------------------------------
export async function bareClient(url: string) {
  const client = new Client({ name: 'bench-reference', version: '0' }, { versionNegotiation: { mode: 'auto' }, listMaxPages: 5000 });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** Connect and list every page (the SDK walks them itself when called without a cursor). */
export async function bareList(url: string): Promise<{ total: number; count: number }> {
  const started = performance.now();
  const client = await bareClient(url);
  const { tools } = await client.listTools();
  const total = performance.now() - started;
  await client.close();
  return { total, count: tools.length };
}

export async function bareCall(url: string, name: string, args: Record<string, unknown>, times: number): Promise<number> {
  const client = await bareClient(url);
  const durations: number[] = [];
  for (let run = 0; run < times; run++) {
    const started = performance.now();
    await client.callTool({ name, arguments: args });
    durations.push(performance.now() - started);
  }
  await client.close();
  return median(durations);
}

// ---- Toolscope in Chromium ----------------------------------------------------------------
export const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
console.log(`bench: ${browser.version()} · ${RUNS} runs per figure`);
await buildIfNeeded(root);
export const app = await startDemoServer({ staticRoot: `${root}/dist` });
export const appUrl = new URL('/', app.url).href;
export const deepLink = (server: string, tool?: string) => `${appUrl}?server=${encodeURIComponent(server)}${tool ? `&tool=${tool}` : ''}`;

/**
 * A page that records, from its first moment, main-thread long tasks (PerformanceObserver) and
 * when the first tool row and each tool count first showed (a MutationObserver, wall-clock ms):
 * watching from inside costs the page next to nothing, where polling innerText every frame from
 * outside forced a layout per frame and slowed what it measured.
 */
export async function newPage(): Promise<Page> {
  // One visit each: no service worker (it would install in the middle of what is timed).
  return instrument(await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' }));
}

/**
 * After a first visit, until the page's service worker is active (Toolscope's registers once the
 * page is quiet and then caches the build's files: src/app/shell/assetCache.worker.ts), so the next
 * visit is a returning one. True when it is; false for a page without one (after `withinMs`).
 */
export const serviceWorkerActive = (page: Page, withinMs: number) =>
  page.evaluate<boolean>(`new Promise((resolve) => {
    setTimeout(() => resolve(false), ${withinMs});
    navigator.serviceWorker?.ready.then(({ active }) => {
      if (active?.state === 'activated') resolve(true);
      active?.addEventListener('statechange', () => active.state === 'activated' && resolve(true));
    });
  })`);

export async function newPageIn(context: BrowserContext): Promise<Page> {
  return instrument(await context.newPage());
}

export async function instrument(page: Page): Promise<Page> {
  await page.addInitScript(`
    // A returning user: the server a deep link names is one this browser used before, so the
    // link connects at once (a never-used server would first ask "Connect to <origin>?").
    try {
      const linked = new URLSearchParams(location.search).get('server');
      if (linked) {
        const key = new URL(linked);
        key.hash = '';
        const known = JSON.parse(localStorage.getItem('toolscope:known-servers') ?? '[]');
        localStorage.setItem('toolscope:known-servers', JSON.stringify([...known, key.href]));
        // …whose last connection to it was 2026-07-28, direct, without credentials (as the app records it).
        const early = JSON.parse(localStorage.getItem('toolscope:prefetch-servers') ?? '[]');
        if (!early.includes(key.href)) localStorage.setItem('toolscope:prefetch-servers', JSON.stringify([...early, key.href]));
      }
    } catch {}
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ at: performance.timeOrigin + entry.startTime, duration: entry.duration });
    })
      .observe({ type: 'longtask', buffered: true });
    window.__seen = {};
    const now = () => performance.timeOrigin + performance.now();
    new MutationObserver(() => {
      if (!window.__seen.firstRow && document.querySelector('[aria-label="Tool list"] button')) window.__seen.firstRow = now();
      const count = document.querySelector('[aria-label="Tools"] p[aria-live]')?.textContent;
      if (count && !window.__seen[count]) window.__seen[count] = now();
    }).observe(document, { childList: true, subtree: true, characterData: true });`);
  return page;
}
/** Wall-clock ms (the browser's and Node's clocks are the same machine's). */
export const wallNow = () => performance.timeOrigin + performance.now();
/** Waits until the page saw `key` (see newPage) and returns when, in wall-clock ms. */
export async function seenAt(page: Page, key: string): Promise<number> {
  const handle = await page.waitForFunction(`window.__seen[${JSON.stringify(key)}]`, undefined, { polling: 100, timeout: 300_000 });
  return (await handle.jsonValue()) as number;
}
/** The longest main-thread task that began after `since` (wall-clock ms; default: any). */
export const longestTask = (page: Page, since = 0) =>
  page.evaluate<number>(`Math.max(0, ...window.__longTasks.filter((task) => task.at >= ${since}).map((task) => task.duration))`);
export const clearTasks = (page: Page) => page.evaluate('window.__longTasks.length = 0');

export async function listTimes(url: string, tools: number, pages: number) {
  const counted = `${tools.toLocaleString('en-US')} tools · ${pages} pages`;
  const times: number[] = [];
  const firstRows: number[] = [];
  const tasks: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await newPage();
    let firstResponse = 0;
    page.on('requestfinished', (request) => {
      // The browser's own timing: when the first tools/list response ended (wall-clock ms).
      if (!firstResponse && request.postData()?.includes('"tools/list"'))
        firstResponse = request.timing().startTime + request.timing().responseEnd;
    });
    const started = wallNow();
    await page.goto(deepLink(url));
    const firstRow = await seenAt(page, 'firstRow');
    const listed = await seenAt(page, counted);
    firstRows.push(firstRow - firstResponse);
    times.push(listed - started);
    // While pages stream in: from the first page's response on (loading the app is not streaming).
    tasks.push(await longestTask(page, firstResponse));
    await page.close();
  }
  return { total: median(times), firstRow: median(firstRows), longestTask: Math.max(...tasks) };
}

export async function bareListMedian(url: string) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await bareList(url));
  return { total: median(runs.map((run) => run.total)), count: runs[0]?.count ?? 0 };
}

// ---- the browser's floor: the same requests by a bare fetch loop in the same Chromium --------
// No SDK, no app: what any page pays per request here (renderer ↔ network process, CORS). It
// says how close to the Node reference a browser can get at all.
export const rpc = (method: string, params: Record<string, unknown>) =>
  `{ method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': '${method}' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: '${method}', params: { ...${JSON.stringify(params)}, ...extra, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } }) }`;

export async function floorList(url: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await newPage();
    await page.goto(appUrl);
    times.push(
      await page.evaluate<number>(`(async () => {
        const started = performance.now();
        let extra = {};
        for (;;) {
          const { result } = await (await fetch(${JSON.stringify(url)}, ${rpc('tools/list', {})})).json();
          if (!result?.nextCursor) break;
          extra = { cursor: result.nextCursor };
        }
        return performance.now() - started;
      })()`),
    );
    await page.close();
  }
  return median(times);
}

/** One ping by bare fetch, its text written into the page, until the next frame (median of 20). */
export async function floorCall(url: string): Promise<number> {
  const page = await newPage();
  await page.goto(appUrl);
  const value = await page.evaluate<number>(`(async () => {
    const extra = {};
    const out = document.body.appendChild(document.createElement('p'));
    const times = [];
    for (let run = 0; run < 21; run++) {
      const started = performance.now();
      const { result } = await (await fetch(${JSON.stringify(url)}, ${rpc('tools/call', { name: 'ping', arguments: {} })})).json();
      out.textContent = result.content[0].text + run;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (run) times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[10];
  })()`);
  await page.close();
  return value;
}
