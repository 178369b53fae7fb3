// Design findings about a call's outcome, per the MCP Tools rules: execution errors must be
// actionable, and text that merely repeats structuredContent is there for older clients.
import { isRecord, own } from './guards.ts';
import type { CallResult } from './results.ts';

const UNHELPFUL =
  /^(error|failed|failure|internal error|internal server error|error\s*\d{3}|\d{3}|unknown error|something went wrong|oops.*|exception|null|undefined)[.!]?$/i;
const STACK_TRACE = /\n\s+at .+[:(]\d+/;

/** Why a tool error would not help a model correct itself, if it would not. */
export function unhelpfulErrorFinding(result: CallResult): string | undefined {
  if (!result.isError) return undefined;
  const text = result.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n')
    .trim();
  if (!text) return 'The error has no text: the model learns nothing about what went wrong or what to change.';
  if (UNHELPFUL.test(text)) return `“${text}” names no constraint, no bad value and no way forward; a model cannot correct itself from it.`;
  if (STACK_TRACE.test(text)) return 'The error is a stack trace: it leaks internals and does not say what the caller should change.';
  return undefined;
}

/**
 * What in the result's own fields breaks the schema (the content blocks report themselves): an
 * `isError` that is not a boolean is read as false — a model would not see a failure either.
 */
export function resultShapeFindings(result: CallResult): string[] {
  const findings: string[] = [];
  const raw = isRecord(result.raw) ? result.raw : {};
  const isError = own(raw, 'isError');
  if (isError !== undefined && typeof isError !== 'boolean') {
    findings.push(`isError is ${JSON.stringify(isError)?.slice(0, 40)}, not a boolean: read as false, so this is shown as a success.`);
  }
  if (!Array.isArray(own(raw, 'content'))) findings.push('The result has no "content" array; the spec requires one (it may be empty).');
  return findings;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual(own(a, key), own(b, key)))
    );
  }
  return false;
}

/** Indexes of text blocks that are just the structured content serialized again. */
export function textRepeatsStructured(result: CallResult): Set<number> {
  const repeats = new Set<number>();
  if (!result.hasStructuredContent) return repeats;
  result.content.forEach((block, index) => {
    if (block.type !== 'text') return;
    try {
      if (deepEqual(JSON.parse(block.text), result.structuredContent)) repeats.add(index);
    } catch {
      // Not JSON: a real text block.
    }
  });
  return repeats;
}

/** Argument paths a -32602 error names (in its message or Ajv-style data.errors). */
export function implicatedArguments(message: string, data: unknown): string[] {
  const paths = new Set<string>();
  for (const match of message.matchAll(/(?:^|[\s:;,])\/([A-Za-z0-9_.$-]+)/g)) if (match[1]) paths.add(match[1]);
  for (const match of message.matchAll(/\bat ([A-Za-z_][A-Za-z0-9_]*)\b/g)) if (match[1]) paths.add(match[1]);
  const errors = isRecord(data) ? own(data, 'errors') : undefined;
  if (Array.isArray(errors)) {
    for (const error of errors) {
      const path = isRecord(error) ? own(error, 'instancePath') : undefined;
      const first = typeof path === 'string' ? path.split('/')[1] : undefined;
      if (first) paths.add(first);
    }
  }
  return [...paths];
}
