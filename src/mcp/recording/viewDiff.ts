// "What this host saw vs what Toolscope sees" (issue 82): the session a tapped host had — its era,
// the server's capabilities, the last complete tool list it was given — beside Toolscope's own
// view of the same server, taken by `toolscope tap --compare` and kept in the cassette as a note
// line with a `view`. Each difference is one sentence; the same tools in both say so. Pure.
import canonicalize from 'canonicalize';
import { isRecord, own } from '../guards.ts';
import type { Era } from '../era.ts';
import { isWireLine, isWireNote, pairsOf, sessionOf, type WireEntry, type WireLine } from './wireLog.ts';

export interface ServerView {
  era?: Era;
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
  /** The tools as listed (every page), or undefined when none was listed. */
  tools?: Record<string, unknown>[];
}

/** The note line that carries Toolscope's own view, as `toolscope tap --compare` writes it. */
export const VIEW_NOTE = 'Toolscope’s own view of the server (toolscope tap --compare)';

/** Toolscope's view from a tap's lines, if `--compare` took one. */
export function toolscopeViewOf(entries: readonly WireEntry[]): ServerView | { failed: string } | undefined {
  for (const entry of entries) {
    if (!isWireNote(entry) || entry.note !== VIEW_NOTE) continue;
    const view = entry.view;
    if (isRecord(view) && typeof own(view, 'failed') === 'string') return { failed: own(view, 'failed') as string };
    if (isRecord(view)) return view;
  }
  return undefined;
}

/** What the host was given: the handshake's era and capabilities, and its last complete tools/list (pages merged). */
export function hostView(lines: readonly WireLine[]): ServerView {
  const session = sessionOf(lines);
  let tools: Record<string, unknown>[] | undefined;
  let listing: Record<string, unknown>[] = [];
  for (const pair of pairsOf(lines)) {
    if (pair.from !== 'client' || own(pair.request, 'method') !== 'tools/list' || !pair.answer) continue;
    const result = own(pair.answer, 'result');
    if (!isRecord(result)) continue;
    const params = own(pair.request, 'params');
    if (!isRecord(params) || own(params, 'cursor') === undefined) listing = [];
    const page = own(result, 'tools');
    if (Array.isArray(page)) listing.push(...page.filter(isRecord));
    if (own(result, 'nextCursor') === undefined) tools = listing;
  }
  return {
    ...(session.era ? { era: session.era } : {}),
    ...(session.protocolVersion ? { protocolVersion: session.protocolVersion } : {}),
    ...(session.capabilities ? { capabilities: session.capabilities } : {}),
    ...(tools ? { tools } : {}),
  };
}

const era = (view: ServerView) =>
  `${view.protocolVersion ?? '?'}${view.era ? ` (${view.era === 'modern' ? '2026 era' : '2025 era'})` : ''}`;
const names = (tools: readonly Record<string, unknown>[]) =>
  new Map(tools.map((tool) => [String(own(tool, 'name')), canonicalize(tool) ?? '']));

/** Each difference between what the host saw and what Toolscope sees, one sentence each (empty: none). */
export function viewDiff(host: ServerView, toolscope: ServerView): string[] {
  const said: string[] = [];
  if (host.protocolVersion && toolscope.protocolVersion && host.protocolVersion !== toolscope.protocolVersion)
    said.push(`Protocol: the host spoke ${era(host)}; Toolscope speaks ${era(toolscope)} with the same server.`);
  const hostCaps = Object.keys(host.capabilities ?? {}).sort();
  const ownCaps = Object.keys(toolscope.capabilities ?? {}).sort();
  const onlyHost = hostCaps.filter((key) => !ownCaps.includes(key));
  const onlyOwn = ownCaps.filter((key) => !hostCaps.includes(key));
  if (onlyHost.length || onlyOwn.length)
    said.push(
      `Capabilities: ${[onlyHost.length ? `only the host was offered ${onlyHost.join(', ')}` : '', onlyOwn.length ? `only Toolscope is offered ${onlyOwn.join(', ')}` : ''].filter(Boolean).join('; ')}.`,
    );
  if (!host.tools) said.push('Tools: the host never listed them completely.');
  else if (toolscope.tools) {
    const [seen, own_] = [names(host.tools), names(toolscope.tools)];
    const missing = [...own_.keys()].filter((name) => !seen.has(name));
    const extra = [...seen.keys()].filter((name) => !own_.has(name));
    const changed = [...seen.keys()].filter((name) => own_.has(name) && own_.get(name) !== seen.get(name));
    if (missing.length) said.push(`Tools: the host was not given ${missing.join(', ')}.`);
    if (extra.length) said.push(`Tools: the host was given ${extra.join(', ')}, which Toolscope is not.`);
    if (changed.length)
      said.push(`Tools: ${changed.join(', ')} ${changed.length === 1 ? 'reads' : 'read'} differently to the host than to Toolscope.`);
  }
  return said;
}

/** The whole comparison of a tapped session, for the page and the tap's last words (undefined: --compare was not asked). */
export function compareWithToolscope(
  entries: readonly WireEntry[],
): { differences: string[]; tools?: number } | { failed: string } | undefined {
  const own_ = toolscopeViewOf(entries);
  if (!own_ || 'failed' in own_) return own_;
  const lines = entries.filter(isWireLine);
  return { differences: viewDiff(hostView(lines), own_), ...(own_.tools ? { tools: own_.tools.length } : {}) };
}
