// The arguments being edited for one tool: the value the form holds, and the JSON text when
// the user edits raw JSON (kept verbatim while it does not parse, so nothing typed is lost).
import { isRecord } from '../mcp/guards.ts';
import { errorMessage } from '../lib/errorMessage.ts';

export interface ArgumentsDraft {
  value: Record<string, unknown>;
  mode: 'form' | 'json';
  /** The JSON text as typed; may be unparseable. */
  jsonText: string;
  jsonError?: string;
  /** False until the form has put the schema's declared defaults in `value`. */
  seeded: boolean;
}

export const emptyDraft = (): ArgumentsDraft => ({ value: {}, mode: 'form', jsonText: '{}', seeded: false });

/** A draft holding given arguments (History's "Edit and replay", a shared link): no defaults added. */
export const draftFrom = (args: Record<string, unknown>): ArgumentsDraft => ({
  value: args,
  mode: 'form',
  jsonText: JSON.stringify(args, null, 2),
  seeded: true,
});

/**
 * Drops what an untouched form leaves behind: keys whose value is `undefined`, and arrays of
 * nothing but empty slots (a tuple the form pre-sized). Untouched optional fields are never sent.
 */
export function cleanArguments(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const parsed: unknown = JSON.parse(
    JSON.stringify(value, (_key, field: unknown) =>
      Array.isArray(field) && field.length > 0 && field.every((item) => item === null || item === undefined) ? undefined : field,
    ),
  );
  return isRecord(parsed) ? parsed : {};
}

/** Line and column (1-based) of a character offset in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * Where and why JSON text does not parse, as a person reads it: "Not JSON: line 4, col 1 —
 * expected a property name". Browsers word the error differently (V8 gives an offset, newer V8
 * and Firefox a line and column, an early end none): each is turned into the same shape.
 */
export function jsonProblem(text: string, error: unknown): string {
  const raw = errorMessage(error);
  const lineColumn = /line (\d+) column (\d+)/.exec(raw);
  const position = /at position (\d+)/.exec(raw);
  const at = lineColumn
    ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
    : position
      ? lineAndColumn(text, Number(position[1]))
      : /end of (JSON )?(input|data)/i.test(raw)
        ? lineAndColumn(text, text.length)
        : undefined;
  const why = raw
    .replace(/^JSON\.parse: /, '')
    .replace(/ (in JSON )?at position \d+.*$/, '')
    .replace(/ at line \d+ column \d+.*$/, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  const reason = /^[A-Z][a-z]/.test(why) ? why.charAt(0).toLowerCase() + why.slice(1) : why;
  return at ? `Not JSON: line ${at.line}, col ${at.column} — ${reason}` : `Not JSON — ${reason}`;
}

export function applyJsonText(draft: ArgumentsDraft, text: string): ArgumentsDraft {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) return { ...draft, jsonText: text, jsonError: 'Arguments must be a JSON object, e.g. {"query": "usb"}.' };
    return { ...draft, jsonText: text, jsonError: undefined, value: parsed, seeded: true };
  } catch (error) {
    return { ...draft, jsonText: text, jsonError: jsonProblem(text, error) };
  }
}

export function applyFormValue(draft: ArgumentsDraft, value: unknown): ArgumentsDraft {
  const clean = cleanArguments(value);
  return { ...draft, value: clean, jsonText: JSON.stringify(clean, null, 2), jsonError: undefined, seeded: true };
}
