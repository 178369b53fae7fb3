// `toolscope report --queries FILE` with "mode": "model" entries (issue 66), through the real
// command line, on the demo server and loopback fakes of both model APIs (their published wire
// formats; answers scripted, requests kept): the tools sent equal the model's-eye view, the key
// travels in its header only and is printed or written nowhere, a miss names what the model chose
// with BM25's rank beside it, a recording replays with no network (the fake stopped), a stale one
// is refused.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModel, type FakeChoice } from '../testing/modelFakes.ts';
import { startDemoServer, type RunningServer } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
const KEY = 'sk-test-model-key-0123456789';

function toolscope(args: string[], key: string | undefined = KEY): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, TOOLSCOPE_MODEL_KEY: key ?? '' };
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 90_000, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** What the scripted model does: a cable → search_catalog, a basket → create_basket, the time → words only. */
const choose = (question: string): FakeChoice =>
  /cable/.test(question)
    ? { tool: 'search_catalog', args: { query: 'usb cable' }, text: 'Searching.' }
    : /basket/.test(question)
      ? { tool: 'create_basket', args: {} }
      : { text: 'I cannot tell the time.' };

interface Outcome {
  query: string;
  mode: string;
  met: boolean;
  rank?: number;
  searchRank?: number;
}
interface Finding {
  rule: string;
  message: string;
}

