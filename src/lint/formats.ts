// The report as files: JSON (the CLI's documented shape), Markdown, JUnit XML and SARIF 2.1.0.
import { redactUrl } from '../lib/redactUrl.ts';
import { RULES, RULE_IDS, type Finding, type Severity } from './findings.ts';
import type { Report } from './report.ts';
import { SCORE_FORMULA } from './score.ts';
import { formatCount } from '../lib/count.ts';

export type ReportFormat = 'json' | 'markdown' | 'junit' | 'sarif';
export const REPORT_FORMATS: readonly ReportFormat[] = ['markdown', 'json', 'junit', 'sarif'];

export const FILE_TYPES: Record<ReportFormat, { extension: string; mimeType: string }> = {
  json: { extension: 'json', mimeType: 'application/json' },
  markdown: { extension: 'md', mimeType: 'text/markdown' },
  junit: { extension: 'xml', mimeType: 'application/xml' },
  sarif: { extension: 'sarif', mimeType: 'application/sarif+json' },
};

const plain = (finding: Finding) => ({
  rule: finding.rule,
  severity: finding.severity,
  ...(finding.tool !== undefined ? { tool: finding.tool } : {}),
  message: finding.message,
  fix: finding.fix,
});

export function toJson(report: Report): string {
  return JSON.stringify(
    {
      server: { name: report.server.name, version: report.server.version ?? null, protocolVersion: report.server.protocolVersion },
      tools: report.tools,
      score: report.score,
      findings: report.findings.map(plain),
      ...(report.queries ? { queries: report.queries } : {}),
    },
    null,
    2,
  );
}

// Markdown from a server's strings: no HTML, no links, no table breaks.
const md = (text: string) => text.replace(/[\\`*_[\]<>|#]/g, (char) => `\\${char}`).replace(/\r?\n/g, ' ');

export function toMarkdown(report: Report): string {
  const counts = (severity: Severity) => {
    const count = report.findings.filter((finding) => finding.severity === severity).length;
    return `${count} ${severity === 'info' ? 'info' : `${severity}${count === 1 ? '' : 's'}`}`;
  };
  const lines = [
    `# Server report: ${md(report.server.name)} ${md(report.server.version ?? '')}`.trimEnd(),
    '',
    `Score **${report.score}/100** · ${report.tools} tools · protocol ${md(report.server.protocolVersion)} · ${counts('error')}, ${counts('warning')}, ${counts('info')}`,
    '',
    `Tokens: ${formatCount(report.model.totalTokens)} for the whole list (${md(report.model.tokenizer)}).${report.active ? '' : ' Active checks not run.'}`,
    '',
    `Score: ${SCORE_FORMULA}`,
    '',
    '| severity | rule | tool | finding | fix |',
    '| --- | --- | --- | --- | --- |',
    ...report.findings.map(
      (finding) =>
        `| ${finding.severity} | \`${finding.rule}\` | ${finding.tool ? `\`${finding.tool.replace(/[`|\r\n]/g, ' ')}\`` : '(server)'} | ${md(finding.message)} | ${md(finding.fix)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

const xml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** One test case per tool (and one for the server); errors and warnings fail it, info does not. */
export function toJUnit(report: Report): string {
  const subjects = new Map<string, Finding[]>([['(server)', []]]);
  for (const cost of report.model.perTool) subjects.set(cost.name, []);
  // A query's finding is its own test case (below), not its tool's.
  for (const finding of report.findings.filter((each) => each.rule !== 'query-expectation')) {
    const key = finding.tool ?? '(server)';
    subjects.set(key, [...(subjects.get(key) ?? []), finding]);
  }
  const queries = report.queries ?? [];
  const failing =
    [...subjects.values()].filter((findings) => findings.some((finding) => finding.severity !== 'info')).length +
    queries.filter((query) => !query.met).length;
  const cases = [...subjects].map(([subject, findings]) => {
    const failures = findings
      .filter((finding) => finding.severity !== 'info')
      .map(
        (finding) =>
          `      <failure type="${xml(finding.rule)}" message="${xml(`${finding.severity}: ${finding.message}`)}">${xml(`${RULES[finding.rule]}\nFix: ${finding.fix}`)}</failure>`,
      );
    const infos = findings.filter((finding) => finding.severity === 'info').map((finding) => `${finding.rule}: ${finding.message}`);
    const out = infos.length ? [`      <system-out>${xml(infos.join('\n'))}</system-out>`] : [];
    return [`    <testcase classname="toolscope.report" name="${xml(subject)}">`, ...failures, ...out, '    </testcase>'].join('\n');
  });
  // One test case per query of --queries: it fails when the expected tool does not come up in time.
  const queryCases = queries.map((query) => {
    const name = `query ${JSON.stringify(query.query)} (${query.mode}) finds ${query.expect} in the top ${query.top}`;
    const failure = query.met
      ? []
      : [
          `      <failure type="query-expectation" message="${xml(query.rank ? `ranked ${query.rank}` : 'not found')}">${xml(RULES['query-expectation'])}</failure>`,
        ];
    return [`    <testcase classname="toolscope.queries" name="${xml(name)}">`, ...failure, '    </testcase>'].join('\n');
  });
  const tests = subjects.size + queries.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolscope report" tests="${tests}" failures="${failing}">`,
    `  <testsuite name="${xml(report.server.name)}" tests="${tests}" failures="${failing}">`,
    ...cases,
    ...queryCases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

const SARIF_LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

export function toSarif(report: Report, serverUrl?: string): string {
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'toolscope',
              rules: RULE_IDS.map((id) => ({ id, shortDescription: { text: id }, fullDescription: { text: RULES[id] } })),
            },
          },
          ...(serverUrl ? { originalUriBaseIds: { SERVER: { uri: redactUrl(serverUrl).url } } } : {}),
          results: report.findings.map((finding) => ({
            ruleId: finding.rule,
            ruleIndex: RULE_IDS.indexOf(finding.rule),
            level: SARIF_LEVEL[finding.severity],
            message: { text: `${finding.message} Fix: ${finding.fix}` },
            locations: [{ logicalLocations: [{ name: finding.tool ?? report.server.name, kind: finding.tool ? 'function' : 'module' }] }],
          })),
          properties: { score: report.score, tools: report.tools },
        },
      ],
    },
    null,
    2,
  );
}

export function formatReport(report: Report, format: ReportFormat, serverUrl?: string): string {
  switch (format) {
    case 'json':
      return toJson(report);
    case 'markdown':
      return toMarkdown(report);
    case 'junit':
      return toJUnit(report);
    case 'sarif':
      return toSarif(report, serverUrl);
  }
}
