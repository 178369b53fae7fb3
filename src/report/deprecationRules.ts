// What the 2026-07-28 revision deprecates and a server still relies on (SEP-2577: the logging
// capability, and the roots and sampling requests a tool makes of the client). Deprecated is not
// removed — the specification keeps them for at least twelve months — so these are info findings:
// true today, and what to move to.
import type { CallRecord } from './callRules.ts';
import type { Finding } from './findings.ts';

const SEP_2577 = 'SEP-2577 (modelcontextprotocol.io/seps/2577), deprecated as of 2026-07-28';

const ASKED = [
  {
    method: 'sampling/createMessage',
    rule: 'deprecated-sampling',
    fix: 'Call a model provider’s API from the server instead of asking the client to sample.',
  },
  {
    method: 'roots/list',
    rule: 'deprecated-roots',
    fix: 'Take the folders the tool works on as arguments (or configuration) instead of asking for roots.',
  },
] as const;

/** The text a call ended with: its failure, or its result's text blocks. */
function endText(call: CallRecord): string {
  if (call.failure) return call.failure.message;
  return (call.result?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

export function deprecationFindings(capabilities: unknown, calls: readonly CallRecord[]): Finding[] {
  const findings: Finding[] = [];
  if (typeof capabilities === 'object' && capabilities !== null && 'logging' in capabilities)
    findings.push({
      rule: 'deprecated-logging',
      severity: 'info',
      message: `The server declares the logging capability (${SEP_2577}).`,
      fix: 'Log to stderr (stdio servers) or through OpenTelemetry; keep the capability only while 2025-era clients need it.',
    });
  for (const asked of ASKED) {
    const tools = [...new Set(calls.filter((call) => endText(call).includes(asked.method)).map((call) => call.tool))];
    for (const tool of tools)
      findings.push({
        rule: asked.rule,
        severity: 'info',
        tool,
        message: `A call of ${tool} needed ${asked.method} from the client (${SEP_2577}).`,
        fix: asked.fix,
      });
  }
  return findings;
}