let demo: RunningServer;
let dir: string;
let queries: string;
beforeAll(async () => {
  demo = await startDemoServer();
  dir = mkdtempSync(join(tmpdir(), 'toolscope-model-'));
  queries = join(dir, 'queries.json');
  writeFileSync(
    queries,
    JSON.stringify([
      { query: 'find me a usb cable', expect: 'search_catalog', mode: 'model' },
      { query: 'what time is it now', expect: 'get_current_time', mode: 'model' },
      { query: 'start a new basket', expect: 'add_item', mode: 'model' },
      { query: 'search the catalog', expect: 'search_catalog' },
    ]),
  );
}, 60_000);
afterAll(async () => {
  await demo.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('model-mode queries', () => {
  it('OpenAI-compatible: the tools as the model sees them, the key in its header only; misses named; recorded, then replayed offline', async () => {
    const fake = await startFakeModel({ provider: 'openai', choose, key: KEY });
    const tape = join(dir, 'openai.tape.json');
    const model = ['--model-url', fake.url, '--model-name', 'fake-gpt', '--record-model', tape];
    const run = await toolscope(['report', '--queries', queries, ...model, demo.url]);
    await fake.stop();
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as { queries: Outcome[]; findings: Finding[] };
    expect(report.queries.map((outcome) => [outcome.mode, outcome.met, outcome.rank])).toEqual([
      ['model', true, 1],
      ['model', false, undefined],
      ['model', false, undefined],
      ['bm25', true, 1],
    ]);
    // Where BM25 and the model disagree is the finding: BM25 ranks get_current_time first for "time".
    expect(report.queries[1]?.searchRank).toBe(1);
    const messages = report.findings.filter((finding) => finding.rule === 'query-expectation').map((finding) => finding.message);
    expect(messages).toHaveLength(2);
    expect(messages).toEqual(
      expect.arrayContaining([
        'For "what time is it now" (model fake-gpt), the model called no tool (expected get_current_time); BM25 ranks it 1st. It said: “I cannot tell the time.”',
        expect.stringMatching(
          /^For "start a new basket" \(model fake-gpt\), the model chose create_basket, not add_item; BM25 ranks it \d+(st|nd|rd|th)\.$/,
        ),
      ]),
    );
    // Three questions, each with the demo's every tool as the model's-eye view.
    expect(fake.requests).toHaveLength(3);
    const [first] = fake.requests;
    expect(first?.path).toBe('/v1/chat/completions');
    expect(first?.headers.authorization).toBe(`Bearer ${KEY}`);
    const sent = first?.body.tools as { type: string; function: { name: string; description?: string; parameters: { type: string } } }[];
    expect(sent.length).toBeGreaterThan(20);
    expect(sent.find((tool) => tool.function.name === 'search_catalog')).toMatchObject({
      type: 'function',
      function: { description: expect.stringContaining('catalog'), parameters: { type: 'object' } },
    });
    expect(JSON.stringify(fake.requests.map((request) => request.body))).not.toContain(KEY);
    expect(run.stdout + run.stderr).not.toContain(KEY);
    expect(readFileSync(tape, 'utf8')).not.toContain(KEY);

    // The fake is stopped: the recording answers, the same outcomes, no network.
    const replay = await toolscope(['report', '--queries', queries, '--replay-model', tape, demo.url], undefined);
    expect(replay.code, replay.stderr).toBe(1);
    const replayed = JSON.parse(replay.stdout) as { queries: Outcome[] };
    expect(replayed.queries.map((outcome) => outcome.met)).toEqual([true, false, false, true]);

    // A recording of other tools is stale: said, not used.
    const stale = JSON.parse(readFileSync(tape, 'utf8')) as { tools: string };
    writeFileSync(join(dir, 'stale.json'), JSON.stringify({ ...stale, tools: '0'.repeat(64) }));
    const refused = await toolscope(['report', '--queries', queries, '--replay-model', join(dir, 'stale.json'), demo.url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is stale: the server's tools changed/);
  });

  it('Anthropic Messages: x-api-key and anthropic-version, tools with input_schema; a refused key said without the key', async () => {
    const fake = await startFakeModel({ provider: 'anthropic', choose, key: KEY });
    try {
      const model = ['--model-url', fake.url, '--model-name', 'fake-claude', '--model-provider', 'anthropic'];
      const run = await toolscope(['report', '--queries', queries, ...model, demo.url]);
      expect(run.code, run.stderr).toBe(1);
      expect((JSON.parse(run.stdout) as { queries: Outcome[] }).queries.map((outcome) => outcome.met)).toEqual([true, false, false, true]);
      const [first] = fake.requests;
      expect(first?.path).toBe('/v1/messages');
      expect(first?.headers['x-api-key']).toBe(KEY);
      expect(first?.headers['anthropic-version']).toBe('2023-06-01');
      const sent = first?.body.tools as { name: string; input_schema: { type: string } }[];
      expect(sent.find((tool) => tool.name === 'search_catalog')?.input_schema.type).toBe('object');

      const wrong = 'sk-wrong-key-9876543210';
      const refused = await toolscope(['report', '--queries', queries, ...model, demo.url], wrong);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/The model could not be asked: .*HTTP 401/);
      expect(refused.stdout + refused.stderr).not.toContain(wrong);
    } finally {
      await fake.stop();
    }
  });

  it('usage errors: model queries without a model, a model without model queries, both a model and a recording', async () => {
    const noModel = await toolscope(['report', '--queries', queries, demo.url]);
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toMatch(/"mode": "model" entries: add --model-url URL --model-name NAME, or --replay-model FILE/);
    const bm25 = join(dir, 'bm25.json');
    writeFileSync(bm25, JSON.stringify([{ query: 'search', expect: 'search_catalog' }]));
    expect(
      (await toolscope(['report', '--queries', bm25, '--model-url', 'http://127.0.0.1:9/v1', '--model-name', 'x', demo.url])).stderr,
    ).toMatch(/need a queries file with "mode": "model"/);
    expect(
      (await toolscope(['report', '--queries', queries, '--model-url', 'http://127.0.0.1:9/v1', '--replay-model', 'x.json', demo.url]))
        .stderr,
    ).toMatch(/not with --model-url/);
    expect((await toolscope(['lock', '--out', join(dir, 'l.json'), '--model-url', 'http://x/v1', demo.url])).stderr).toMatch(
      /--model-url is not a lock option/,
    );
  });
});
