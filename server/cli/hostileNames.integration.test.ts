// The fourth audit's exports probes (N5, N9's class): a server whose tool names are a file URL, a
// URL ending in a quote, a name holding U+FFFE and a lone surrogate, and names of the object
// prototype. Every machine-readable output of `report` and `hosts` still parses — JSON with
// JSON.parse, JUnit XML with a strict XML 1.0 parser (saxes) — and says the names it was given.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRawJsonRpcServer } from '../testing/rawJsonRpc.ts';
import { runToolscope } from '../testing/runToolscope.ts';
import type { RunningServer } from '../testing/testServers.ts';

const TEMPLATE_NAME = 'tpl{{ $env.PROBE_CI_SECRET }}';
export const HOSTILE_NAMES = [
  'file:///etc/passwd',
  'http://127.0.0.1/"',
  'odd\uFFFEname',
  'lone\uD800half',
  'constructor',
  'toString',
  'plain_tool',
  TEMPLATE_NAME,
];

/** Throws on the first well-formedness error, as a strict XML 1.0 parser does. */
export function parseXml(text: string): number {
  const parser = new SaxesParser();
  let elements = 0;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', () => elements++);
  parser.write(text).close();
  return elements;
}

let server: RunningServer;
let dir: string;
beforeAll(async () => {
  server = await startRawJsonRpcServer((method) => {
    if (method === 'initialize')
      return {
        result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'names', version: '1.0.0' } },
      };
    if (method === 'tools/list')
      return {
        result: {
          tools: HOSTILE_NAMES.map((name) => ({
            name,
            description: `A tool named ${name}; see http://127.0.0.1:9/"quoted" and file:///etc/"x".`,
            inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
            annotations: { readOnlyHint: true },
          })),
        },
      };
    if (method === 'tools/call') return { result: { content: [{ type: 'text', text: 'ok' }] } };
    return { error: { code: -32601, message: `Method not found: ${method}` } };
  });
  dir = mkdtempSync(join(tmpdir(), 'toolscope-names-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('exports stay valid whatever a server names (audit 4, N5)', () => {
  it.each(['json', 'sarif'])('report --format %s is JSON that keeps every name', async (format) => {
    const { stdout, stderr } = await runToolscope(['report', '--format', format, server.url]);
    const parsed = JSON.parse(stdout) as unknown;
    const text = JSON.stringify(parsed);
    for (const name of ['file:///etc/passwd', 'http://127.0.0.1/\\"', 'constructor']) expect(text, stderr).toContain(name);
  });

  it('report --format junit is well-formed XML', async () => {
    const { stdout } = await runToolscope(['report', '--format', 'junit', server.url]);
    expect(parseXml(stdout)).toBeGreaterThan(HOSTILE_NAMES.length);
  });

  it.each(['json', 'sarif', 'junit'])('hosts --format %s parses', async (format) => {
    const file = join(dir, `${format}.json`);
    writeFileSync(file, JSON.stringify({ mcpServers: { names: { type: 'http', url: server.url } } }));
    const { stdout, stderr } = await runToolscope(['hosts', '--config', file, '--format', format]);
    expect(stdout, stderr).not.toBe('');
    if (format === 'junit') expect(parseXml(stdout)).toBeGreaterThan(1);
    else expect(JSON.stringify(JSON.parse(stdout))).toContain('file:///etc/passwd');
  });
});

describe('an Artillery plan holds no template but Toolscope’s own (audit 4, N7)', () => {
  const env = { PROBE_CI_SECRET: 'CI-SECRET-FROM-ENV-0009' };
  const load = (tool: string, args: string) =>
    runToolscope(
      ['load', '--tool', tool, '--args', args, '--requests', '2', '--export', 'artillery', '--output', join(dir, 'plan.yml'), server.url],
      env,
    );

  it('a tool named with "{{ … }}" is not exported, and says why', async () => {
    const { code, stderr } = await load(TEMPLATE_NAME, '{}');
    expect(code).toBe(2);
    expect(stderr).toMatch(/Not exported: .*"\{\{", which Artillery would fill from the environment/);
    expect(stderr).not.toContain(env.PROBE_CI_SECRET);
  });

  it('an argument with "{{ … }}" is not exported; a plain call is (the control)', async () => {
    expect((await load('plain_tool', '{"q":"{{ $env.HOME }}"}')).code).toBe(2);
    const plain = await load('plain_tool', '{"q":"hello"}');
    expect(plain.code, plain.stderr).toBe(0);
  });
});
