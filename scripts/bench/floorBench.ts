import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from 'playwright-core';
import { securityHeaders } from '../../server/csp.ts';
import { RUNS, browser, deepLink, median, newPageIn, record, seenAt, serviceWorkerActive, wallNow } from './harness.ts';

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
export const FLOOR_HTML = `<!doctype html><meta charset="utf-8"><title>floor</title><p id="first"></p><p id="count"></p><script>
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
export async function startFloorPage(sameProcessModel: boolean) {
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
export function machineBusyMs(): number | undefined {
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
export function cpuSampler() {
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
export async function openAndTime(
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

export async function openAndTimeOnly(page: Page, url: string, floor: boolean, counted: string): Promise<{ first: number; all: number }> {
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

export async function firstScreenAgainstFloor(url: string, tools: number, pages: number) {
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
export async function startStackFloor() {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const { createServer } = await import('node:http');
  const outDir = mkdtempSync(join(tmpdir(), 'toolscope-stack-floor-'));
  await build({
    root: fileURLToPath(new URL('../stackFloor/', import.meta.url)),
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
export async function scaleServerProcess(tools: number, pageSize: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../server/testing/scale.ts', import.meta.url))], {
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

export async function benchFloor(): Promise<void> {
  const server = await scaleServerProcess(10_000, 100);
  await firstScreenAgainstFloor(server.url, 10_000, 100);
  server.stop();
}
