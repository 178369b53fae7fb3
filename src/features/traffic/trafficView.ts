// How Traffic reads an exchange, as a log: its tone (an error is red, the era probe's expected
// refusal is not, a cancel is not a failure), its one-line summary with repeats collapsed, and
// the filters. Pure: unit-tested.
import type { RpcSummary, TrafficEntry } from '../../mcp/traffic.ts';

export type EntryTone = 'ok' | 'pending' | 'probe' | 'aborted' | 'error';

const isProbe = (entry: TrafficEntry) => entry.sent[0]?.method === 'server/discover';

export function entryTone(entry: TrafficEntry): EntryTone {
  if (entry.state === 'pending' || entry.state === 'streaming') return 'pending';
  if (entry.error === 'aborted') return 'aborted';
  const status = entry.status ?? 0;
  const rpcError = entry.received.some((message) => message.error);
  const failed = entry.state === 'failed' || status >= 400 || rpcError;
  if (!failed) return 'ok';
  // A 2025-era server refusing the 2026 discovery request is how the era is found out, not a
  // failure (authorization and server errors are real ones).
  if (isProbe(entry) && status !== 401 && status !== 403 && status < 500) return 'probe';
  return 'error';
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

export function matches(entry: TrafficEntry, filter: TrafficFilter): boolean {
  if (filter.errorsOnly && entryTone(entry) !== 'error') return false;
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack =
    `${entry.httpMethod} ${entry.status ?? ''} ${entry.url} ${summaryLine(entry.sent)} ${summaryLine(entry.received)} ${entry.error ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** "14:03:07.412" */
export const clockTime = (at: number) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 });
