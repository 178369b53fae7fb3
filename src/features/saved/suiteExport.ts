// Saved calls as a test suite for `toolscope test` (issue 83; docs/test.md, the suite's schema in
// schemas/toolscope-suite.schema.json): each saved call a test — its tool and arguments; its last
// result as what to expect (the outcome; for structuredContent, the type of each top-level value);
// `snapshot`, leaving out the values the page's own verdict does not count (ISO date-times:
// src/compare/verdict.ts), so the file's first run writes the snapshots and every run after judges
// as "Run all" does; and a tool that may write or destroy marked with the flag it needs.
// Pure: unit-tested (suiteExport.test.ts).
import { holdsTimestamp } from '../../compare/verdict.ts';
import { redactUrl } from '../../lib/redactUrl.ts';
import { unattendedNeeds } from '../../mcp/callGate.ts';
import { isRecord } from '../../mcp/guards.ts';
import type { McpTool } from '../../mcp/tools.ts';
import type { PortableCall } from './savedCallFile.ts';

/** A test's name and a key's place in the suite's JSONPaths: bounded, as the suite's schema is. */
const MAX_NAME = 200;
const MAX_IGNORED = 50;
const MAX_DEPTH = 32;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const step = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;

/** JSONPaths (RFC 9535) to each string in the result that holds a date-time; `_meta` is never kept. */
function timestampPaths(value: unknown, path = '$', found: string[] = [], depth = 0): string[] {
  if (found.length >= MAX_IGNORED || depth > MAX_DEPTH) return found;
  if (typeof value === 'string') {
    if (holdsTimestamp(value)) found.push(path);
  } else if (Array.isArray(value)) value.forEach((item, index) => timestampPaths(item, step(path, index), found, depth + 1));
  else if (isRecord(value))
    for (const [key, item] of Object.entries(value)) if (key !== '_meta') timestampPaths(item, step(path, key), found, depth + 1);
  return found;
}

function expectationOf(expected: unknown): Record<string, unknown> {
  const failed = isRecord(expected) && expected.isError === true;
  const structured = isRecord(expected) && isRecord(expected.structuredContent) ? expected.structuredContent : undefined;
  const shape =
    structured && !failed
      ? Object.fromEntries(
          Object.entries(structured)
            .slice(0, 20)
            .map(([key, value]) => [step('$', key), { type: typeOf(value) }]),
        )
      : {};
  const ignore = timestampPaths(expected);
  return {
    outcome: failed ? 'tool-error' : 'ok',
    ...(Object.keys(shape).length ? { structuredContent: shape } : {}),
    snapshot: ignore.length ? { ignore } : true,
  };
}

/** The suite's text: the saved calls in order, each name unique (a snapshot is kept under its test's name). */
export function suiteOf(server: string, calls: readonly PortableCall[], tools: readonly McpTool[]): string {
  const taken = new Set<string>();
  const unique = (name: string) => {
    const base = name.trim().slice(0, MAX_NAME - 6) || 'call';
    let candidate = base;
    for (let index = 2; taken.has(candidate); index++) candidate = `${base} (${index})`;
    taken.add(candidate);
    return candidate;
  };
  const tests = calls.map((call) => {
    const tool = tools.find((candidate) => candidate.name === call.tool);
    const needs = tool ? unattendedNeeds(tool) : undefined;
    return {
      name: unique(call.name),
      tool: call.tool,
      ...(needs && needs !== 'nothing' ? { needs } : {}),
      arguments: call.args,
      expect: expectationOf(call.expected),
    };
  });
  const flags = [
    tests.some((test) => test.needs === 'writes') ? '--allow-writes' : '',
    tests.some((test) => test.needs === 'destructive') ? '--allow-destructive' : '',
  ].filter(Boolean);
  const url = redactUrl(server).url;
  return `${JSON.stringify(
    {
      $comment: `Saved calls of ${url}, exported by Toolscope. Run: npx toolscope test <this file> ${flags.map((flag) => `${flag} `).join('')}${url} — the first run writes __snapshots__/ beside it (docs/test.md).`,
      tests,
    },
    null,
    2,
  )}\n`;
}
