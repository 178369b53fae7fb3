// Runs the Playwright suite in headless Chromium. Finds a browser by itself — CHROMIUM_PATH,
// else /usr/bin/chromium, else Playwright's own — and fails loudly (never skips) without one.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';

function findBrowser() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own installed.
  }
  return candidates.find((path) => path && existsSync(path));
}

const browser = findBrowser();
if (!browser) {
  console.error(
    [
      'No Chromium found for the end-to-end tests.',
      'Install one, then run npm test again:',
      '  Debian/Ubuntu: sudo apt-get install -y chromium   (gives /usr/bin/chromium)',
      '  or point CHROMIUM_PATH at any Chromium/Chrome binary',
      '  or, where downloads are allowed: npx playwright install chromium',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`e2e: using ${browser}`);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: browser },
});
process.exit(result.status ?? 1);
