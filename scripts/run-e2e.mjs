// Runs the Playwright suite in headless Chromium. Finds a browser by itself — CHROMIUM_PATH,
// else /usr/bin/chromium, else Playwright's own — and fails loudly (never skips) without one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, NO_CHROMIUM, findChromium } from '../server/browser/chromium.ts';

const browser = findChromium(process.env, () => chromium.executablePath());
if (!browser) {
  console.error(`${NO_CHROMIUM}\n(for the end-to-end tests: then run npm test again)`);
  process.exit(1);
}
// The browser's own version heads the log: a failure on another machine is read against it.
try {
  const launched = await chromium.launch({ executablePath: browser, args: CHROMIUM_ARGS });
  console.log(`e2e: using ${browser} — Chromium ${launched.version()}`);
  await launched.close();
} catch (error) {
  console.error(`e2e: ${browser} does not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: browser },
});
// A failure on a CI machine is only seen in this log: show the page as it was (Playwright's
// error context holds the accessibility snapshot), trimmed, so the cause is visible — also
// for an attempt that passed on its retry (reported as "flaky").
if (existsSync('test-results')) {
  for (const entry of readdirSync('test-results', { recursive: true })) {
    const file = join('test-results', String(entry));
    if (!file.endsWith('error-context.md')) continue;
    const text = readFileSync(file, 'utf8');
    console.log(`\n── ${file} ──\n${text.length > 12_000 ? `${text.slice(0, 12_000)}\n… (${text.length} characters)` : text}`);
  }
}
process.exit(result.status ?? 1);
