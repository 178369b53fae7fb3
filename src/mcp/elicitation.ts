// Elicitation: a server asking the human for input in the middle of a call — in 2026 as an
// `input_required` result the SDK re-sends with our answers, in 2025 as a server→client
// request. Both reach the same handler; the request is parsed leniently here.
import { isRecord, optionalString, own } from './guards.ts';
import { webUrl } from './links.ts';

export type ElicitationRequest =
  | { mode: 'form'; message: string; requestedSchema: unknown }
  | { mode: 'url'; message: string; url: string }
  | { mode: 'invalid'; message: string; reason: string };

/** Elicitation answers are flat: the spec restricts requested schemas to primitive fields. */
export type ElicitContent = Record<string, string | number | boolean | string[]>;

export type ElicitationAnswer = { action: 'accept'; content?: ElicitContent } | { action: 'decline' } | { action: 'cancel' };

/** Keeps the primitive fields of a form value (drops unset fields and anything nested). */
export function toElicitContent(value: unknown): ElicitContent {
  const content: ElicitContent = {};
  if (!isRecord(value)) return content;
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean') content[key] = field;
    else if (Array.isArray(field) && field.every((item) => typeof item === 'string')) content[key] = field;
  }
  return content;
}

export type ElicitationHandler = (request: ElicitationRequest, signal: AbortSignal) => Promise<ElicitationAnswer>;

export function parseElicitation(params: unknown): ElicitationRequest {
  if (!isRecord(params)) return { mode: 'invalid', message: '', reason: 'The elicitation request has no params.' };
  const message = optionalString(own(params, 'message')) ?? '';
  const mode = own(params, 'mode') ?? 'form';
  if (mode === 'url') {
    const url = optionalString(own(params, 'url'));
    return url ? { mode: 'url', message, url } : { mode: 'invalid', message, reason: 'URL-mode elicitation without a url.' };
  }
  if (mode !== 'form') return { mode: 'invalid', message, reason: `Unknown elicitation mode ${JSON.stringify(mode)}.` };
  const requestedSchema = own(params, 'requestedSchema');
  if (!isRecord(requestedSchema)) return { mode: 'invalid', message, reason: 'Form-mode elicitation without a requestedSchema object.' };
  return { mode: 'form', message, requestedSchema };
}

/** Whether an elicitation URL may be opened at all (it is always shown in full first). */
export function openableUrl(url: string): { ok: true; url: string } | { ok: false; reason: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  const web = webUrl(url);
  return web ? { ok: true, url: web.href } : { ok: false, reason: `${parsed.protocol} URLs are never opened` };
}
