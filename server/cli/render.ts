// `toolscope render`: calls a tool in Toolscope's own page (headless Chromium), renders its MCP
// App in the same sandbox a person gets, waits for the app to settle, and writes a PNG of the
// app's frame and a JSON log (the app's bridge messages, CSP violations, app errors, what a
// stricter host would block). What it reports is what the page showed: it reads the page's own
// accessible names, so the CLI and the page cannot disagree.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type * as Playwright from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS, NO_CHROMIUM, findChromium } from '../browser/chromium.ts';
import { NO_WEBRTC, NO_WEBRTC_ARGS } from '../noWebRtc.ts';

/** What `toolscope render` was asked (./commands/renderCommand.ts reads it from argv). */
export interface RenderOptions {
  tool: string;
  args: Record<string, unknown>;
  out: string;
  log: string;
  profile: 'reference' | 'strict';
  waitMs: number;
  allowAppCalls: boolean;
}

export class RenderUnavailable extends Error {}

interface Message {
  /** Milliseconds since the page opened. */
  at: number;
  from: 'host' | 'app';
  method?: string;
  id?: unknown;
  /** The message as JSON, cut at 2,000 characters. */
  json: string;
}

export interface RenderLog {
  tool: string;
  profile: RenderOptions['profile'];
  settled: boolean;
  png: string;
  messages: Message[];
  violations: string[];
  appErrors: string[];
  /** What a stricter host would block (the page's "Stricter hosts" findings). */
  stricterHosts: string[];
  /** Tool calls the app asked for, and the answer render gave. */
  appCalls: { asked: string; answer: 'called' | 'refused' }[];
  verdict: 'ok' | 'violations';
}

// Runs in every frame; only the top page (Toolscope's, on another origin than any app) keeps a
// log, which the App view fills with every bridge message it sends and receives
// (src/features/apps/AppView.tsx traceBridge). No app can reach it to edit it.
const RECORDER = `(() => {
  if (window !== window.top) return;
  window.__toolscopeRender = [];
})();`;

async function loadPlaywright(): Promise<typeof Playwright> {
  try {
    return await import('playwright-core');
  } catch {
    throw new RenderUnavailable(
      'toolscope render drives Chromium through playwright-core: npm install playwright-core (no browser is downloaded).',
    );
  }
}

const texts = async (page: Page, role: 'list' | 'region', name: string) =>
  page.getByRole(role, { name }).getByRole('listitem').allInnerTexts();

