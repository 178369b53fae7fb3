// --watch: a change under the folder restarts the child once (debounced) and says why in the
// console; changes under node_modules or .git, and editor droppings, do not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { StdioChild } from './child.ts';
import { childEnvironment } from './env.ts';
import { watchAndRestart } from './watch.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(25);
  }
}

it('restarts the child once for a burst of changes, and not for ignored files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolscope-watch-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'node_modules'));
  const child = new StdioChild({
    command: process.execPath,
    args: ['-e', 'setTimeout(() => {}, 60000)'],
    env: childEnvironment(),
  });
  cleanups.push(() => child.stop(500));
  const notes: string[] = [];
  child.onLine((line) => notes.push(line.text));
  child.start();
  await waitFor(() => child.state.status === 'running');
  const stopWatching = watchAndRestart(dir, child, 100);
  cleanups.push(stopWatching);

  writeFileSync(join(dir, 'node_modules', 'dep.js'), 'x');
  writeFileSync(join(dir, 'index.js.swp'), 'x');
  await sleep(400);
  expect(child.generation).toBe(1);

  for (const name of ['a.js', 'b.js', 'a.js']) writeFileSync(join(dir, name), String(Math.random()));
  await waitFor(() => child.generation === 2 && child.state.status === 'running');
  await sleep(400);
  expect(child.generation).toBe(2);
  const restartNotes = notes.filter((text) => text.startsWith(`Changed under ${dir}`));
  expect(restartNotes).toHaveLength(1);
  expect(restartNotes[0]).toMatch(/a\.js/);
  expect(restartNotes[0]).toMatch(/restarting the server/);
  expect(restartNotes[0]).not.toMatch(/node_modules|\.swp/);
});

it('names the folder when it cannot be watched', () => {
  const child = new StdioChild({ command: process.execPath, args: [], env: childEnvironment() });
  expect(() => watchAndRestart('/nonexistent/toolscope-watch', child)).toThrow(/--watch \/nonexistent\/toolscope-watch: .*ENOENT/);
});
