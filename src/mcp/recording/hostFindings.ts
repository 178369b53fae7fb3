// What a tapped host did that matters to a server's author (issue 82), read from the wire alone —
// each finding names its rule and the spec's words it rests on. What a host does with an answer
// after the wire (shows it, drops `structuredContent`) cannot be seen here and is not guessed.
import { isRecord, own } from '../guards.ts';
import { messagesOfLine, pairsOf, type WireLine } from './wireLog.ts';

export interface HostFinding {
  rule:
    | 'initialized-missing'
    | 'unknown-tool'
    | 'stale-list'
    | 'arguments-refused'
    | 'cancelled-initialize'
    | 'answered-after-cancel'
    | 'not-json'
    | 'unanswered';
  /** Who did it: the host, or the server (a line on its stdout that is not JSON-RPC). */
  by: 'host' | 'server';
  /** One sentence: what happened, with the names and ids that show it. */
  detail: string;
  /** The spec's rule, and where it is written. */
  cite: string;
  at: number;
}

const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25';
const CITES: Record<HostFinding['rule'], string> = {
  'initialized-missing': `“After successful initialization, the client MUST send an initialized notification” — ${SPEC}/basic/lifecycle#initialization`,
  'unknown-tool': `Tools are discovered with tools/list; a call names one of them — ${SPEC}/server/tools#listing-tools`,
  'stale-list': `On notifications/tools/list_changed the list a client holds is stale: list again — ${SPEC}/server/tools#list-changed-notification`,
  'arguments-refused': `“inputSchema: JSON Schema defining expected parameters” — ${SPEC}/server/tools#tool`,
  'cancelled-initialize': `“The initialize request MUST NOT be cancelled by clients” — ${SPEC}/basic/utilities/cancellation`,
  'answered-after-cancel': `“The receiver SHOULD NOT send a response for the cancelled request” — ${SPEC}/basic/utilities/cancellation`,
  'not-json': `“The server MUST NOT write anything to its stdout that is not a valid MCP message” — ${SPEC}/basic/transports#stdio`,
  unanswered: `“Receivers … MUST respond” to each request (a result or an error) — ${SPEC}/basic#responses`,
};
/** Findings of one rule past this are counted, not listed. */
const MAX_PER_RULE = 20;

const toolNamesOf = (result: unknown) => {
  const tools = isRecord(result) ? own(result, 'tools') : undefined;
  return Array.isArray(tools) ? tools.filter(isRecord) : [];
};

/** What is wrong with a value for a schema (none: nothing); src/schema/validate.ts's schemaIssues, passed in (Ajv loads on demand). */
export type IssuesOf = (schema: unknown, value: unknown) => readonly string[];

/**
 * The host's (and the stdio server's) findings on a tapped wire, in the order they happened.
 * `ended`: the tap has stopped (what never came is then a finding); `issuesOf`: arguments are checked against the tool's inputSchema.
 */
