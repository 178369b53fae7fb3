// The first screen's JavaScript, as the bench and the budget test (e2e/startBudget.spec.ts) count
// it: every script file the start screen loads, idle-time warm-ups included, plus the inline early
// entry (with its worker's code) that no file request shows — each gzipped, in bytes.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright';

export const FIRST_SCREEN_BUDGET_KB = 150;

export async function firstScreenScripts(page: Page, appUrl: string, dist: string): Promise<{ bytes: number; files: Map<string, number> }> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === new URL(appUrl).origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(appUrl);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500); // idle-time warm-ups
  const files = new Map([...scripts].map((path) => [path, gzipSync(readFileSync(`${dist}${path}`)).length]));
  const inline = [...readFileSync(`${dist}/index.html`, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  inline.forEach((code, index) => files.set(`inline script ${index + 1}`, gzipSync(code).length));
  return { bytes: [...files.values()].reduce((sum, size) => sum + size, 0), files };
}
