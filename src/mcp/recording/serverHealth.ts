// What the traffic says of the server's health, for the top bar's chip (one rule, from the log).
import type { TrafficEntry } from './traffic.ts';

/**
 * What the newest finished JSON-RPC POST (not the era probe, not a cancel) says about the server:
 * 'unreachable' when it got no HTTP answer at all, 'stream-cut' when its answer began and broke
 * off; undefined when it was answered (even with an error: the server is there). Only exchanges
 * after `afterSeq` (the current connection's) count, and — with several servers in one log — only
 * the exchanges of `server` (an exchange without a server tag counts for any).
 */
export function serverHealth(entries: readonly TrafficEntry[], afterSeq = 0, server?: string): 'unreachable' | 'stream-cut' | undefined {
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index];
    // Exchanges of an earlier connection say nothing about this one (a Retry starts afresh).
    if (!entry || entry.seq <= afterSeq) return undefined;
    if (entry.httpMethod !== 'POST' || entry.sent.length === 0) continue;
    if (server !== undefined && entry.server !== undefined && entry.server !== server) continue;
    if (entry.sent[0]?.method === 'server/discover' || entry.state === 'pending') continue;
    // A later call whose answer has begun (its stream is open, progress coming): the server answers.
    if (entry.state === 'streaming') return undefined;
    if (entry.error === 'aborted') continue;
    if (entry.state !== 'failed') return undefined;
    return entry.status === undefined ? 'unreachable' : entry.status < 400 ? 'stream-cut' : undefined;
  }
  return undefined;
}
