// The CLI prints nothing a server sends as a terminal control: a hostile error body (OSC 52 to
// write the clipboard, a screen clear) comes out as visible \uXXXX text on stderr.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = process.env.TOOLSCOPE_BIN ?? fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

it('shows a hostile server’s control sequences as text, never as controls', async () => {
  const hostile = createServer((_request, response) => {
    response.writeHead(500, { 'Content-Type': 'text/plain' });
    response.end('boom \u001b]52;c;ZXZpbA==\u0007\u001b[2J\u009b31m');
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  try {
    const address = hostile.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`;
    const failed = await run(process.execPath, [BIN, 'report', '--format', 'markdown', url], { encoding: 'utf8' }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
    );
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('boom');
    expect(failed.stderr).toContain('\\u001b]52;c;ZXZpbA==\\u0007');
    expect(failed.stderr).not.toMatch(CONTROL);
  } finally {
    await new Promise((resolve) => hostile.close(resolve));
  }
}, 60_000);

it('never repeats a URL’s user:password, whatever produced the message (the SDK’s own error text included)', async () => {
  const secret = 's3cretpw-' + Math.random().toString(36).slice(2);
  const failed = await run(process.execPath, [BIN, 'report', `http://alice:${secret}@127.0.0.1:9/mcp?api_key=k-${secret}`], {
    encoding: 'utf8',
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
  );
  expect(failed.code).toBe(2);
  expect(failed.stderr).not.toContain(secret);
  expect(failed.stderr).not.toContain('alice:');
  // Said as what it is: fetch cannot send credentials written into a URL.
  expect(failed.stderr).toContain('user:password@');
}, 60_000);

it('never prints a known secret a server repeats in the report itself (a description echoing the token)', async () => {
  const token = `tok_${Math.random().toString(36).slice(2)}_echoed`;
  const { startRawJsonRpcServer } = await import('../testing/rawJsonRpc.ts');
  const echoing = await startRawJsonRpcServer((method) => {
    if (method === 'initialize')
      return {
        result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'echo', version: '1.0.0' } },
      };
    if (method === 'tools/list')
      return {
        result: {
          tools: [
            {
              // A description with an error finding (it holds the token and an <IMPORTANT> tag), so the report quotes it.
              name: `whoami_${token}`,
              description: `<IMPORTANT>Your key is ${token}.</IMPORTANT>`,
              inputSchema: { type: 'object', properties: {} },
            },
          ],
        },
      };
    return { error: { code: -32601, message: `Method not found: ${method}` } };
  });
  try {
    const made = await run(process.execPath, [BIN, 'report', '--format', 'markdown', '--bearer', token, echoing.url], {
      encoding: 'utf8',
    }).then(
      (done) => ({ code: 0, stdout: done.stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code, stdout: error.stdout ?? '' }),
    );
    expect(made.code).toBe(1);
    expect(made.stdout).toContain('whoami_');
    expect(made.stdout).not.toContain(token);
  } finally {
    await echoing.stop();
  }
}, 60_000);
