// `toolscope load --export artillery`: the same plan as a script for Artillery (artillery.io), which
// runs it on one machine or distributed on its cloud runners. The requests are the ones Toolscope
// sends — `tools/call` bodies built by src/mcp/recording/callExport.ts (2026: with the per-request `_meta`
// and the MCP-Protocol-Version / Mcp-Method / Mcp-Name headers; 2025: each virtual user
// initializes, keeps its Mcp-Session-Id, and sends notifications/initialized first).
// Load shape (Artillery's phases, artillery.io/docs/reference/test-script#phases):
//   no --rate: `concurrency` virtual users arrive at once, each sending the mix in a loop (closed);
//   --rate R:  R users arrive a second, each sending one call, at most `concurrency` at a time (open).
// Budgets become the `ensure` plugin's checks (artillery.io/docs/reference/extensions/ensure):
// latency as thresholds on http.response_time.*, errors as a condition on the HTTP failures.
// Credentials are never written: a bearer token and each --header value come from the environment
// that runs Artillery ({{ $env.NAME }}).
import { callMessage } from '../../src/mcp/recording/callExport.ts';
import type { McpConnection } from '../../src/mcp/connection.ts';
import { MCP_HEADER } from '../../src/mcp/wire/headers.ts';
import { paramHeadersFor } from '../../src/mcp/wire/paramHeaders.ts';
import type { McpTool } from '../../src/mcp/tools.ts';
import type { Budget } from '../../src/session/loadBudget.ts';
import { mixPicker, type LoadCall } from '../../src/session/loadTest.ts';
import type { LoadTestPlan } from './loadArgs.ts';

