// The tool lockfile (`toolscope lock`): each tool's definition as the server listed it, with the
// digest SEP-2636 (Tool Manifests) gives a tool — "sha256:" and 64 lowercase hex over the whole
// Tool in RFC 8785 canonical JSON (the `canonicalize` package), and that form's size in bytes. The
// file is written in one stable form (no dates): two locks of an unchanged server are identical
// byte for byte. A report against it (`--lock`) names each tool added, removed or changed, each
// change by its JSON path and whether it can break a caller (./lockDiff.ts).
import canonicalize from 'canonicalize';
import { isRecord, nameRecord, own } from '../mcp/guards.ts';
import type { Finding, Severity } from './findings.ts';
import { definitionChanges, describeChange, type DefinitionChange } from './lockDiff.ts';

export const LOCKFILE_VERSION = 1;

export interface LockedTool {
  digest: string;
  size: number;
  definition: Record<string, unknown>;
}

export interface Lockfile {
  lockfileVersion: typeof LOCKFILE_VERSION;
  server: { name: string; version?: string };
  tools: Record<string, LockedTool>;
}

export type LockDrift =
  | { tool: string; kind: 'added'; digest: string }
  | { tool: string; kind: 'removed' }
  | { tool: string; kind: 'changed'; changes: DefinitionChange[]; before: string; after: string };

/** When `report --lock` fails: on a change that can break a caller (default), on any change, or never. */
export const LOCK_FAIL = ['breaking', 'any', 'none'] as const;
export type LockFail = (typeof LOCK_FAIL)[number];

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** A tool's digest and canonical size (SEP-2636: over the entire Tool, RFC 8785). */
export async function toolDigest(definition: Record<string, unknown>): Promise<{ digest: string; size: number }> {
  const bytes = new TextEncoder().encode(canonicalize(definition) ?? 'null');
  return { digest: `sha256:${hex(await crypto.subtle.digest('SHA-256', bytes))}`, size: bytes.length };
}

/** The lockfile of a server's tools (every page, as listed); tools by name, in canonical order. */
export async function lockTools(server: { name: string; version?: string }, tools: readonly Record<string, unknown>[]): Promise<Lockfile> {
  const entries = await Promise.all(
    tools.map(async (definition): Promise<[string, LockedTool]> => [
      String(own(definition, 'name')),
      { ...(await toolDigest(definition)), definition },
    ]),
  );
  return {
    lockfileVersion: LOCKFILE_VERSION,
    server: { name: server.name, ...(server.version ? { version: server.version } : {}) },
    tools: nameRecord(entries),
  };
}

/** The file's text: RFC 8785's key order, indented — the same bytes for the same tools. */
export const lockText = (lock: Lockfile): string => `${JSON.stringify(JSON.parse(canonicalize(lock) ?? '{}'), null, 2)}\n`;

/** A lockfile read back, or why it cannot be used (a digest that does not match its definition is refused). */
export async function parseLockfile(text: string): Promise<Lockfile | { error: string }> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON (${(error as Error).message})` };
  }
  if (!isRecord(value) || own(value, 'lockfileVersion') !== LOCKFILE_VERSION)
    return { error: `not a Toolscope lockfile of version ${LOCKFILE_VERSION} (lockfileVersion)` };
  const server = own(value, 'server');
  const tools = own(value, 'tools');
  if (!isRecord(server) || typeof own(server, 'name') !== 'string' || !isRecord(tools)) return { error: 'it needs "server" and "tools"' };
  const locked = nameRecord<LockedTool>();
  for (const [name, entry] of Object.entries(tools)) {
    const definition = isRecord(entry) ? own(entry, 'definition') : undefined;
    if (!isRecord(entry) || !isRecord(definition)) return { error: `tools[${JSON.stringify(name)}] has no definition` };
    const { digest, size } = await toolDigest(definition);
    if (own(entry, 'digest') !== digest)
      return { error: `tools[${JSON.stringify(name)}]: its digest does not match its definition (edited by hand? lock again)` };
    locked[name] = { digest, size, definition };
  }
  const version = own(server, 'version');
  return {
    lockfileVersion: LOCKFILE_VERSION,
    server: { name: own(server, 'name') as string, ...(typeof version === 'string' ? { version } : {}) },
    tools: locked,
  };
}

/** What differs between the lockfile and the tools served now: tools added, removed, changed. */
export async function compareLock(lock: Lockfile, tools: readonly Record<string, unknown>[]): Promise<LockDrift[]> {
  const now = await lockTools(lock.server, tools);
  const names = [...new Set([...Object.keys(lock.tools), ...Object.keys(now.tools)])].sort();
  return names.flatMap((tool): LockDrift[] => {
    // Names are the server's: `constructor` or `toString` is a tool, never the object prototype's.
    const before = own(lock.tools, tool) as LockedTool | undefined;
    const after = own(now.tools, tool) as LockedTool | undefined;
    if (!before && after) return [{ tool, kind: 'added', digest: after.digest }];
    if (before && !after) return [{ tool, kind: 'removed' }];
    if (!before || !after || before.digest === after.digest) return [];
    return [
      {
        tool,
        kind: 'changed',
        changes: definitionChanges(tool, before.definition, after.definition),
        before: before.digest,
        after: after.digest,
      },
    ];
  });
}

const MAX_LISTED = 12;

/** The report's findings for the drift: severity by whether it can break a caller and by `--lock-fail`. */
export function lockFindings(drifts: readonly LockDrift[], fail: LockFail = 'breaking'): Finding[] {
  const severity = (breaking: boolean): Severity => (fail === 'none' ? 'info' : fail === 'any' || breaking ? 'error' : 'warning');
  return drifts.map((drift): Finding => {
    if (drift.kind === 'added')
      return {
        rule: 'lock-tool-added',
        severity: severity(false),
        tool: drift.tool,
        message: `${JSON.stringify(drift.tool)} is served but not in the lockfile (${drift.digest.slice(0, 19)}…).`,
        fix: 'If the new tool is meant, lock again (toolscope lock) and commit the lockfile.',
      };
    if (drift.kind === 'removed')
      return {
        rule: 'lock-tool-removed',
        severity: severity(true),
        tool: drift.tool,
        message: `${JSON.stringify(drift.tool)} is in the lockfile but no longer served: every caller of it breaks.`,
        fix: 'Serve the tool again, or lock again once its callers are gone.',
      };
    const breaking = drift.changes.filter((change) => change.breaks);
    const lines = [...breaking, ...drift.changes.filter((change) => !change.breaks)]
      .slice(0, MAX_LISTED)
      .map((change) => `${describeChange(change)}${change.breaks ? ` (breaks callers: ${change.breaks})` : ''}`);
    const more = drift.changes.length > MAX_LISTED ? `; and ${drift.changes.length - MAX_LISTED} more` : '';
    return {
      rule: 'lock-tool-changed',
      severity: severity(breaking.length > 0),
      tool: drift.tool,
      message: `${JSON.stringify(drift.tool)} changed${breaking.length ? ', in a way that can break its callers' : ''}: ${lines.join('; ')}${more}.`,
      fix: breaking.length
        ? 'Keep the old contract (a new optional argument, a looser bound), or release it as a new tool and lock again.'
        : 'If the change is meant, lock again (toolscope lock) and commit the lockfile.',
    };
  });
}