/** Renders `options.tool`'s app from the page at `link` (Toolscope's deep link for the server). */
export async function renderApp(link: string, options: RenderOptions, env = process.env): Promise<RenderLog> {
  const playwright = await loadPlaywright();
  // A browser named by hand that is not there is said, not silently replaced by another.
  if (env.CHROMIUM_PATH && !existsSync(env.CHROMIUM_PATH))
    throw new RenderUnavailable(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist. ${NO_CHROMIUM}`);
  const executablePath = findChromium(env, () => playwright.chromium.executablePath());
  if (!executablePath) throw new RenderUnavailable(NO_CHROMIUM);
  let browser: Browser;
  try {
    // No WebRTC off the machine: UDP only through a proxy (render sets none), and no constructor in any frame.
    browser = await playwright.chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...NO_WEBRTC_ARGS] });
  } catch (error) {
    throw new RenderUnavailable(
      `${executablePath} does not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.addInitScript(RECORDER);
    await page.addInitScript(`(${NO_WEBRTC})(window);`);
    const args = Object.keys(options.args).length ? `&args=${encodeURIComponent(JSON.stringify(options.args))}` : '';
    await page.goto(link.replace('?', `?tool=${encodeURIComponent(options.tool)}${args}&`));
    const deadline = Date.now() + options.waitMs;
    const left = () => Math.max(1, deadline - Date.now());
    // The whole page as it was, beside the PNG, for a render that cannot go on.
    const pageShot = async () => {
      const file = options.out.replace(/(\.png)?$/i, '.page.png');
      mkdirSync(dirname(resolve(file)), { recursive: true });
      return (await page
        .screenshot({ path: file })
        .then(() => true)
        .catch(() => false))
        ? ` The page: ${file}`
        : '';
    };
    // What the page says, for a render that cannot go on (not connected, no such tool).
    const says = async () => {
      const status = await page
        .getByRole('banner')
        .getByRole('status')
        .first()
        .innerText({ timeout: 1000 })
        .catch(() => '');
      const alert = await page
        .getByRole('alert')
        .first()
        .innerText({ timeout: 500 })
        .catch(() => '');
      return [status, alert].filter(Boolean).join(' — ').replace(/\s+/g, ' ').slice(0, 400) || 'nothing';
    };
    // A link to a server not used in this browser asks first; the person named it on the command line.
    const ask = page.getByRole('button', { name: /^Connect to / });
    const call = page.getByRole('button', { name: 'Call tool' }).first();
    await Promise.race([ask.waitFor({ timeout: left() }), call.waitFor({ timeout: left() })]).catch(() => undefined);
    if (await ask.isVisible().catch(() => false)) await ask.click();
    try {
      await call.click({ timeout: left() });
    } catch {
      throw new RenderUnavailable(`could not call ${options.tool}: the page says ${await says()}.${await pageShot()}`);
    }
    // The person who ran render asked for this call: its confirmation is answered yes.
    const confirm = page.getByRole('dialog', { name: `Confirm call to ${options.tool}`, exact: true });
    if (await confirm.isVisible({ timeout: 1500 }).catch(() => false)) await confirm.getByRole('button', { name: 'Call tool' }).click();
    const frame = page.locator(`iframe[title="App: ${options.tool}"]`);
    try {
      await frame.waitFor({ timeout: left() });
    } catch {
      const outcome = await page
        .getByRole('region', { name: /Response/ })
        .first()
        .innerText({ timeout: 1000 })
        .catch(() => '');
      throw new RenderUnavailable(
        `${options.tool} showed no MCP App within ${options.waitMs / 1000} s${outcome ? `; the page says: ${outcome.replace(/\s+/g, ' ').slice(0, 300)}` : ''}.${await pageShot()}`,
      );
    }
    if (options.profile === 'strict') await page.getByRole('combobox', { name: 'Host profile' }).selectOption('strict');
    const inner = page.frameLocator(`iframe[title="App: ${options.tool}"]`).locator('iframe[title="MCP App"]');
    await inner.waitFor({ timeout: left() });

    // Settled: the app said it is initialized, and no bridge message for 1.5 s (or the wait is up).
    const appCalls: RenderLog['appCalls'] = [];
    const asked = page.getByRole('dialog', { name: /\(asked by an MCP App\)$/ });
    const messages = async (): Promise<Message[]> =>
      ((await page.evaluate('window.__toolscopeRender || []').catch(() => [])) as Message[] | undefined) ?? [];
    let settled = false;
    let seen = -1;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (await asked.isVisible().catch(() => false)) {
        const title = (await asked.getAttribute('aria-label').catch(() => null)) ?? (await asked.innerText()).split('\n')[0] ?? '';
        const answer = options.allowAppCalls ? 'called' : 'refused';
        appCalls.push({ asked: title.slice(0, 200), answer });
        await asked.getByRole('button', { name: answer === 'called' ? 'Call tool' : 'Cancel' }).click();
      }
      const now = await messages();
      if (now.length !== seen) [seen, quietSince] = [now.length, Date.now()];
      if (now.some((message) => message.method === 'ui/notifications/initialized') && Date.now() - quietSince >= 1500) {
        settled = true;
        break;
      }
      await page.waitForTimeout(250);
    }
    mkdirSync(dirname(resolve(options.out)), { recursive: true });
    await inner.screenshot({ path: options.out });
    const view = page.getByRole('region', { name: 'App view' });
    const violations = await view
      .getByRole('region', { name: 'CSP violations' })
      .getByRole('listitem')
      .allInnerTexts()
      .catch(() => []);
    const appErrors = await texts(page, 'list', 'App errors');
    const stricterHosts = await texts(page, 'region', 'Stricter hosts');
    const log: RenderLog = {
      tool: options.tool,
      profile: options.profile,
      settled,
      png: options.out,
      messages: await messages(),
      violations,
      appErrors,
      stricterHosts,
      appCalls,
      verdict: violations.length || appErrors.length ? 'violations' : 'ok',
    };
    mkdirSync(dirname(resolve(options.log)), { recursive: true });
    writeFileSync(options.log, `${JSON.stringify(log, null, 2)}\n`);
    return log;
  } finally {
    await browser.close();
  }
}

/** The lines render prints: what was written, and each thing that makes the exit status 1. */
export function renderSummary(log: RenderLog, logFile: string): string[] {
  return [
    `toolscope render: ${log.tool} (${log.profile} host) → ${log.png}, log ${logFile}; ${log.messages.length} bridge messages${log.settled ? '' : ' (did not settle in time)'}.`,
    ...log.violations.map((line) => `  CSP violation: ${line.replace(/\s+/g, ' ')}`),
    ...log.appErrors.map((line) => `  app error: ${line.replace(/\s+/g, ' ')}`),
    ...log.stricterHosts.map((line) => `  a stricter host: ${line.replace(/\s+/g, ' ')}`),
    ...log.appCalls.map((call) => `  the app asked: ${call.asked} — ${call.answer}`),
  ];
}
