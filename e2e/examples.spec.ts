// Every published MCP Apps example server that installs from npm (pinned in devDependencies,
// written by the Apps SDK's authors), each through `toolscope -- <server> --stdio` as a user runs
// it: the app renders under the default (reference host) profile, its first interaction works
// through Toolscope's one call path, no app error, no blocked load of its own. Three that a strict
// host breaks (threejs, pdf, basic-vue) work here and, under the strict profile, name what blocks
// them. Apps that need the internet (a CDN, Wikipedia, a video host) show their own offline error,
// and nothing of Toolscope's is in the way (no CSP violation). The README's table is this file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type FrameLocator, type Page } from './fixtures/test.ts';
import { startToolscopeCli, stdioServers, type RunningToolscope } from '../server/testing/testServers.ts';

const WIDE = { width: 1920, height: 1080 };

/** A one-page PDF whose text is `text` (hand-written objects, byte offsets computed). */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface Example {
  name: string;
  tool: string;
  args?: Record<string, unknown>;
  serverArgs?: () => string[];
  /** The app rendered what its tool returned, and its first interaction worked. */
  check: (app: FrameLocator, page: Page) => Promise<void>;
  /** What it needs that this machine has not (said in the README). */
  offline?: string;
  /** The app's own error for what it could not reach offline, the only app error allowed. */
  offlineError?: string;
  /**
   * It reads localStorage unguarded: a browser that blocks third-party storage (this machine's
   * Chromium does) refuses it on the app's own sandbox origin, as on any host that frames apps on
   * a domain of its own; that error is allowed, and must come with the page's explanation.
   */
  storage?: true;
}

let pdfPath = '';
const pdfArgs = () => {
  if (!pdfPath) {
    pdfPath = join(mkdtempSync(join(tmpdir(), 'toolscope-pdf-')), 'hello.pdf');
    writeFileSync(pdfPath, tinyPdf('Hello from Toolscope'));
  }
  return [pdfPath];
};

const serverTime = async (app: FrameLocator, page: Page) => {
  await expect(app.locator('body')).toContainText(/Server Time:\s*\d{4}-\d\d-\d\dT/);
  const before = await app.locator('body').innerText();
  await page.waitForTimeout(1100);
  await app.getByRole('button', { name: 'Get Server Time' }).click();
  await confirmFromApp(page, 'get-time');
  await expect.poll(() => app.locator('body').innerText()).not.toBe(before);
};

/** The app's own call asks (the tool has no read-only hint): the person says yes. */
async function confirmFromApp(page: Page, tool: string) {
  await page
    .getByRole('dialog', { name: `Confirm call to ${tool} (asked by an MCP App)` })
    .getByRole('button', { name: 'Call tool' })
    .click();
}

