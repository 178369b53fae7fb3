// A fuzz run, written (issue 84): text for a person (each finding with its shrunk arguments, what the
// server did, the rule it breaks and the one line that re-runs it), JSON (what --replay reads back),
// JUnit XML (a testsuite, a testcase per tool) and SARIF 2.1.0 (a result per finding, its rule in the
// driver's rules, the tool as a logical location: what code-scanning services read).
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { FUZZ_RULES, type FuzzRule } from '../../src/fuzz/fuzzRules.ts';
import { findingsOf, type FuzzRun } from './runFuzz.ts';

export const FUZZ_FORMATS = ['text', 'json', 'junit', 'sarif'] as const;
export type FuzzFormat = (typeof FUZZ_FORMATS)[number];

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? '';
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
};

/** The one command that re-runs a tool's fuzzing as it was (its seed is derived from the run's and its name). */
export const rerunLine = (run: FuzzRun, tool: string, server: string) =>
  `npx toolscope fuzz --tool ${tool} --seed ${run.seed} --runs ${run.runs}${run.invalid ? ' --invalid' : ''} ${server}`;

function text(run: FuzzRun, server: string): string {
  const lines = [
    `Fuzzing ${run.server.name}${run.server.version ? ` ${run.server.version}` : ''} (${run.server.protocolVersion}): seed ${run.seed}, ${run.runs} inputs per tool${run.invalid ? ', and as many the schema refuses' : ''}`,
  ];
  for (const tool of run.tools) {
    lines.push(
      `${tool.findings.length ? '✗' : '✓'} ${tool.tool} — ${tool.calls} calls, ${tool.findings.length ? `${tool.findings.length} finding${tool.findings.length === 1 ? '' : 's'}` : 'no finding'}${tool.ended ? ` (${tool.ended})` : ''}`,
    );
    for (const finding of tool.findings)
      lines.push(
        `    ${finding.rule}: ${finding.title}`,
        `      arguments: ${shown(finding.args)}${finding.broken ? ` (${finding.broken})` : ''} — run ${finding.run}, shrunk ${finding.shrinks} times`,
        `      server: ${finding.detail.slice(0, 300)}`,
        `      rule: ${finding.cite}`,
      );
    if (tool.findings.length)
      lines.push(`      re-run: ${rerunLine(run, tool.tool, server)}`, `      or: npx toolscope fuzz --replay <the JSON report> ${server}`);
  }
  for (const line of run.skipped) lines.push(`Not fuzzed: ${line}`);
  const findings = findingsOf(run).length;
  const calls = run.tools.reduce((sum, tool) => sum + tool.calls, 0);
  lines.push(
    `${findings} finding${findings === 1 ? '' : 's'} in ${run.tools.length} tool${run.tools.length === 1 ? '' : 's'} (${calls} calls).`,
  );
  return lines.join('\n');
}

const xml = (value: string) =>
  value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function junit(run: FuzzRun): string {
  const failed = run.tools.filter((tool) => tool.findings.length).length;
  const cases = run.tools.map((tool) => {
    const open = `  <testcase classname="${xml(run.server.name)}" name="${xml(`fuzz ${tool.tool}`)}"`;
    if (!tool.findings.length) return `${open}/>`;
    const body = tool.findings.map((finding) => `${finding.rule}: ${shown(finding.args)} → ${finding.detail}`).join('\n');
    return `${open}>\n    <failure message="${xml(tool.findings.map((finding) => finding.title).join('; '))}" type="fuzz">${xml(body)}</failure>\n  </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="toolscope fuzz: ${xml(run.server.name)}" tests="${run.tools.length}" failures="${failed}" errors="0">`,
    ...cases,
    '</testsuite>',
  ].join('\n');
}

function sarif(run: FuzzRun): Log {
  const used = [...new Set(findingsOf(run).map((finding) => finding.rule))];
  const rules: ReportingDescriptor[] = used.map((rule: FuzzRule) => ({
    id: rule,
    shortDescription: { text: FUZZ_RULES[rule].title },
    fullDescription: { text: FUZZ_RULES[rule].cite },
    helpUri: /https:\/\/\S+/.exec(FUZZ_RULES[rule].cite)?.[0] ?? 'https://modelcontextprotocol.io/specification/2025-11-25',
  }));
  const results: Result[] = findingsOf(run).map((finding) => ({
    ruleId: finding.rule,
    ruleIndex: used.indexOf(finding.rule),
    level: 'error',
    message: { text: `${finding.tool}: ${finding.title} — arguments ${shown(finding.args)}; the server: ${finding.detail.slice(0, 300)}` },
    locations: [{ logicalLocations: [{ name: finding.tool, fullyQualifiedName: `${run.server.name}/${finding.tool}`, kind: 'function' }] }],
    properties: { arguments: finding.args, valid: finding.valid, seed: finding.seed, run: finding.run, shrinks: finding.shrinks },
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'toolscope fuzz', rules },
        },
        results,
      },
    ],
  };
}

export function formatFuzz(run: FuzzRun, format: FuzzFormat, server: string): string {
  if (format === 'json') return JSON.stringify({ ...run, findings: findingsOf(run) }, null, 2);
  if (format === 'junit') return junit(run);
  if (format === 'sarif') return JSON.stringify(sarif(run), null, 2);
  return text(run, server);
}
