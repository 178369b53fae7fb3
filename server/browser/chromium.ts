// Where Toolscope finds a Chromium to drive (the e2e suite and `toolscope render`): $CHROMIUM_PATH,
// else Debian's /usr/bin/chromium, else Playwright's own if one was installed. Nothing downloads one.
import { existsSync } from 'node:fs';

// No sandbox (root in CI) and no background networking (a closed network only fails and slows).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The first Chromium that exists, or undefined. `bundled` is Playwright's own path, when it has one. */
export function findChromium(env: Readonly<Record<string, string | undefined>>, bundled?: () => string): string | undefined {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    if (bundled) candidates.push(bundled());
  } catch {
    // Playwright has no browser of its own installed.
  }
  return candidates.find((path) => path && existsSync(path));
}

export const NO_CHROMIUM = [
  'No Chromium found.',
  'Install one, then run this again:',
  '  Debian/Ubuntu: sudo apt-get install -y chromium   (gives /usr/bin/chromium)',
  '  or point CHROMIUM_PATH at any Chromium/Chrome binary',
  '  or, where downloads are allowed: npx playwright install chromium',
].join('\n');