export function hostFindings(lines: readonly WireLine[], options: { ended?: boolean; issuesOf?: IssuesOf } = {}): HostFinding[] {
  const found: HostFinding[] = [];
  const add = (rule: HostFinding['rule'], by: HostFinding['by'], detail: string, at: number) => {
    if (found.filter((finding) => finding.rule === rule).length < MAX_PER_RULE) found.push({ rule, by, detail, cite: CITES[rule], at });
  };
  const pairs = pairsOf(lines);
  const byAnswer = new Map(pairs.flatMap((pair) => (pair.answer ? [[pair.answer, pair] as const] : [])));
  const cancelled = new Set<unknown>();
  // The tools of the last complete listing (pages merged), and whether a list_changed came after it.
  let tools: Map<string, Record<string, unknown>> | undefined;
  let listing = new Map<string, Record<string, unknown>>();
  let staleSince: number | undefined;
  let initializedAt: number | undefined;
  let awaitingInitialized: number | undefined;
  const initializeIds = new Set<unknown>();
  for (const line of lines) {
    if (line.text !== undefined && !line.omitted)
      add(
        'not-json',
        line.from === 'client' ? 'host' : 'server',
        `A line from the ${line.from === 'client' ? 'host' : 'server'} that is not JSON: “${line.text.slice(0, 80)}”.`,
        line.at,
      );
    for (const message of messagesOfLine(line)) {
      const method = own(message, 'method');
      const params = own(message, 'params');
      if (line.from === 'server') {
        if (method === 'notifications/tools/list_changed') staleSince ??= line.at;
        const id = own(message, 'id');
        if (method === undefined && cancelled.has(id))
          add('answered-after-cancel', 'server', `The server answered request ${JSON.stringify(id)} after the host cancelled it.`, line.at);
        continue;
      }
      if (method === 'notifications/initialized') initializedAt ??= line.at;
      else if (awaitingInitialized !== undefined && initializedAt === undefined && typeof method === 'string' && method !== 'ping') {
        add(
          'initialized-missing',
          'host',
          `After initialize was answered, the host sent ${method} before notifications/initialized.`,
          line.at,
        );
        awaitingInitialized = undefined;
      }
      if (method === 'initialize') initializeIds.add(own(message, 'id'));
      if (method === 'notifications/cancelled' && isRecord(params)) cancelled.add(own(params, 'requestId'));
      if (method === 'notifications/cancelled' && isRecord(params) && initializeIds.has(own(params, 'requestId')))
        add('cancelled-initialize', 'host', 'The host cancelled its initialize request.', line.at);
      if (method !== 'tools/call' || !isRecord(params)) continue;
      const name = own(params, 'name');
      if (typeof name !== 'string' || !tools) continue;
      const tool = tools.get(name);
      if (staleSince !== undefined)
        add('stale-list', 'host', `The host called ${name} after the server said its tools changed, without listing them again.`, line.at);
      if (!tool) {
        add('unknown-tool', 'host', `The host called ${name}, which the last tools/list did not hold.`, line.at);
        continue;
      }
      const issues = options.issuesOf?.(own(tool, 'inputSchema'), own(params, 'arguments') ?? {}) ?? [];
      if (issues.length)
        add('arguments-refused', 'host', `The host called ${name} with arguments its inputSchema refuses: ${issues.join('; ')}.`, line.at);
    }
    // A listing's answer, once on the wire: its tools are the ones a call may name (a first page starts anew).
    for (const message of messagesOfLine(line)) {
      if (line.from !== 'server') continue;
      const pair = byAnswer.get(message);
      if (!pair || pair.from !== 'client') continue;
      const method = own(pair.request, 'method');
      const result = own(message, 'result');
      if (method === 'initialize' && result !== undefined) {
        awaitingInitialized = line.at;
        continue;
      }
      if (method !== 'tools/list' || !isRecord(result)) continue;
      const requestParams = own(pair.request, 'params');
      if (!isRecord(requestParams) || own(requestParams, 'cursor') === undefined) listing = new Map();
      for (const tool of toolNamesOf(result)) if (typeof own(tool, 'name') === 'string') listing.set(own(tool, 'name') as string, tool);
      if (own(result, 'nextCursor') === undefined) {
        tools = listing;
        staleSince = undefined;
      }
    }
  }
  if (awaitingInitialized !== undefined && initializedAt === undefined && options.ended)
    add('initialized-missing', 'host', 'The host never sent notifications/initialized after initialize was answered.', awaitingInitialized);
  if (options.ended)
    for (const pair of pairs)
      // A request the host cancelled needs no answer (the server SHOULD not send one).
      if (pair.from === 'client' && !pair.answer && !cancelled.has(own(pair.request, 'id')))
        add(
          'unanswered',
          'server',
          `The server never answered ${String(own(pair.request, 'method'))} (id ${JSON.stringify(own(pair.request, 'id'))}).`,
          pair.at,
        );
  return found;
}
