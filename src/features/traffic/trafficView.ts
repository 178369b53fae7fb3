// How Traffic reads an exchange, as a log: its tone (an error is red, the era probe's expected
// refusal is not, a cancel is not a failure), its one-line summary with repeats collapsed, and
// the filters. Pure: unit-tested.
import type { RpcSummary, TrafficEntry } from '../../mcp/recording/traffic.ts';
import { OUTCOMES, type Outcome } from '../../session/outcome.ts';

/**
 * 'stopped': Toolscope's stdio bridge answered for a server process that is gone (a stop or
 * restart, not a failure of the exchange). 'signin': the server asked for a sign-in (a 401, or a
 * 403 insufficient_scope, with a Bearer challenge) — expected with lazy auth, not a failure.
 */
export type EntryTone = 'ok' | 'pending' | 'probe' | 'aborted' | 'stopped' | 'signin' | 'error';

/** A 401 (or a 403 insufficient_scope) whose WWW-Authenticate is a Bearer challenge: a request to sign in. */
function asksSignIn(entry: TrafficEntry): boolean {
  if (entry.status !== 401 && entry.status !== 403) return false;
  const challenge = entry.responseHeaders?.find(([name]) => name.toLowerCase() === 'www-authenticate')?.[1] ?? '';
  return /^\s*bearer\b/i.test(challenge) && (entry.status === 401 || /insufficient_scope/.test(challenge));
}

const isProbe = (entry: TrafficEntry) => entry.sent[0]?.method === 'server/discover';

/** A look for an optional discovery document (the Server Card: `<url>/server-card`, the origin's catalog, SEP-2127). */
export function isDiscoveryLookup(entry: TrafficEntry): boolean {
  if (entry.httpMethod !== 'GET') return false;
  try {
    return /\/server-card$|^\/\.well-known\/mcp\/catalog\.json$/.test(new URL(entry.url).pathname);
  } catch {
    return false;
  }
}

/**
 * `stdioUrl`: this launch's stdio bridge. Only its word that the child is gone is believed, and
 * only there does a standalone GET stream that ends mean a stop or restart rather than a failure.
 */
export function entryTone(entry: TrafficEntry, stdioUrl?: string): EntryTone {
  if (entry.state === 'pending' || entry.state === 'streaming') return 'pending';
  if (entry.error === 'aborted') return 'aborted';
  const bridge = stdioUrl !== undefined && entry.url === stdioUrl;
  if (bridge && entry.received.some((message) => message.stopped)) return 'stopped';
  if (bridge && entry.httpMethod === 'GET' && entry.state === 'failed' && entry.status === 200) return 'stopped';
  const status = entry.status ?? 0;
  const rpcError = entry.received.some((message) => message.error);
  const failed = entry.state === 'failed' || status >= 400 || rpcError;
  if (!failed) return 'ok';
  if (asksSignIn(entry)) return 'signin';
  // A 2025-era server refusing the 2026 discovery request is how the era is found out, not a
  // failure (authorization and server errors are real ones).
  if (isProbe(entry) && status !== 401 && status !== 403 && status < 500) return 'probe';
  // A Server Card is optional: a server that serves none answers 404 (or 405, 406), not a failure.
  if (isDiscoveryLookup(entry) && (status === 404 || status === 405 || status === 406)) return 'probe';
  return 'error';
}

const word = (kind: Outcome['kind'], detail?: string): Outcome => ({
  kind,
  label: detail ? `${OUTCOMES[kind].word}${detail}` : OUTCOMES[kind].word,
  tone: OUTCOMES[kind].tone,
});

/**
 * An exchange that did not simply work, in the outcome vocabulary: Running, Cancelled, Server
 * stopped, Protocol error -code / · HTTP n, Stream cut (an answer began, then broke off),
 * Unreachable (no HTTP answer), Tool error (an answer with isError), Invalid output (an answer
 * that breaks its outputSchema, as the call path judged it). Undefined for an exchange
 * that worked (its status code says so).
 */
export function exchangeOutcome(entry: TrafficEntry, stdioUrl?: string): Outcome | undefined {
  const tone = entryTone(entry, stdioUrl);
  switch (tone) {
    case 'ok':
      // A tool's own failure, or an answer that breaks its outputSchema, travels in a successful
      // exchange: said in the pill's word, as the pane says it.
      if (entry.received.some((message) => message.signIn)) return word('sign-in-required', ' · _meta challenge');
      if (entry.received.some((message) => message.toolError)) return word('tool-error');
      return entry.received.some((message) => message.invalidOutput) ? word('invalid-output') : undefined;
    case 'pending':
      return word('working');
    case 'aborted':
      return word('cancelled');
    case 'stopped':
      return word('server-stopped');
    case 'signin':
      return word('sign-in-required', ` · HTTP ${entry.status}`);
    case 'probe':
    case 'error': {
      const rpc = entry.received.find((message) => message.error)?.error;
      if (rpc) return word('protocol-error', ` ${rpc.code}`);
      if (entry.status !== undefined && entry.status >= 400) return word('protocol-error', ` · HTTP ${entry.status}`);
      return entry.status === undefined ? word('unreachable') : word('stream-cut');
    }
  }
}

/** "tools/call search_catalog #3, 6 × notifications/progress, response #3": repeats collapsed. */
export function summaryLine(messages: readonly RpcSummary[]): string {
  const parts: { text: string; count: number }[] = [];
  for (const message of messages) {
    const text = `${message.method}${message.target ? ` ${message.target}` : ''}${message.id !== undefined ? ` #${message.id}` : ''}${message.error ? ` error ${message.error.code}` : ''}`;
    const last = parts.at(-1);
    // Progress and log notifications differ only by content: the same method counts as a repeat.
    if (last && message.method.startsWith('notifications/') && last.text === message.method) last.count++;
    else parts.push({ text: message.method.startsWith('notifications/') ? message.method : text, count: 1 });
  }
  return parts.map((part) => (part.count > 1 ? `${part.count} × ${part.text}` : part.text)).join(', ');
}

export interface TrafficFilter {
  text: string;
  errorsOnly: boolean;
}

export function matches(entry: TrafficEntry, filter: TrafficFilter, stdioUrl?: string): boolean {
  if (filter.errorsOnly && entryTone(entry, stdioUrl) !== 'error') return false;
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack =
    `${entry.httpMethod} ${entry.status ?? ''} ${exchangeOutcome(entry, stdioUrl)?.label ?? ''} ${entry.url} ${entry.server ?? ''} ${summaryLine(entry.sent)} ${summaryLine(entry.received)} ${entry.error ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** "14:03:07.412" */
export const clockTime = (at: number) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 });