/** An app that reads in chunks asks once per call: yes to each, until the app shows `done`. */
async function confirmEachFromApp(page: Page, tool: string, shown: () => Promise<string>, done: RegExp) {
  const asked = page.getByRole('dialog', { name: `Confirm call to ${tool} (asked by an MCP App)` });
  await expect(asked).toBeVisible();
  await expect
    .poll(
      async () => {
        if (await asked.isVisible()) await asked.getByRole('button', { name: 'Call tool' }).click();
        return shown();
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toMatch(done);
}

const EXAMPLES: Example[] = [
  ...['basic-preact', 'basic-react', 'basic-solid', 'basic-svelte', 'basic-vue'].map((name) => ({
    name,
    tool: 'get-time',
    check: serverTime,
  })),
  {
    name: 'cohort-heatmap',
    tool: 'get-cohort-data',
    check: async (app, page) => {
      await confirmFromApp(page, 'get-cohort-data');
      await expect(app.locator('body')).toContainText('Cohort Retention Analysis');
      await expect(app.locator('body')).not.toContainText('Loading...');
      await expect(app.locator('body')).toContainText(/\d+%/);
    },
  },
  {
    name: 'customer-segmentation',
    tool: 'get-customer-data',
    check: async (app) => {
      await expect(app.locator('body')).toContainText('Customer Segmentation');
      await expect(app.locator('canvas, svg').first()).toBeVisible();
    },
  },
  {
    name: 'map',
    tool: 'show-map',
    offline: 'CesiumJS and map tiles from a CDN',
    offlineError: 'Error: Failed to load CesiumJS from CDN',
    check: async (app) => {
      await expect(app.locator('body')).toContainText('Failed to load CesiumJS from CDN');
    },
  },
  {
    name: 'pdf',
    tool: 'display_pdf',
    storage: true,
    serverArgs: pdfArgs,
    check: async (app, page) => {
      // The app reads the file's bytes through its own tool call, then PDF.js (a blob: worker, a
      // data: script) renders the page: one page, the words drawn.
      await confirmEachFromApp(page, 'read_pdf_bytes', () => app.locator('body').innerText(), /Hello from Toolscope/);
      await expect(app.locator('body')).toContainText(/of\s*1/);
      await expect(app.locator('canvas').first()).toBeVisible();
    },
  },
  {
    name: 'scenario-modeler',
    tool: 'get-scenario-data',
    check: async (app) => {
      await expect(app.locator('body')).toContainText('SaaS Scenario Modeler');
      await expect(app.locator('body')).toContainText('Starting MRR');
    },
  },
  {
    name: 'shadertoy',
    tool: 'render-shadertoy',
    check: async (app, page) => {
      await expect(app.locator('canvas').first()).toBeVisible();
      await callAppTool(page, 'get-shader-info', /"content"/);
    },
  },
  {
    name: 'sheet-music',
    tool: 'play-sheet-music',
    check: async (app) => {
      await expect(app.locator('body')).toContainText('Twinkle, Twinkle Little Star');
      await expect(app.locator('svg').first()).toBeVisible();
    },
  },
  {
    name: 'system-monitor',
    tool: 'get-system-info',
    check: async (app, page) => {
      await confirmFromApp(page, 'poll-system-stats');
      await expect(app.locator('body')).toContainText('Hostname');
      await expect(app.locator('body')).toContainText(/\d+(\.\d+)?%/);
      await app.getByRole('button', { name: 'Stop' }).click();
    },
  },
  {
    name: 'threejs',
    tool: 'show_threejs_scene',
    check: async (app, page) => {
      await expect(app.locator('canvas').first()).toBeVisible();
      await callAppTool(page, 'get-scene-info', /"content"/);
    },
  },
  {
    name: 'transcript',
    tool: 'transcribe',
    check: async (app) => {
      await expect(app.getByRole('button', { name: 'Start' })).toBeVisible();
      await expect(app.locator('body')).toContainText('Your speech will appear here');
    },
  },
  {
    name: 'video-resource',
    tool: 'play_video',
    offline: 'the video, which the server fetches from a video host',
    offlineError: 'ProtocolError: fetch failed',
    check: async (app) => {
      // The server's own answer, said as the server's (it was read as a CORS failure before).
      await expect(app.locator('body')).toContainText('Error loading video');
      await expect(app.locator('body')).toContainText('fetch failed');
      await expect(app.locator('body')).not.toContainText('CORS');
    },
  },
  {
    name: 'wiki-explorer',
    tool: 'get-first-degree-links',
    offline: 'Wikipedia',
    check: async (app) => {
      await expect(app.getByRole('button', { name: '↺' })).toBeVisible();
    },
  },
];

/** Calls a tool the app registered from Toolscope's form, and waits for the app's answer. */
async function callAppTool(page: Page, name: string, answer: RegExp) {
  const list = page.getByRole('list', { name: 'Tools from app' });
  await list.getByRole('button', { name: `Open ${name}` }).click();
  await list.getByRole('button', { name: 'Call app tool' }).click();
  const asked = page.getByRole('dialog', { name: `Confirm call to ${name} (a tool of the app)` });
  if (await asked.isVisible({ timeout: 1000 }).catch(() => false)) await asked.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByLabel(`Answer of ${name}`)).toContainText(answer);
}

async function openApp(page: Page, cli: RunningToolscope, example: Example) {
  await page.setViewportSize(WIDE);
  const args = example.args ?? (example.name === 'pdf' ? { url: pdfPath } : undefined);
  const link = cli.link.replace('?', `?tool=${example.tool}&${args ? `args=${encodeURIComponent(JSON.stringify(args))}&` : ''}`);
  await page.goto(link);
  await page.getByRole('button', { name: 'Call tool' }).first().click();
  const confirm = page.getByRole('dialog', { name: `Confirm call to ${example.tool}` });
  if (await confirm.isVisible({ timeout: 2000 }).catch(() => false)) await confirm.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'App view' })).toBeVisible({ timeout: 20_000 });
  return page.frameLocator(`iframe[title="App: ${example.tool}"]`).frameLocator('iframe[title="MCP App"]');
}

