// The chip's quick score is the report's score, on real listings: server-everything (written by
// others), the demo and the lint-bait server have tools whose bytes pass 500 (exact counts are
// asked for); the app-bait server's tools are all small (bytes decide: no tokenizer at all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppBaitServer } from '../../../../server/testing/appBait.ts';
import { startLintBaitServer } from '../../../../server/testing/lintBait.ts';
import { startDemoServer, startEverything, type RunningServer } from '../../../../server/testing/testServers.ts';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { McpConnection } from '../../../mcp/connection.ts';
import { walkPages } from '../../../mcp/pagination.ts';
import { reportDeps } from '../../../report/deps.ts';
import { buildReport, type ReportInput } from '../../../report/report.ts';
import { gatherReport, readForReport, reportInputOf } from '../../../report/collect.ts';
import { mergePages } from '../../../mcp/pageMerge.ts';
import { byteCount, quickScore } from './quickScore.ts';
import { workerTokenizer } from './tokenCounter.ts';

/**
 * What the chip scores before a report is made (the workspace's listing and the report's reads),
 * what it scores once one is (that report's gathering), and that report's own score.
 */
async function listing(url: string): Promise<{ input: ReportInput; made: ReportInput; reportScore: number }> {
  const connection = await McpConnection.connect({ url });
  try {
    const { pages } = await walkPages((cursor) => connection.listToolsPage(cursor));
    const reads = await readForReport(connection, mergePages(pages).tools);
    const input = reportInputOf(connection, { pages, ...reads });
    const made = reportInputOf(connection, await gatherReport(connection));
    return { input, made, reportScore: buildReport(made, reportDeps).score };
  } finally {
    await connection.close();
  }
}

describe('the quick score', () => {
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    servers.push(...(await Promise.all([startEverything(), startDemoServer(), startLintBaitServer(), startAppBaitServer()])));
  }, 30_000);
  afterAll(() => Promise.all(servers.map((server) => server.stop())));

  it('is the report’s score on every server; exact counts are asked for only when bytes cannot decide', async () => {
    const [everything, demo, bait, small] = await Promise.all(servers.map((server) => listing(server.url)));
    for (const [input, needsTokenizer] of [
      [everything, true],
      [demo, true],
      [bait, true],
      [small, false],
    ] as const) {
      let asked = false;
      const quick = await quickScore(
        input!.input,
        workerTokenizer((texts) => {
          asked = true;
          return Promise.resolve(texts.map((text) => countTokens(text)));
        }),
      );
      expect(asked).toBe(needsTokenizer);
      expect(quick.score).toBe(buildReport(input!.input, reportDeps).score);
      // The chip's number is the report's, skills and app resources included (the demo has both kinds
      // of skill) — but for what only the report's second listing shows: the lint bait's unstable order.
      if (input === bait) expect(quick.score).toBeGreaterThan(input!.reportScore);
      else expect(quick.score).toBe(input!.reportScore);
      // Once a report is made the chip scores what it gathered: the same number on every server.
      expect(
        (
          await quickScore(
            input!.made,
            workerTokenizer((texts) => Promise.resolve(texts.map((text) => countTokens(text)))),
          )
        ).score,
      ).toBe(input!.reportScore);
      expect(quick.exactTokens).toBe(needsTokenizer);
    }
  });

  it('counts never fewer bytes than o200k tokens, in any script', () => {
    for (const text of [
      '{"name":"echo","description":"Echoes back"}',
      'Größe • 東京 🙂 ∑ ﷽',
      'a'.repeat(5000),
      JSON.stringify({ x: '\u0000\u007f' }),
    ])
      expect(byteCount.count(text)).toBeGreaterThanOrEqual(countTokens(text));
  });
});
