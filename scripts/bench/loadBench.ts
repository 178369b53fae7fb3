// ---- load ------------------------------------------------------------------------------------
// `toolscope load` as an instrument, on server-everything's echo (others' code), beside two
// references measured in the same run: a bare @modelcontextprotocol/client loop in a process of its
// own (./bareLoop.mjs; its p50 at concurrency 1 — the bench may add at most 10 %; each measured
// three times, alternating, the median kept), and the official Inspector's `--load`
// (@modelcontextprotocol/inspector 2.12.0, in loadtest/ with the Node >= 22 it needs) at equal
// concurrency and request count, on the same Node (the bench run by loadtest's Node 22 too; the
// machine's Node 20 figure is named beside it): the bench must drive at least its throughput,
// shown as the time per call (1 / throughput) so that lower is better in every row. And telemetry's
// cost: the same concurrency-1 load with --otlp-endpoint (a receiver in this process) beside it.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startEverything } from '../../server/testing/testServers.ts';
import { spansOf, startOtlpReceiver } from '../../server/testing/otlpReceiver.ts';
import { median, record, root } from './harness.ts';

const LOADTEST = join(root, 'loadtest/node_modules');
const NODE = join(LOADTEST, '.bin/node');
const INSPECTOR = join(LOADTEST, '@modelcontextprotocol/inspector/clients/cli/build/index.js');
const ARGS = { message: 'bench' };

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'utf8', timeout: 300_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      // toolscope load exits 1 on a breached budget; here there are none, so any error is a failure.
      if (error) reject(new Error(`${command} ${args.slice(0, 2).join(' ')}: ${stderr.trim().split('\n').at(-1) ?? error.message}`));
      else resolve(stdout);
    });
  });
}

async function toolscopeLoad(url: string, args: string[], node = process.execPath) {
  const out = await run(node, [
    join(root, 'bin/toolscope.mjs'),
    'load',
    '--tool',
    'echo',
    '--args',
    JSON.stringify(ARGS),
    '--format',
    'json',
    ...args,
    url,
  ]);
  return (JSON.parse(out) as { summary: { all: { p50: number; rps: number; calls: number; outcomes: { ok: number } } } }).summary.all;
}

async function inspectorLoad(url: string, concurrency: number, requests: number) {
  const out = await run(NODE, [
    INSPECTOR,
    url,
    '--transport',
    'http',
    '--method',
    'tools/call',
    '--tool-name',
    'echo',
    '--tool-arg',
    `message=${ARGS.message}`,
    '--load',
    '--load-requests',
    String(requests),
    '--load-concurrency',
    String(concurrency),
  ]);
  return JSON.parse(out) as { throughput: number; ok: number };
}

const bareLoop = async (url: string) =>
  Number(await run(process.execPath, [join(root, 'scripts/bench/bareLoop.mjs'), url, 'echo', JSON.stringify(ARGS), '500', '50']));

export async function benchLoad(): Promise<void> {
  const everything = await startEverything();
  try {
    const bare: number[] = [];
    const ours: number[] = [];
    // Telemetry's cost: the same load with its spans and histograms pushed to a collector (a receiver here).
    const pushed: number[] = [];
    const collector = await startOtlpReceiver();
    const single = ['--requests', '500', '--concurrency', '1', '--warmup', '50'];
    try {
      for (let round = 0; round < 3; round++) {
        bare.push(await bareLoop(everything.url));
        ours.push((await toolscopeLoad(everything.url, single)).p50);
        pushed.push((await toolscopeLoad(everything.url, [...single, '--otlp-endpoint', collector.url])).p50);
      }
    } finally {
      await collector.close();
    }
    record({
      figure: 'load test at concurrency 1: p50 of echo (500 calls, median of 3)',
      toolscope: median(ours),
      reference: median(bare),
      unit: 'ms',
      target: '≤ 1.10× the bare loop',
      judge: 'ratio',
      limit: 1.1,
    });
    record({
      figure: `  the same with --otlp-endpoint (each call recorded for its span; ${spansOf(collector.received).length} spans received in all)`,
      toolscope: median(pushed),
      reference: median(ours),
      referenceLabel: 'no telemetry',
      unit: 'ms',
      target: '≤ 1.10× without',
      judge: 'ratio',
      limit: 1.1,
    });
    if (!existsSync(INSPECTOR)) {
      console.log('bench: the Inspector is not installed (npm ci --prefix loadtest): its --load rows are left out.');
      return;
    }
    for (const concurrency of [10, 50]) {
      const requests = 2000;
      const args = ['--requests', String(requests), '--concurrency', String(concurrency), '--warmup', '100'];
      const machine = await toolscopeLoad(everything.url, args);
      const same = await toolscopeLoad(everything.url, args, NODE);
      const theirs = await inspectorLoad(everything.url, concurrency, requests);
      record({
        figure: `  time per call at concurrency ${concurrency} (1 / throughput, ${requests} calls, Node 22: ours ${same.rps}/s, Inspector ${theirs.throughput}/s; ours on Node 20 ${machine.rps}/s)`,
        toolscope: 1000 / same.rps,
        reference: 1000 / theirs.throughput,
        referenceLabel: 'Inspector --load',
        unit: 'ms',
        target: '≤ 1.00× (at least its throughput)',
        judge: 'ratio',
        limit: 1,
      });
    }
  } finally {
    await everything.stop();
  }
}