async function withExample<T>(example: Example, run: (cli: RunningToolscope) => Promise<T>) {
  const cli = await startToolscopeCli(['--', ...stdioServers.example(example.name), ...(example.serverArgs?.() ?? [])]);
  try {
    return await run(cli);
  } finally {
    await cli.stop();
  }
}

for (const example of EXAMPLES)
  test(`${example.name}: renders under the reference host, its first interaction works, no app error, no blocked load`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await withExample(example, async (cli) => {
      const app = await openApp(page, cli, example);
      await expect(page.getByLabel('Active host profile')).toContainText('Reference host');
      await example.check(app, page);
      const view = page.getByRole('region', { name: 'App view' });
      // Offline, the app's own error for what it could not reach is said (it logs it), and nothing else.
      const errors = view.getByRole('list', { name: 'App errors' });
      if (example.offlineError) await expect(errors).toHaveText(example.offlineError);
      else if (example.storage && (await errors.count())) {
        await expect(errors.getByRole('listitem')).toHaveText([/^SecurityError: Failed to read the 'localStorage' property/]);
        await expect(view.getByLabel('Storage refused')).toContainText('blocks storage for a frame from another site');
      } else await expect(errors).toHaveCount(0);
      await expect(view.getByRole('region', { name: 'CSP violations' })).toHaveCount(0);
    });
  });

// What the strict profile (the spec's minimum) would block, said, for the three it breaks.
const STRICT: Record<string, { act: (app: FrameLocator, page: Page) => Promise<void>; names: RegExp }> = {
  threejs: { act: () => Promise.resolve(), names: /script-src\s*eval .*Seen: \(function anonymous\(ctx,canvas/ },
  pdf: {
    act: async (app, page) => confirmEachFromApp(page, 'read_pdf_bytes', () => app.locator('body').innerText(), /fake worker failed/),
    names: /worker-src\s*a blob: worker: blocked by the strict profile[\s\S]*script-src\s*a data: script/,
  },
  'basic-vue': {
    act: async (app) => app.getByRole('button', { name: 'Get Server Time' }).click(),
    names: /origin.*(opaque|same-origin)/,
  },
};
for (const [name, expected] of Object.entries(STRICT))
  test(`${name}: under the strict profile, what blocks it is named`, async ({ page }) => {
    test.setTimeout(90_000);
    const example = EXAMPLES.find((candidate) => candidate.name === name);
    if (!example) throw new Error(name);
    await withExample(example, async (cli) => {
      const app = await openApp(page, cli, example);
      await page.getByRole('combobox', { name: 'Host profile' }).selectOption('strict');
      await expect(page.getByLabel('Active host profile')).toContainText('Strict');
      await expected.act(app, page);
      await expect(page.getByRole('region', { name: 'Stricter hosts' })).toContainText(expected.names, { timeout: 20_000 });
    });
  });
