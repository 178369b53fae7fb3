// What a tap keeps of a secret (issue 82: "secrets in headers and env are redacted by the one
// redaction rule"): the server's secret-named variable, echoed back by a tool, passes on to the
// host untouched but is never written into the cassette (nor an encoding of it); over HTTP the
// host's bearer token, echoed the same way, neither.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliServer, startEverything, stdioServers, type RunningServer } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
const SECRET = 'sk-tap-7f3a9c1e5b2d4680';
const dir = mkdtempSync(join(tmpdir(), 'toolscope-tap-secrets-'));
let everything: RunningServer;
beforeAll(async () => {
  everything = await startEverything();
}, 60_000);
afterAll(async () => {
  await everything.stop();
});

const echoed = (result: unknown) => JSON.stringify(result).includes(SECRET);

describe('the tap keeps no secret', () => {
  it('over stdio: a secret-named variable of the server, echoed, reaches the host but not the cassette', async () => {
    const out = join(dir, 'stdio.jsonl');
    const client = new Client({ name: 'host', version: '1' }, { capabilities: {} });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'tap', '--no-page', '--out', out, '--', ...stdioServers.everything()],
        env: { SHOP_API_KEY: SECRET },
        stderr: 'ignore',
      }),
    );
    expect(echoed(await client.callTool({ name: 'echo', arguments: { message: `the key is ${SECRET}` } }))).toBe(true);
    await client.close();
    const kept = readFileSync(out, 'utf8');
    expect(kept).toContain('the key is REDACTED');
    expect(kept).not.toContain(SECRET);
    expect(kept).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 16));
    expect(kept).toContain('"SHOP_API_KEY"');
  }, 60_000);

  it('over HTTP: the host’s bearer token, echoed, reaches the host but not the cassette', async () => {
    const out = join(dir, 'http.jsonl');
    const tap = await startCliServer(['tap', '--no-page', '--out', out, '--listen', '0', everything.url]);
    const client = new Client({ name: 'host', version: '1' }, { capabilities: {} });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(tap.url), { requestInit: { headers: { Authorization: `Bearer ${SECRET}` } } }),
    );
    expect(echoed(await client.callTool({ name: 'echo', arguments: { message: SECRET } }))).toBe(true);
    await client.close();
    await tap.stop();
    const kept = readFileSync(out, 'utf8');
    expect(kept).toContain('REDACTED');
    expect(kept).not.toContain(SECRET);
  }, 60_000);
});
