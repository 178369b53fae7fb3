// `toolscope hosts` output: JSON (each server; per host the model-facing names, the findings with
// rule ids, the definitions' tokens), Markdown, JUnit XML (a test case per host and per query) and
// SARIF 2.1.0 (a result per finding). Pure: the command prints what these return.
import type { HostFinding, HostServer, HostView } from '../../src/report/hosts.ts';
import type { QueryOutcome } from '../../src/report/queries.ts';
import type { Finding } from '../../src/report/findings.ts';
import { xml } from '../../src/report/formats.ts';

export interface HostsResult {
  servers: readonly HostServer[];
  /** Each host's view, with the tokens of the definitions it sends (o200k). */
  views: readonly (HostView & { tokens: number; tokenizer: string })[];
  queries?: { outcomes: readonly QueryOutcome[]; findings: readonly Finding[] };
}

/** One line per cell: a newline or a pipe in a server's or tool's name never breaks the table. */
const cell = (text: string) => text.replace(/\r\n|\r|\n/g, ' ').replace(/\|/g, '\\|');

export function hostsJson({ servers, views, queries }: HostsResult): string {
  return `${JSON.stringify(
    {
      servers: servers.map(({ key, name, title, tools }) => ({ key, name, ...(title ? { title } : {}), tools: tools.length })),
      hosts: views,
      ...(queries ? { queries: queries.outcomes, queryFindings: queries.findings } : {}),
    },
    null,
    2,
  )}\n`;
}

export function hostsMarkdown({ servers, views, queries }: HostsResult): string {
  const lines = [`# Hosts: ${servers.length} servers, ${servers.reduce((sum, server) => sum + server.tools.length, 0)} tools`, ''];
  for (const view of views) {
    lines.push(`## ${view.label}`, '', `Naming: ${view.naming}.`, '');
    lines.push(
      `${view.sent} tools sent${view.cap ? ` (cap ${view.cap})` : ''}, ${view.tokens} tokens of definitions (${view.tokenizer})${view.deferred ? '; definitions deferred until searched (tool search)' : ''}.`,
      '',
    );
    if (view.findings.length)
      lines.push(...view.findings.map((finding) => `- **${finding.rule}**: ${cell(finding.message)} _(${cell(finding.source)})_`), '');
    lines.push('| server | tool | the model gets | |', '| --- | --- | --- | --- |');
    lines.push(
      ...view.tools.map(
        (tool) =>
          `| ${cell(tool.server)} | ${cell(tool.tool)} | ${cell(tool.modelName ?? '—')} | ${tool.fate}${tool.why ? `: ${cell(tool.why)}` : ''} |`,
      ),
      '',
    );
  }
  if (queries) {
    lines.push('## Queries over every server', '', '| query | mode | expects | rank | |', '| --- | --- | --- | --- | --- |');
    lines.push(
      ...queries.outcomes.map(
        (outcome) =>
          `| ${cell(outcome.query)} | ${outcome.mode} | ${cell(outcome.expect)} (top ${outcome.top}) | ${outcome.rank ?? '—'} | ${outcome.met ? 'met' : 'missed'} |`,
      ),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

const findingText = (finding: HostFinding) =>
  `${finding.message}${finding.server ? ` (server ${finding.server}${finding.tool ? `, tool ${finding.tool}` : ''})` : ''}`;

export function hostsJUnit({ views, queries }: HostsResult): string {
  const hostCases = views.map((view) => {
    const failures = view.findings.map(
      (finding) =>
        `      <failure type="${xml(finding.rule)}" message="${xml(findingText(finding))}">${xml(`Source: ${finding.source}`)}</failure>`,
    );
    return [`    <testcase classname="toolscope.hosts" name="${xml(view.label)}">`, ...failures, '    </testcase>'].join('\n');
  });
  const queryCases = (queries?.outcomes ?? []).map((outcome) => {
    const name = `query ${JSON.stringify(outcome.query)} (${outcome.mode}) finds ${outcome.expect} in the top ${outcome.top}`;
    const failure = outcome.met
      ? []
      : [`      <failure type="query-expectation" message="${xml(outcome.rank ? `ranked ${outcome.rank}` : 'not found')}"/>`];
    return [`    <testcase classname="toolscope.queries" name="${xml(name)}">`, ...failure, '    </testcase>'].join('\n');
  });
  const tests = hostCases.length + queryCases.length;
  const failures = views.filter((view) => view.findings.length).length + (queries?.outcomes.filter((outcome) => !outcome.met).length ?? 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolscope hosts" tests="${tests}" failures="${failures}">`,
    `  <testsuite name="hosts" tests="${tests}" failures="${failures}">`,
    ...hostCases,
    ...queryCases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

const HOST_RULES = ['host-name-too-long', 'host-name-characters', 'host-collision', 'host-cap', 'host-one-server', 'query-expectation'];

export function hostsSarif({ views, queries }: HostsResult): string {
  const hostResults = views.flatMap((view) =>
    view.findings.map((finding) => ({
      ruleId: finding.rule,
      ruleIndex: HOST_RULES.indexOf(finding.rule),
      level: 'warning',
      message: { text: `${view.label}: ${findingText(finding)} Source: ${finding.source}` },
      locations: [
        {
          logicalLocations: [
            finding.tool && finding.server
              ? { fullyQualifiedName: `${finding.server}/${finding.tool}`, kind: 'function' }
              : { fullyQualifiedName: finding.server ?? view.host, kind: 'module' },
          ],
        },
      ],
      properties: { host: view.host },
    })),
  );
  const queryResults = (queries?.findings ?? []).map((finding) => ({
    ruleId: finding.rule,
    ruleIndex: HOST_RULES.indexOf(finding.rule),
    level: 'error',
    message: { text: finding.message },
    locations: [{ logicalLocations: [{ fullyQualifiedName: finding.tool ?? '(servers)', kind: finding.tool ? 'function' : 'module' }] }],
  }));
  return `${JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'toolscope hosts', rules: HOST_RULES.map((id) => ({ id, shortDescription: { text: id } })) } },
          results: [...hostResults, ...queryResults],
        },
      ],
    },
    null,
    2,
  )}\n`;
}

export const HOSTS_FORMATS = { json: hostsJson, markdown: hostsMarkdown, junit: hostsJUnit, sarif: hostsSarif } as const;
export type HostsFormat = keyof typeof HOSTS_FORMATS;
