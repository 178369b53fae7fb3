// ---- tap -------------------------------------------------------------------------------------
// What `toolscope tap` adds to a host's call (issue 82: at most 1 ms to the p50), over stdio and
// over HTTP: the official client calling server-everything's echo (others' code) directly and
// through the tap, alternating, RUNS times each, CALLS calls a run; the median of each run's p50.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Transport } from '@modelcontextprotocol/client';
import { startCliServer, startEverything, stdioServers } from '../../server/testing/testServers.ts';
import { RUNS, median, record, root } from './harness.ts';

const CALLS = 200;
const dir = mkdtempSync(join(tmpdir(), 'toolscope-tap-bench-'));
const BIN = join(root, 'bin/toolscope.mjs');

async function callP50(transport: Transport): Promise<number> {
  const client = new Client({ name: 'bench-host', version: '0' }, { capabilities: {} });
  await client.connect(transport);
  try {
    // Warm both ends first (JIT, the first list).
    for (let call = 0; call < 20; call++) await client.callTool({ name: 'echo', arguments: { message: 'warm' } });
    const durations: number[] = [];
    for (let call = 0; call < CALLS; call++) {
      const started = performance.now();
      await client.callTool({ name: 'echo', arguments: { message: `bench ${call}` } });
      durations.push(performance.now() - started);
    }
    return median(durations);
  } finally {
    await client.close();
  }
}

export async function benchTap(): Promise<void> {
  const [command = '', ...args] = stdioServers.everything();
  const stdio = { direct: [] as number[], tapped: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    stdio.direct.push(await callP50(new StdioClientTransport({ command, args, stderr: 'ignore' })));
    stdio.tapped.push(
      await callP50(
        new StdioClientTransport({
          command: process.execPath,
          args: [BIN, 'tap', '--no-page', '--out', join(dir, `stdio-${run}.jsonl`), '--', command, ...args],
          stderr: 'ignore',
        }),
      ),
    );
  }
  record({
    figure: 'tap: a call’s p50 over stdio (echo)',
    toolscope: median(stdio.tapped),
    reference: median(stdio.direct),
    referenceLabel: 'the same client, no tap',
    unit: 'ms',
    target: '≤ +1 ms',
    judge: 'difference',
    limit: 1,
  });

  const everything = await startEverything();
  const http = { direct: [] as number[], tapped: [] as number[] };
  try {
    for (let run = 0; run < RUNS; run++) {
      http.direct.push(await callP50(new StreamableHTTPClientTransport(new URL(everything.url))));
      const tap = await startCliServer(['tap', '--no-page', '--out', join(dir, `http-${run}.jsonl`), '--listen', '0', everything.url]);
      try {
        http.tapped.push(await callP50(new StreamableHTTPClientTransport(new URL(tap.url))));
      } finally {
        await tap.stop();
      }
    }
  } finally {
    await everything.stop();
  }
  record({
    figure: 'tap: a call’s p50 over HTTP (echo)',
    toolscope: median(http.tapped),
    reference: median(http.direct),
    referenceLabel: 'the same client, no tap',
    unit: 'ms',
    target: '≤ +1 ms',
    judge: 'difference',
    limit: 1,
  });
}