/** The variable an --header's value is read from when Artillery runs (TOOLSCOPE_HEADER_X_API_KEY). */
export const headerVariable = (name: string) => `TOOLSCOPE_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

const ARTILLERY_METRIC: Partial<Record<Budget['metric'], string>> = {
  p50: 'http.response_time.p50',
  p90: 'http.response_time.p90',
  p95: 'http.response_time.p95',
  p99: 'http.response_time.p99',
  max: 'http.response_time.max',
  mean: 'http.response_time.mean',
};

/** A comment's text on one line: every control or line-separating character becomes a space. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

/** YAML by way of JSON: every JSON value is a YAML value, so nothing needs escaping rules of its own. */
const y = (value: unknown) => JSON.stringify(value);

function ensureLines(budgets: readonly Budget[]): { lines: string[]; left: string[] } {
  const thresholds: string[] = [];
  const conditions: string[] = [];
  const left: string[] = [];
  for (const budget of budgets) {
    const metric = ARTILLERY_METRIC[budget.metric];
    if (budget.tool !== undefined) left.push(`${budget.text} (one tool of a mix: Artillery measures all requests together)`);
    else if (metric && budget.op === '<') thresholds.push(`        - ${y(metric)}: ${Math.round(budget.value)}`);
    else if (metric) conditions.push(`        - expression: ${y(`${metric} ${budget.op} ${budget.value}`)}`);
    else if (budget.metric === 'rps') conditions.push(`        - expression: ${y(`http.request_rate ${budget.op} ${budget.value}`)}`);
    else if (budget.metric === 'errors' && budget.unit === 'share')
      // HTTP-level failures only: a JSON-RPC error inside a 200 is invisible to Artillery's counters.
      conditions.push(`        - expression: ${y(`vusers.failed / vusers.created ${budget.op} ${budget.value}`)}`);
    else left.push(`${budget.text} (Artillery does not read JSON-RPC bodies: only toolscope load counts it)`);
  }
  const lines = [
    ...(thresholds.length ? ['      thresholds:', ...thresholds] : []),
    ...(conditions.length ? ['      conditions:', ...conditions] : []),
  ];
  return { lines, left };
}

export function artilleryPlan(
  connection: McpConnection,
  url: string,
  plan: LoadTestPlan,
  calls: readonly LoadCall[],
  tools: readonly McpTool[],
  credentials: { bearer: boolean; headers: readonly string[] },
): { text: string; summary: string } | { refused: string } {
  if (plan.durationMs !== undefined && !plan.rate)
    return { refused: 'Not exported: a --duration run needs --rate for Artillery (its phases arrive users at a rate for a time).' };
  // Artillery renders "{{ … }}" in every string and key of a plan, with no escape (its
  // engine_util.template): a server's tool name or an argument holding one would be filled from the
  // runner's environment and sent to the server (audit 4, N7). Such a call is not exported.
  const templated = calls.find((call) => JSON.stringify([call.tool, call.args]).includes('{{'));
  if (templated)
    return {
      refused: `Not exported: ${JSON.stringify(oneLine(templated.tool)).slice(0, 140)} or its arguments hold "{{", which Artillery would fill from the environment that runs it (it has no escape). Bench it with toolscope load instead.`,
    };
  const target = new URL(url);
  const base = [
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    ...(credentials.bearer ? ['Authorization: Bearer {{ $env.TOOLSCOPE_BEARER }}'] : []),
    ...credentials.headers.map((header) => {
      const name = header.slice(0, header.indexOf(':')).trim();
      return `${name}: {{ $env.${headerVariable(name)} }}`;
    }),
  ];
  const headerBlock = (lines: readonly string[], indent: string) =>
    lines.map((line) => `${indent}${y(line.slice(0, line.indexOf(':')))}: ${y(line.slice(line.indexOf(':') + 1).trim())}`);
  const modern = connection.era === 'modern';
  // A 2025 server that keeps sessions: each virtual user opens its own (a stateless one gave none).
  const session = !modern && connection.taskPlace.sessionId !== undefined;
  const post = (call: LoadCall, indent: string) => {
    const tool = tools.find((candidate) => candidate.name === call.tool);
    const era = modern
      ? [
          `${MCP_HEADER.protocolVersion}: ${connection.protocolVersion}`,
          `${MCP_HEADER.method}: tools/call`,
          `${MCP_HEADER.name}: ${call.tool}`,
          ...Object.entries(paramHeadersFor(tool?.paramHeaders ?? [], call.args)).map(([name, value]) => `${name}: ${value}`),
        ]
      : [...(session ? [`${MCP_HEADER.sessionId}: {{ sid }}`] : []), `${MCP_HEADER.protocolVersion}: ${connection.protocolVersion}`];
    const body = callMessage({
      server: url,
      tool: call.tool,
      args: call.args,
      era: connection.era,
      protocolVersion: connection.protocolVersion,
      bearer: false,
      headers: {},
    });
    return [
      `${indent}- post:`,
      `${indent}    url: ${y(target.pathname + target.search)}`,
      `${indent}    headers:`,
      ...headerBlock([...base, ...era], `${indent}      `),
      `${indent}    json: ${y(body)}`,
    ];
  };
  const handshake = (indent: string) =>
    !session
      ? []
      : [
          `${indent}- post:`,
          `${indent}    url: ${y(target.pathname + target.search)}`,
          `${indent}    headers:`,
          ...headerBlock(base, `${indent}      `),
          `${indent}    json: ${y({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: connection.protocolVersion, capabilities: {}, clientInfo: { name: 'toolscope-artillery', version: '0.1.0' } } })}`,
          `${indent}    capture:`,
          `${indent}      - header: ${y(MCP_HEADER.sessionId.toLowerCase())}`,
          `${indent}        as: "sid"`,
          `${indent}- post:`,
          `${indent}    url: ${y(target.pathname + target.search)}`,
          `${indent}    headers:`,
          ...headerBlock(
            [...base, `${MCP_HEADER.sessionId}: {{ sid }}`, `${MCP_HEADER.protocolVersion}: ${connection.protocolVersion}`],
            `${indent}      `,
          ),
          `${indent}    json: ${y({ jsonrpc: '2.0', method: 'notifications/initialized' })}`,
        ];
  const { lines: ensure, left } = ensureLines(plan.budgets);
  let phases: string[];
  let scenarios: string[];
  let summary: string;
  if (!plan.rate) {
    const pick = mixPicker(calls);
    const order = Array.from({ length: calls.reduce((sum, call) => sum + call.weight, 0) }, pick);
    const rounds = Math.max(1, Math.ceil((plan.requests ?? 0) / (plan.concurrency * order.length)));
    const total = rounds * order.length * plan.concurrency;
    phases = [`    - name: ${y(`${plan.concurrency} users at once`)}`, '      duration: 1', `      arrivalCount: ${plan.concurrency}`];
    scenarios = [
      `  - name: ${y(`the mix, ${rounds} rounds per user`)}`,
      '    flow:',
      ...handshake('      '),
      '      - loop:',
      ...order.flatMap((call) => post(call, '          ')),
      `        count: ${rounds}`,
    ];
    summary = `${plan.concurrency} users × ${rounds} rounds × ${order.length} calls = ${total} tools/call requests${total !== plan.requests ? ` (${plan.requests ?? 0} asked, rounded up to whole rounds)` : ''}.`;
  } else {
    const seconds = plan.durationMs !== undefined ? plan.durationMs / 1000 : Math.ceil((plan.requests ?? 0) / plan.rate);
    phases = [
      `    - name: ${y(`${plan.rate} users a second`)}`,
      `      duration: ${seconds}`,
      `      arrivalRate: ${plan.rate}`,
      `      maxVusers: ${plan.concurrency}`,
    ];
    scenarios = calls.flatMap((call) => [
      `  - name: ${y(call.tool)}`,
      `    weight: ${call.weight}`,
      '    flow:',
      ...handshake('      '),
      ...post(call, '      '),
    ]);
    summary = `${plan.rate} users a second for ${seconds} s, one tools/call each, at most ${plan.concurrency} at a time.`;
  }
  const text = [
    // Server text in a comment is one line: a name with a line break must not add keys (a `processor` runs code).
    `# toolscope load --export artillery: ${oneLine(`${calls.map((call) => call.tool).join(', ')} on ${connection.server.name} (${connection.protocolVersion})`)}.`,
    `# ${summary}`,
    ...(credentials.bearer || credentials.headers.length
      ? [
          `# Set first: ${[...(credentials.bearer ? ['TOOLSCOPE_BEARER'] : []), ...credentials.headers.map((header) => headerVariable(header.slice(0, header.indexOf(':')).trim()))].join(', ')} (credentials are not written here).`,
        ]
      : []),
    ...left.map((budget) => `# Not checked by Artillery: ${budget}`),
    '# Run: npx artillery run plan.yml   (distributed: artillery run-fargate / run-aci, see artillery.io/docs)',
    'config:',
    `  target: ${y(target.origin)}`,
    '  phases:',
    ...phases,
    ...(ensure.length ? ['  plugins:', '    ensure:', ...ensure] : []),
    'scenarios:',
    ...scenarios,
    '',
  ].join('\n');
  // The plan's only templates are Toolscope's own: the credentials' $env.TOOLSCOPE_* and the session's sid.
  const foreign = text
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .find((line) => line.replace(/\{\{ (\$env\.TOOLSCOPE_[A-Z0-9_]+|sid) \}\}/g, '').includes('{{'));
  if (foreign)
    return {
      refused: `Not exported: the plan would hold an Artillery template Toolscope did not write: ${oneLine(foreign).trim().slice(0, 200)}`,
    };
  return { text, summary };
}
