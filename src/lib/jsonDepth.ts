// How deep a parsed JSON value nests, measured without recursion: JSON.parse reads a message
// nested 100,000 levels deep, but JSON.stringify, canonicalize and every recursive walk overflow
// the stack near 5,000 (Node 20) — so a value deeper than MAX_JSON_DEPTH is refused before any of
// them sees it (a tap keeps it as its first characters, a call is refused saying so).
import { refused } from './refusal.ts';

/** Deeper than this, a value is refused with its depth: far above any real message, far below the stack's limit. */
export const MAX_JSON_DEPTH = 1000;

/** Whether `value` nests deeper than `limit` levels (an array or object is one level); stops at the first path that does. */
export function deeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const inner of Array.isArray(node) ? node : Object.values(node))
      if (typeof inner === 'object' && inner !== null) stack.push([inner, depth + 1]);
  }
  return false;
}

/** The one sentence for a message refused for its depth (with its size when it is known). */
export const tooDeep = (size?: string): string =>
  refused(
    `the server's message nests more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep${size ? ` (${size})` : ''}; Toolscope does not read it.`,
  );
