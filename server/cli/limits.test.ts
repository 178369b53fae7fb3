// The report's limits hold against a server that never stops: a body past the cap, an answer that
// never comes. Each ends with exit 2 and the limit named — the old CLI read the whole body (out
// of memory) or waited for ever.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = process.env.TOOLSCOPE_BIN ?? fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`;
}

const report = (args: string[]) =>
  run(process.execPath, [BIN, 'report', ...args], { encoding: 'utf8', timeout: 30_000 }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
  );

it('stops reading a response past --max-mb, with the cap named', async () => {
  let sent = 0;
  const url = await listen((_request, response) => {
    // An answer that never ends: 64 KB chunks of padding inside one SSE event, bounded at 8 MB here.
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const chunk = 'x'.repeat(64 * 1024);
    response.write('data: {"jsonrpc":"2.0","id":0,"result":{"pad":"');
    const timer = setInterval(() => {
      if (sent > 8 * 1024 * 1024 || response.destroyed) return clearInterval(timer);
      sent += chunk.length;
      response.write(chunk);
    }, 1);
    response.on('close', () => clearInterval(timer));
  });
  const failed = await report(['--max-mb', '1', '--era', 'legacy', url]);
  expect(failed.code).toBe(2);
  expect(failed.stderr).toContain('(the cap per response, --max-mb)');
  expect(sent).toBeLessThan(8 * 1024 * 1024);
}, 60_000);

it('gives up on a request after --timeout seconds, with the limit named', async () => {
  const url = await listen(() => {
    // Never answers.
  });
  const started = Date.now();
  const failed = await report(['--timeout', '1', '--era', 'legacy', url]);
  expect(failed.code).toBe(2);
  expect(failed.stderr).toMatch(/within 1 s \(--timeout\)|timed out/i);
  expect(Date.now() - started).toBeLessThan(15_000);
}, 60_000);
