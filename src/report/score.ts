// The report's score, 0–100. Each tool starts at 100 and loses 25 per error, 8 per warning and
// 1 per info finding (not below 0). The server score is the mean of the tool scores and the worst
// tool score, half each — so one terrible tool cannot hide behind many good ones — minus 15 per
// server-wide error and 5 per server-wide warning, clamped to 0–100; any error caps it at 69
// (a server some host refuses is never "good").
import type { Finding, Severity } from './findings.ts';

const PENALTY: Record<Severity, number> = { error: 25, warning: 8, info: 1 };
const ERROR_CAP = 69;
const SERVER_PENALTY: Record<Severity, number> = { error: 15, warning: 5, info: 0 };

export const SCORE_FORMULA =
  'Each tool starts at 100 and loses 25 per error, 8 per warning and 1 per info finding (floor 0). The score is half the mean tool score plus half the worst tool score, minus 15 per server-wide error and 5 per server-wide warning, clamped to 0–100. Any error-severity finding caps the score at 69.';

export function toolScore(findings: readonly Finding[]): number {
  return Math.max(0, 100 - findings.reduce((sum, finding) => sum + PENALTY[finding.severity], 0));
}

export function score(toolNames: readonly string[], findings: readonly Finding[]): number {
  const byTool = new Map<string, Finding[]>(toolNames.map((name) => [name, []]));
  let server = 0;
  for (const finding of findings) {
    if (finding.tool === undefined) server += SERVER_PENALTY[finding.severity];
    else byTool.set(finding.tool, [...(byTool.get(finding.tool) ?? []), finding]);
  }
  const scores = [...byTool.values()].map(toolScore);
  const mean = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 100;
  const worst = scores.length ? Math.min(...scores) : 100;
  const cap = findings.some((finding) => finding.severity === 'error') ? ERROR_CAP : 100;
  return Math.max(0, Math.min(cap, Math.round(mean / 2 + worst / 2 - server)));
}
