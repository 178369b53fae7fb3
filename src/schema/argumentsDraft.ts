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

export function applyJsonText(draft: ArgumentsDraft, text: string): ArgumentsDraft {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) return { ...draft, jsonText: text, jsonError: 'Arguments must be a JSON object, e.g. {"query": "usb"}.' };
    return { ...draft, jsonText: text, jsonError: undefined, value: parsed, seeded: true };
  } catch (error) {
    return { ...draft, jsonText: text, jsonError: errorMessage(error) };
  }
}

export function applyFormValue(draft: ArgumentsDraft, value: unknown): ArgumentsDraft {
  const clean = cleanArguments(value);
  return { ...draft, value: clean, jsonText: JSON.stringify(clean, null, 2), jsonError: undefined, seeded: true };
}
