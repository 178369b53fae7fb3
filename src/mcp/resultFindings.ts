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
  const content = own(raw, 'content');
  if (!Array.isArray(content)) findings.push('The result has no "content" array; the spec requires one (it may be empty).');
  else
    content.forEach((block, index) =>
      findings.push(...annotationFindings(isRecord(block) ? own(block, 'annotations') : undefined, `content[${index}]`)),
    );
  return findings;
}

// ISO 8601 date-time with a time zone, as the spec's lastModified requires.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Content annotations outside their ranges: priority 0–1, lastModified a date-time, audience user/assistant. */
function annotationFindings(annotations: unknown, at: string): string[] {
  if (annotations === undefined) return [];
  if (!isRecord(annotations)) return [`${at}.annotations is not an object.`];
  const findings: string[] = [];
  const priority = own(annotations, 'priority');
  if (priority !== undefined && (typeof priority !== 'number' || priority < 0 || priority > 1)) {
    findings.push(`${at}.annotations.priority is ${JSON.stringify(priority)?.slice(0, 30)}: it must be a number from 0 to 1.`);
  }
  const modified = own(annotations, 'lastModified');
  if (modified !== undefined && (typeof modified !== 'string' || !DATE_TIME.test(modified) || Number.isNaN(Date.parse(modified)))) {
    findings.push(
      `${at}.annotations.lastModified is ${JSON.stringify(modified)?.slice(0, 40)}: it must be an ISO 8601 date-time such as 2026-07-28T12:00:00Z.`,
    );
  }
  const audience = own(annotations, 'audience');
  if (audience !== undefined && (!Array.isArray(audience) || audience.some((role) => role !== 'user' && role !== 'assistant'))) {
    findings.push(`${at}.annotations.audience is ${JSON.stringify(audience)?.slice(0, 60)}: only "user" and "assistant" are roles.`);
  }
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
