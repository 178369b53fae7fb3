// The report as files: JSON (the CLI's documented shape), Markdown, JUnit XML and SARIF 2.1.0.
import { redactUrl } from '../lib/redactUrl.ts';
import { RULES, RULE_IDS, type Finding, type Severity } from './findings.ts';
import type { Report } from './report.ts';
import { VERDICT_TEXT, type Readiness } from './profiles.ts';
import { SCORE_FORMULA } from './score.ts';
import { formatCount } from '../lib/count.ts';
import { APPROXIMATE_NOTE } from './promptCost.ts';

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
  ...(finding.skill !== undefined ? { skill: finding.skill } : {}),
  message: finding.message,
  fix: finding.fix,
});

export function toJson(report: Report, readiness?: Readiness): string {
  return JSON.stringify(
    {
      server: { name: report.server.name, version: report.server.version ?? null, protocolVersion: report.server.protocolVersion },
      tools: report.tools,
      score: report.score,
      tokens: {
        total: report.model.totalTokens,
        tokenizer: report.model.tokenizer,
        ...(report.model.approximate ? { approximate: APPROXIMATE_NOTE } : {}),
      },
      findings: report.findings.map(plain),
      ...(report.queries ? { queries: report.queries } : {}),
      ...(readiness ? { readiness } : {}),
    },
    null,
    2,
  );
}

const STANDING_HEADINGS = [
  ['blocker', 'Blockers'],
  ['requirement', 'Directory requirements'],
  ['recommendation', 'Recommendations'],
  ['person', 'Needs a person'],
] as const;
const STATUS_MARK = {
  met: 'met',
  unmet: '**not met**',
  'not-applicable': 'not applicable',
  person: 'a person must check',
  confirmed: 'confirmed by a person',
};

/** The readiness verdict and its items, grouped as the directory weighs them (a person's items last). */
function readinessMarkdown(readiness: Readiness): string[] {
  const lines = [`## Readiness: ${readiness.profile} — **${VERDICT_TEXT[readiness.verdict]}**`, ''];
  for (const [standing, heading] of STANDING_HEADINGS) {
    // An item a program could not judge is listed with the person's items, whatever its weight.
    const items = readiness.items.filter((item) =>
      standing === 'person'
        ? item.status === 'person' || item.status === 'confirmed'
        : item.standing === standing && item.status !== 'person' && item.status !== 'confirmed',
    );
    if (!items.length) continue;
    lines.push(`### ${heading}`, '');
    for (const item of items) {
      lines.push(`- ${STATUS_MARK[item.status]} · ${md(item.title)} (\`${item.id}\`, ${item.source})`);
      for (const detail of item.details.slice(0, 20)) lines.push(`  - ${md(detail)}`);
    }
    lines.push('');
  }
  return lines;
}

// Markdown from a server's strings: no HTML, no links, no table breaks.
const md = (text: string) => text.replace(/[\\`*_[\]<>|#]/g, (char) => `\\${char}`).replace(/\r?\n/g, ' ');

export function toMarkdown(report: Report, readiness?: Readiness): string {
  const counts = (severity: Severity) => {
    const count = report.findings.filter((finding) => finding.severity === severity).length;
    return `${count} ${severity === 'info' ? 'info' : `${severity}${count === 1 ? '' : 's'}`}`;
  };
  const lines = [
    `# Server report: ${md(report.server.name)} ${md(report.server.version ?? '')}`.trimEnd(),
    '',
    `Score **${report.score}/100** · ${report.tools} tools · protocol ${md(report.server.protocolVersion)} · ${counts('error')}, ${counts('warning')}, ${counts('info')}`,
    '',
    `Tokens: ${formatCount(report.model.totalTokens)} for the whole list (${md(report.model.tokenizer)}${report.model.approximate ? `; ${APPROXIMATE_NOTE}` : ''}).${report.active ? '' : ' Active checks not run.'}`,
    '',
    `Score: ${SCORE_FORMULA}`,
    '',
    '| severity | rule | tool | finding | fix |',
    '| --- | --- | --- | --- | --- |',
    ...report.findings.map(
      (finding) =>
        `| ${finding.severity} | \`${finding.rule}\` | ${finding.tool ? `\`${finding.tool.replace(/[`|\r\n]/g, ' ')}\`` : '(server)'} | ${md(finding.message)} | ${md(finding.fix)} |`,
    ),
    ...(readiness ? ['', ...readinessMarkdown(readiness)] : []),
  ];
  return `${lines.join('\n')}\n`;
}

export const xml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** One test case per tool (and one for the server); errors and warnings fail it, info does not. */
export function toJUnit(report: Report, readiness?: Readiness): string {
  const subjects = new Map<string, Finding[]>([['(server)', []]]);
  for (const cost of report.model.perTool) subjects.set(cost.name, []);
  // A query's finding is its own test case (below), not its tool's.
  for (const finding of report.findings.filter((each) => each.rule !== 'query-expectation')) {
    const key = finding.tool ?? '(server)';
    subjects.set(key, [...(subjects.get(key) ?? []), finding]);
  }
  const queries = report.queries ?? [];
  const failingFindings =
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
  // One test case per readiness item: an unmet blocker or requirement fails; a person's item is skipped.
  const items = readiness?.items ?? [];
  const itemFails = (item: Readiness['items'][number]) => item.status === 'unmet' && item.standing !== 'recommendation';
  const itemCases = items.map((item) => {
    const name = `${readiness?.profile ?? ''}: ${item.title}`;
    const body = itemFails(item)
      ? [
          `      <failure type="${xml(item.id)}" message="${xml(`${item.standing}: ${item.title}`)}">${xml(`${item.details.join('\n')}\nSource: ${item.source}`)}</failure>`,
        ]
      : item.status === 'person'
        ? [`      <skipped message="${xml(`needs a person: ${item.details.join(' ')}`)}"/>`]
        : item.details.length
          ? [`      <system-out>${xml(item.details.join('\n'))}</system-out>`]
          : [];
    return [`    <testcase classname="toolscope.readiness" name="${xml(name)}">`, ...body, '    </testcase>'].join('\n');
  });
  const failing = failingFindings + items.filter(itemFails).length;
  const tests = subjects.size + queries.length + items.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolscope report" tests="${tests}" failures="${failing}">`,
    `  <testsuite name="${xml(report.server.name)}" tests="${tests}" failures="${failing}">`,
    ...cases,
    ...queryCases,
    ...itemCases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

const SARIF_LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

export function toSarif(report: Report, serverUrl?: string, readiness?: Readiness): string {
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
          properties: {
            score: report.score,
            tools: report.tools,
            ...(readiness ? { readiness: { profile: readiness.profile, verdict: readiness.verdict } } : {}),
          },
        },
      ],
    },
    null,
    2,
  );
}

export function formatReport(report: Report, format: ReportFormat, serverUrl?: string, readiness?: Readiness): string {
  switch (format) {
    case 'json':
      return toJson(report, readiness);
    case 'markdown':
      return toMarkdown(report, readiness);
    case 'junit':
      return toJUnit(report, readiness);
    case 'sarif':
      return toSarif(report, serverUrl, readiness);
  }
}
