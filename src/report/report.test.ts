import { describe, expect, it } from 'vitest';
import { parseToolsPage } from '../mcp/tools.ts';
import { reportDeps } from './deps.ts';
import { toJUnit, toJson, toMarkdown, toSarif } from './formats.ts';
import { buildReport } from './report.ts';
import { countFindings } from './rules.ts';
import { callFindings, outputValidator } from './callRules.ts';
import { validateAgainst } from '../schema/validate.ts';
import type { CallResult } from '../mcp/results.ts';
import { score } from './score.ts';
import type { Finding } from './findings.ts';

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'Returns the current time in a time zone; use it before scheduling anything.',
  inputSchema: { type: 'object', additionalProperties: false },
  annotations: { readOnlyHint: true, openWorldHint: false },
  ...extra,
});

const report = (tools: unknown[]) =>
  buildReport(
    {
      server: { name: 'test', version: '1', protocolVersion: '2025-11-25' },
      serverUrl: 'http://127.0.0.1:1/mcp',
      era: 'legacy',
      pages: [parseToolsPage({ tools })],
    },
    reportDeps,
  );

describe('tool-count-host-cap', () => {
  it('warns above 128 tools (Copilot), informs above 40, and says nothing at 40', () => {
    expect(countFindings(129, 9000, 'o200k')[0]).toMatchObject({ rule: 'tool-count-host-cap', severity: 'warning' });
    expect(countFindings(41, 3000, 'o200k')[0]).toMatchObject({ severity: 'info' });
    expect(countFindings(41, 3000, 'o200k')[0]?.message).toContain('3,000 tokens');
    expect(countFindings(40, 3000, 'o200k')).toEqual([]);
  });

  it('is found on a real listing of 130 tools, with nothing else said of the clean ones', () => {
    // Each tool its own subject, so a search tells them apart (tools-confusable stays quiet).
    const subject = (index: number) => [...index.toString(26)].map((digit) => 'klmnopqrstuvwxyzabcdefghij'[parseInt(digit, 26)]).join('');
    const result = report(
      Array.from({ length: 130 }, (_, index) =>
        tool(`tool_${index}`, { description: `Returns the ${subject(index)}x ledger; use it before scheduling anything.` }),
      ),
    );
    expect(result.findings.map((finding) => finding.rule)).toEqual(['tool-count-host-cap', 'token-cost']);
    expect(result.tools).toBe(130);
  });
});

describe('score', () => {
  const finding = (severity: Finding['severity'], tool?: string): Finding => ({
    rule: 'description-thin',
    severity,
    tool,
    message: '',
    fix: '',
  });
  it('is 100 for clean tools and lets the worst tool weigh half', () => {
    const names = Array.from({ length: 20 }, (_, index) => `t${index}`);
    expect(score(names, [])).toBe(100);
    // One tool with four warnings among 19 clean ones: mean 98.4, worst 68 → 83.
    expect(
      score(
        names,
        Array.from({ length: 4 }, () => finding('warning', 't0')),
      ),
    ).toBe(83);
  });
  it('caps a server with any error at 69', () => {
    expect(score(['a', 'b'], [finding('error', 'a')])).toBeLessThanOrEqual(69);
  });
});

describe('export formats', () => {
  const hostile = tool('x', { description: '<script>alert(1)</script> | ]]> & "quotes" \u0000 # heading' });
  const result = report([hostile, tool('bad name')]);

  it('JSON has exactly the documented keys', () => {
    const json = JSON.parse(toJson(result)) as Record<string, unknown> & { findings: Record<string, unknown>[] };
    expect(Object.keys(json)).toEqual(['server', 'tools', 'score', 'tokens', 'findings']);
    for (const entry of json.findings)
      expect(Object.keys(entry).filter((key) => !['rule', 'severity', 'tool', 'message', 'fix'].includes(key))).toEqual([]);
  });

  it('JUnit escapes what a server sends and fails the tool with an error', () => {
    const xml = toJUnit(report([tool('a<b>&"c"', { description: 'x' })]));
    expect(xml).not.toContain('<b>');
    expect(xml).toContain('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(xml).toMatch(/<testcase classname="toolscope.report" name="a&lt;b&gt;&amp;&quot;c&quot;">\n\s+<failure type="name-invalid"/);
  });

  it('Markdown neither breaks its table nor lets HTML through; SARIF names rules and levels', () => {
    const markdown = toMarkdown(result);
    expect(markdown).not.toContain('<script>');
    const row = markdown.split('\n').find((line) => line.includes('`name-invalid`'));
    expect(row?.split(/(?<!\\)\|/).length).toBe(7);
    const sarif = JSON.parse(toSarif(result)) as { runs: { results: { ruleId: string; level: string }[] }[] };
    expect(sarif.runs[0]?.results).toContainEqual(expect.objectContaining({ ruleId: 'name-invalid', level: 'error' }));
  });
});

describe('handle-weak', () => {
  const result = (structuredContent: unknown): CallResult => ({
    content: [],
    structuredContent,
    hasStructuredContent: true,
    isError: false,
    raw: {},
  });
  const judge = (...values: unknown[]) =>
    callFindings(
      values.map((value) => ({ tool: 't', result: result(value) })),
      [],
      outputValidator(validateAgainst),
    ).filter((finding) => finding.rule === 'handle-weak');

  it('flags handles a call hands out that are numeric, short or counting up', () => {
    expect(judge({ basket_id: 17 }, { basket_id: 18 })[0]?.message).toContain('numeric');
    expect(judge({ session: { token: 'ab12' } })[0]?.message).toContain('short');
    expect(judge({ order_id: 'ord_000123' }, { order_id: 'ord_000124' })[0]?.message).toContain('sequential');
  });

  it('leaves random handles and ids inside listed records alone', () => {
    expect(judge({ basket_id: 'bsk_Qm9sZCByYW5kb20gYnl0ZXM' })).toEqual([]);
    expect(judge({ products: [{ id: 'prd_cab_001' }, { id: 'prd_cab_002' }] })).toEqual([]);
  });
});
