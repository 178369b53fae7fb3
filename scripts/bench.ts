// `npm run bench`: Toolscope's speed and memory beside a bare @modelcontextprotocol/client
// measured in the same run against the same loopback scale server (server/testing/scale.ts),
// printed as one table — figure, Toolscope, reference, ratio, target. Not a test: these
// machines are noisy, so it reports medians and leaves judging to people.
// BENCH_RUNS (default 5) sets the repetitions; CHROMIUM_PATH the browser.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/fixtures/chromium.ts';
import { buildIfNeeded } from '../server/build.ts';
import { securityHeaders } from '../server/csp.ts';
import { startScaleServer } from '../server/testing/scale.ts';
import { startDemoServer } from '../server/testing/servers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// BENCH_ONLY=list,calls,results,memory,first-screen runs only those sections (while profiling).
const only = process.env.BENCH_ONLY?.split(',');
const want = (section: string) => !only || only.includes(section);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Row {
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
const rows: Row[] = [];
const record = (row: Row) => {
  rows.push(row);
  console.log(
    `measured: ${row.figure.trim()} — ${row.toolscope.toFixed(1)} ${row.unit}${row.reference === undefined ? '' : ` (${row.referenceLabel ?? 'bare SDK'} ${row.reference.toFixed(1)} ${row.unit})`}`,
  );
};

// ---- the bare SDK reference -------------------------------------------------------------
async function bareClient(url: string) {
  const client = new Client({ name: 'bench-reference', version: '0' }, { versionNegotiation: { mode: 'auto' }, listMaxPages: 5000 });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** Connect and list every page (the SDK walks them itself when called without a cursor). */
async function bareList(url: string): Promise<{ total: number; count: number }> {
  const started = performance.now();
  const client = await bareClient(url);
  const { tools } = await client.listTools();
  const total = performance.now() - started;
  await client.close();
  return { total, count: tools.length };
}

async function bareCall(url: string, name: string, args: Record<string, unknown>, times: number): Promise<number> {
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
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
console.log(`bench: ${browser.version()} · ${RUNS} runs per figure`);
await buildIfNeeded(root);
const app = await startDemoServer({ staticRoot: `${root}/dist` });
const appUrl = new URL('/', app.url).href;
const deepLink = (server: string, tool?: string) => `${appUrl}?server=${encodeURIComponent(server)}${tool ? `&tool=${tool}` : ''}`;

/**
 * A page that records, from its first moment, main-thread long tasks (PerformanceObserver) and
 * when the first tool row and each tool count first showed (a MutationObserver, wall-clock ms):
 * watching from inside costs the page next to nothing, where polling innerText every frame from
 * outside forced a layout per frame and slowed what it measured.
 */
async function newPage(): Promise<Page> {
  // One visit each: no service worker (it would install in the middle of what is timed).
  return instrument(await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' }));
}

/**
 * After a first visit, until the page's service worker is active (Toolscope's registers once the
 * page is quiet and then caches the build's files: src/app/assetCache.worker.ts), so the next
 * visit is a returning one. True when it is; false for a page without one (after `withinMs`).
 */
const serviceWorkerActive = (page: Page, withinMs: number) =>
  page.evaluate<boolean>(`new Promise((resolve) => {
    setTimeout(() => resolve(false), ${withinMs});
    navigator.serviceWorker?.ready.then(({ active }) => {
      if (active?.state === 'activated') resolve(true);
      active?.addEventListener('statechange', () => active.state === 'activated' && resolve(true));
    });
  })`);

async function newPageIn(context: BrowserContext): Promise<Page> {
  return instrument(await context.newPage());
}

async function instrument(page: Page): Promise<Page> {
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
const wallNow = () => performance.timeOrigin + performance.now();
/** Waits until the page saw `key` (see newPage) and returns when, in wall-clock ms. */
async function seenAt(page: Page, key: string): Promise<number> {
  const handle = await page.waitForFunction(`window.__seen[${JSON.stringify(key)}]`, undefined, { polling: 100, timeout: 300_000 });
  return (await handle.jsonValue()) as number;
}
/** The longest main-thread task that began after `since` (wall-clock ms; default: any). */
const longestTask = (page: Page, since = 0) =>
  page.evaluate<number>(`Math.max(0, ...window.__longTasks.filter((task) => task.at >= ${since}).map((task) => task.duration))`);
const clearTasks = (page: Page) => page.evaluate('window.__longTasks.length = 0');

async function listTimes(url: string, tools: number, pages: number) {
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

async function bareListMedian(url: string) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await bareList(url));
  return { total: median(runs.map((run) => run.total)), count: runs[0]?.count ?? 0 };
}

// ---- the browser's floor: the same requests by a bare fetch loop in the same Chromium --------
// No SDK, no app: what any page pays per request here (renderer ↔ network process, CORS). It
// says how close to the Node reference a browser can get at all.
const rpc = (method: string, params: Record<string, unknown>) =>
  `{ method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': '${method}' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: '${method}', params: { ...${JSON.stringify(params)}, ...extra, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } }) }`;

async function floorList(url: string): Promise<number> {
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
async function floorCall(url: string): Promise<number> {
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

for (const pageSize of want('list') ? [100, 10] : []) {
  const server = await startScaleServer({ tools: 10_000, pageSize });
  const pages = 10_000 / pageSize;
  const reference = await bareListMedian(server.url);
  const toolscope = await listTimes(server.url, reference.count, pages);
  const floor = await floorList(server.url);
  record({
    figure: `10,000 tools in ${pages} pages of ${pageSize}: deep link → full count`,
    toolscope: toolscope.total,
    reference: reference.total,
    unit: 'ms',
    target: '≤ 1.5× bare SDK',
    judge: 'ratio',
    limit: 1.5,
  });
  record({
    figure: `  the browser's floor: the same pages by a bare fetch loop in Chromium`,
    toolscope: floor,
    reference: reference.total,
    unit: 'ms',
    target: '(context)',
    judge: 'context',
    limit: 0,
  });
  record({
    figure: `  first tools visible after the first page's response`,
    toolscope: toolscope.firstRow,
    unit: 'ms',
    target: '≤ 100 ms',
    judge: 'value',
    limit: 100,
  });
  record({
    figure: `  longest main-thread task while pages stream in`,
    toolscope: toolscope.longestTask,
    unit: 'ms',
    target: '≤ 100 ms',
    judge: 'value',
    limit: 100,
  });
  await server.stop();
}

// ---- the browser's own floor, page load included (issue 26) ---------------------------------
// A minimal page on another origin (so CORS applies as for Toolscope) that, opened, does
// server/discover and walks tools/list with bare fetch, writing the first tool's name after the
// first page and the count at the end. Toolscope's deep link is measured against it: first tool
// visible and full count, from navigation start, on a first visit (a fresh browser context: cold
// HTTP cache) and with the app's files cached (the same context, opened again: a returning visit,
// so once Toolscope's service worker has cached the build — it registers when the first visit is
// quiet). Interleaved rounds.
//
// The floor is served with Toolscope's Cross-Origin-Opener-Policy, so the browser's process model
// applies to both alike: a navigation into a COOP same-origin page from one without it (here
// about:blank; in life, any other site) switches browsing context group, and Chromium starts it in
// a fresh renderer process, where a page without COOP is put back in the process its last visit
// warmed, V8 state included. Without COOP the floor's second visit reused that warm process while
// Toolscope's never could: 0.1–0.2× of the ratio (a context row keeps that floor).
const FLOOR_HTML = `<!doctype html><meta charset="utf-8"><title>floor</title><p id="first"></p><p id="count"></p><script>
(async () => {
  const url = new URLSearchParams(location.search).get('server');
  const post = (method, params) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'floor', version: '0' }, 'io.modelcontextprotocol/clientCapabilities': {} } } }) }).then((r) => r.json());
  await post('server/discover', {});
  let count = 0, cursor;
  for (;;) {
    const { result } = await post('tools/list', cursor ? { cursor } : {});
    if (!count) document.getElementById('first').textContent = result.tools[0].name;
    count += result.tools.length;
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  document.getElementById('count').textContent = count + ' tools';
})();
</script>`;

/** The floor page; `sameProcessModel`: with Toolscope's COOP header (see above). */
async function startFloorPage(sameProcessModel: boolean) {
  const { createServer } = await import('node:http');
  const coop = sameProcessModel ? { 'cross-origin-opener-policy': securityHeaders()['Cross-Origin-Opener-Policy'] } : {};
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...coop });
    res.end(FLOOR_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The whole machine's busy CPU time so far (ms, every process and core: /proc/stat), or undefined
 * off Linux. On these 2 cores the floor's own walk already keeps them ~80 % busy (server, browser,
 * Playwright), so a deep link's wall time follows the CPU everything in it needs.
 */
function machineBusyMs(): number | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    const ticks = fields.map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    // USER_HZ is 100 on Linux: a tick is 10 ms.
    return (ticks.reduce((sum, value) => sum + value, 0) - idle) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Samples machineBusyMs every 5 ms while a page loads, so the CPU between navigation start and the
 * moment a figure was reached can be read afterwards (interpolated; /proc/stat counts 10 ms ticks).
 */
function cpuSampler() {
  const samples: { at: number; busy: number }[] = [];
  const sample = () => {
    const busy = machineBusyMs();
    if (busy !== undefined) samples.push({ at: wallNow(), busy });
  };
  sample();
  const timer = setInterval(sample, 5);
  const busyAt = (at: number) => {
    const after = samples.findIndex((item) => item.at >= at);
    const next = samples[after];
    const previous = samples[after - 1];
    if (!next || !previous) return next?.busy ?? samples.at(-1)?.busy ?? NaN;
    return previous.busy + ((next.busy - previous.busy) * (at - previous.at)) / Math.max(1, next.at - previous.at);
  };
  return {
    /** Busy CPU ms between two wall-clock moments. */
    between: (from: number, to: number) => (samples.length ? busyAt(to) - busyAt(from) : undefined),
    stop: () => {
      sample();
      clearInterval(timer);
    },
  };
}

/** Navigation start → first tool visible and → full count (ms), and the machine's CPU busy from navigation start to the full count. */
async function openAndTime(
  page: Page,
  url: string,
  floor: boolean,
  counted: string,
): Promise<{ first: number; all: number; cpu?: number }> {
  const cpu = cpuSampler();
  const timed = await openAndTimeOnly(page, url, floor, counted);
  // Half a second on the page, as anyone stays once the list is there (and a CPU sample or two
  // past the figure): the browser finishes what a visit leaves it to do — Chromium writes V8's
  // code cache of the service worker's files after the page has run them — and a next visit
  // made 20 ms after the count measured a leave nobody makes (a later return: 533 ms then,
  // 445–487 ms after 300–500 ms on the page, over this machine's runs).
  await new Promise((resolve) => setTimeout(resolve, 500));
  cpu.stop();
  const origin = await page.evaluate<number>('performance.timeOrigin');
  return { ...timed, cpu: cpu.between(origin, origin + timed.all) };
}

async function openAndTimeOnly(page: Page, url: string, floor: boolean, counted: string): Promise<{ first: number; all: number }> {
  await page.goto(url);
  if (floor) {
    const first = await page.waitForFunction(`document.getElementById('first').textContent && performance.now()`, undefined, {
      polling: 'raf',
      timeout: 300_000,
    });
    const firstAt = (await first.jsonValue()) as number;
    const all = await page.waitForFunction(`document.getElementById('count').textContent && performance.now()`, undefined, {
      polling: 'raf',
      timeout: 300_000,
    });
    return { first: firstAt, all: (await all.jsonValue()) as number };
  }
  const origin = await page.evaluate<number>('performance.timeOrigin');
  return { first: (await seenAt(page, 'firstRow')) - origin, all: (await seenAt(page, counted)) - origin };
}

type Timed = { first: number; all: number; cpu?: number };

async function firstScreenAgainstFloor(url: string, tools: number, pages: number) {
  const floorPage = await startFloorPage(true);
  const warmFloorPage = await startFloorPage(false);
  const stackFloor = await startStackFloor();
  const counted = `${tools.toLocaleString('en-US')} tools · ${pages} pages`;
  const runs = {
    floorCold: [] as Timed[],
    floorWarm: [] as Timed[],
    cold: [] as Timed[],
    warm: [] as Timed[],
    /** The floor without COOP: its second visit goes back to the process its first one warmed. */
    warmProcessCold: [] as Timed[],
    warmProcessWarm: [] as Timed[],
    stackCold: [] as Timed[],
    stackWarm: [] as Timed[],
    /** The third visits: for Toolscope a later return, once V8's code cache is settled. */
    floorLater: [] as Timed[],
    appLater: [] as Timed[],
    otherLater: [] as Timed[],
  };
  const kinds = {
    floor: { url: floorPage.url, cold: runs.floorCold, warm: runs.floorWarm, later: runs.floorLater },
    app: { url: '', cold: runs.cold, warm: runs.warm, later: runs.appLater },
    'floor without COOP': { url: warmFloorPage.url, cold: runs.warmProcessCold, warm: runs.warmProcessWarm, later: runs.otherLater },
    'stack floor': { url: stackFloor.url, cold: runs.stackCold, warm: runs.stackWarm, later: runs.otherLater },
  };
  for (let run = 0; run < RUNS; run++) {
    for (const [kind, { url: pageUrl, cold, warm, later }] of Object.entries(kinds)) {
      const floor = kind !== 'app';
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = floor ? await context.newPage() : await newPageIn(context);
      const target = floor ? `${pageUrl}?server=${encodeURIComponent(url)}` : deepLink(url);
      cold.push(await openAndTime(page, target, floor, counted));
      if (!floor && !(await serviceWorkerActive(page, 20_000))) console.log('bench: no service worker active after the first visit');
      // The same context again, twice: the app's files come from the browser's caches. On the
      // first return Chromium still writes V8's code cache for the service worker's files once
      // more (~40 ms of the page's thread in a trace: v8.produceModuleCache), though the worker's
      // install made one; from the next visit on it is only read. The target is judged on the
      // first return (the stricter); a later one is printed beside it.
      await page.goto('about:blank');
      warm.push(await openAndTime(page, target, floor, counted));
      await page.goto('about:blank');
      later.push(await openAndTime(page, target, floor, counted));
      await context.close();
    }
  }
  await floorPage.stop();
  await warmFloorPage.stop();
  await stackFloor.stop();
  const m = (list: Timed[], key: 'first' | 'all' | 'cpu') => median(list.map((item) => item[key] ?? NaN));
  const figure = (label: string, mine: number, floor: number, limit: number) =>
    record({
      figure: label,
      toolscope: mine,
      reference: floor,
      unit: 'ms',
      target: `≤ ${limit}× the floor`,
      judge: 'ratio',
      limit,
      referenceLabel: 'floor',
    });
  figure(`deep link → first tool visible, app files cached (${pages} pages)`, m(runs.warm, 'first'), m(runs.floorWarm, 'first'), 2);
  figure(`deep link → first tool visible, first visit`, m(runs.cold, 'first'), m(runs.floorCold, 'first'), 3);
  figure(`deep link → "${tools.toLocaleString('en-US')} tools", app files cached`, m(runs.warm, 'all'), m(runs.floorWarm, 'all'), 1.25);
  figure(`deep link → "${tools.toLocaleString('en-US')} tools", first visit`, m(runs.cold, 'all'), m(runs.floorCold, 'all'), 1.25);
  // Context: the least any app on this stack pays (Toolscope's own share is what lies between),
  // and Toolscope against the floor as first measured, without COOP.
  const listed = `"${tools.toLocaleString('en-US')} tools"`;
  for (const [label, mine, floor] of [
    [`${listed}, app files cached, a later return (V8's code cache settled)`, runs.appLater, runs.floorLater],
    [`${listed}, app files cached: the stack floor (React, SDK client, virtual list; no Toolscope code)`, runs.stackWarm, runs.floorWarm],
    [`${listed}, first visit: the stack floor (React, SDK client, virtual list; no Toolscope code)`, runs.stackCold, runs.floorCold],
    [`${listed}, app files cached: against a floor without COOP (process reused)`, runs.warm, runs.warmProcessWarm],
    [`${listed}, first visit: against a floor without COOP (process reused)`, runs.cold, runs.warmProcessCold],
  ] as const) {
    record({
      figure: `  ${label}`,
      toolscope: m(mine, 'all'),
      reference: m(floor, 'all'),
      unit: 'ms',
      target: '(context)',
      judge: 'context',
      limit: 0,
      referenceLabel: 'floor',
    });
  }
  // Where the wall time comes from: the CPU the whole machine spent meanwhile (2 cores), floor beside.
  for (const [visit, mine, floor] of [
    ['app files cached', runs.warm, runs.floorWarm],
    ['first visit', runs.cold, runs.floorCold],
  ] as const) {
    if (Number.isNaN(m(mine, 'cpu'))) continue;
    record({
      figure: `  machine CPU busy meanwhile (all processes), ${visit}`,
      toolscope: m(mine, 'cpu'),
      reference: m(floor, 'cpu'),
      unit: 'ms',
      target: '(context)',
      judge: 'context',
      limit: 0,
      referenceLabel: 'floor',
    });
  }
}

/**
 * The stack floor (scripts/stackFloor): the least an app on Toolscope's stack (React, the SDK's
 * client, react-virtual) does for a deep link, with the walk ahead of it in a worker as Toolscope
 * does it — built here, and served as Toolscope serves its files (COOP, immutable assets).
 */
async function startStackFloor() {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const { createServer } = await import('node:http');
  const outDir = mkdtempSync(join(tmpdir(), 'toolscope-stack-floor-'));
  await build({
    root: fileURLToPath(new URL('./stackFloor/', import.meta.url)),
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  });
  const coop = { 'cross-origin-opener-policy': securityHeaders()['Cross-Origin-Opener-Policy'] };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://floor').pathname;
    const asset = /^\/assets\/[\w.-]+\.js$/.test(path);
    readFile(join(outDir, asset ? path : 'index.html')).then(
      (body) => {
        const type = asset ? 'text/javascript' : 'text/html; charset=utf-8';
        res.writeHead(200, { 'content-type': type, 'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-cache', ...coop });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * The scale server in a process of its own: in this one it would share an event loop with
 * Toolscope's static files and with Playwright, so a first visit's fifty file requests held the
 * MCP answers back — a cost no real server has, and one the floor's single page never pays.
 */
async function scaleServerProcess(tools: number, pageSize: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../server/testing/scale.ts', import.meta.url))], {
    env: { ...process.env, SCALE_TOOLS: String(tools), SCALE_PAGE: String(pageSize) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /scale server: (\S+)/.exec(out);
      if (found?.[1]) resolve(found[1]);
    });
    child.on('exit', (code) => reject(new Error(`scale server exited (${code}): ${out}`)));
  });
  return { url, stop: () => child.stdin.end() };
}

if (want('floor')) {
  const server = await scaleServerProcess(10_000, 100);
  await firstScreenAgainstFloor(server.url, 10_000, 100);
  server.stop();
}

// ---- calls ---------------------------------------------------------------------------------
const scale = await startScaleServer({ tools: 100, pageSize: 100 });

/**
 * Presses "Call tool" in the page and returns click → `done` (a JS expression) true, checked
 * every frame from inside the page (ms). A string, not a function: tsx's name-keeping helpers
 * do not exist in the page.
 */
function timedClick(page: Page, done: string): Promise<number> {
  return page.evaluate<number>(`(async () => {
    const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.startsWith('Call tool'));
    if (!button) throw new Error('no Call tool button');
    const started = performance.now();
    button.click();
    while (!(${done})) await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - started;
  })()`);
}
const resultText = `(document.querySelector('[aria-label="Result"]')?.textContent ?? '')`;

/** Presses "Call tool" and waits for run `id` to be shown done; returns click → rendered (ms). */
function timedCall(page: Page, id: number): Promise<number> {
  return timedClick(
    page,
    `[...document.querySelectorAll('button')].some((candidate) => candidate.textContent?.startsWith('Run ${id}: done')) ||
      (${id} === 1 && ${resultText}.includes('pong'))`,
  );
}

if (want('calls')) {
  const page = await newPage();
  await page.goto(deepLink(scale.url, 'ping'));
  await page.getByRole('button', { name: 'Call tool' }).waitFor();
  await timedCall(page, 1); // warm-up: loads the form, checks and result chunks
  const durations: number[] = [];
  for (let id = 2; id <= 21; id++) durations.push(await timedCall(page, id));
  await page.close();
  const reference = await bareCall(scale.url, 'ping', {}, 20);
  const floor = await floorCall(scale.url);
  record({
    figure: 'call overhead: Call tool → result shown (ping, median of 20)',
    toolscope: median(durations),
    reference,
    unit: 'ms',
    target: '≤ +10 ms',
    judge: 'difference',
    limit: 10,
  });
  record({
    figure: `  the browser's floor: bare fetch, text into the page, next frame`,
    toolscope: floor,
    reference,
    unit: 'ms',
    target: '(context)',
    judge: 'context',
    limit: 0,
  });
}

async function bigResult(tool: string, megabytes: number, label: string) {
  const times: number[] = [];
  const tasks: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await newPage();
    await page.goto(deepLink(scale.url, tool));
    await page.getByRole('form', { name: 'Arguments' }).getByLabel('size_mb').fill(String(megabytes));
    await clearTasks(page);
    // Visible: the text itself, or the record count and the structured content's tree.
    times.push(
      await timedClick(
        page,
        tool === 'big_text'
          ? `${resultText}.includes('Inventory 2026-12-01')`
          : `${resultText}.includes('records (see structuredContent)') && document.querySelector('[aria-label="structured content tree"]') !== null`,
      ),
    );
    await page.waitForTimeout(1000); // what follows the result (History keeps it) counts too
    tasks.push(await longestTask(page));
    await page.close();
  }
  const reference = await bareCall(scale.url, tool, { size_mb: megabytes }, RUNS);
  record({
    figure: `${label}: Call tool → visible, beyond the bare SDK call`,
    toolscope: median(times),
    reference,
    unit: 'ms',
    target: '≤ +1,000 ms',
    judge: 'difference',
    limit: 1000,
  });
  record({
    figure: `  longest main-thread task`,
    toolscope: Math.max(...tasks),
    unit: 'ms',
    target: '≤ 200 ms',
    judge: 'value',
    limit: 200,
  });
}
if (want('results')) {
  await bigResult('big_text', 8, '8 MB text result');
  await bigResult('big_structured', 5, '5 MB structuredContent');
}
await scale.stop();

// ---- memory --------------------------------------------------------------------------------
if (want('memory')) {
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

// ---- first screen: JavaScript loaded before the person does anything ----------------------
if (want('first-screen')) {
  const page = await newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === new URL(appUrl).origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(appUrl);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500); // idle-time warm-ups
  // …and the page's inline early entry (with its worker's code), which no file request shows.
  const inline = [...readFileSync(`${root}/dist/index.html`, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
  const bytes =
    [...scripts].reduce((sum, path) => sum + gzipSync(readFileSync(`${root}/dist${path}`)).length, 0) +
    inline.reduce((sum, code) => sum + gzipSync(code).length, 0);
  record({
    figure: `first screen JavaScript (${scripts.size} files + ${inline.length} inline, incl. warm-ups)`,
    toolscope: bytes / 1024,
    unit: 'KB gzip',
    target: '≤ 150 KB',
    judge: 'value',
    limit: 150,
  });
  await page.close();
}

await browser.close();
await app.stop();

// ---- the table -------------------------------------------------------------------------------
const format = (value: number | undefined, unit: string) =>
  value === undefined ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${unit}`;
const table = rows.map((row) => {
  const ratio = row.reference ? row.toolscope / row.reference : undefined;
  const measure =
    row.judge === 'ratio'
      ? ratio
      : row.judge === 'difference' && row.reference !== undefined
        ? row.toolscope - row.reference
        : row.toolscope;
  const met = measure !== undefined && measure <= row.limit;
  return [
    row.figure,
    format(row.toolscope, row.unit),
    row.reference === undefined ? '—' : `${format(row.reference, row.unit)}${row.referenceLabel ? ` (${row.referenceLabel})` : ''}`,
    ratio === undefined ? '—' : `${ratio.toFixed(2)}×`,
    row.target,
    row.judge === 'context' ? '' : met ? 'met' : 'NOT met',
  ];
});
const header = ['figure', 'Toolscope', 'reference (bare SDK unless named)', 'ratio', 'target', ''];
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column]?.length ?? 0)));
const print = (cells: string[]) =>
  console.log(
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '),
  );
print(header);
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of table) print(cells);
