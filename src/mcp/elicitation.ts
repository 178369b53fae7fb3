// Elicitation: a server asking the human for input in the middle of a call — in 2026 as an
// `input_required` result the SDK re-sends with our answers, in 2025 as a server→client
// request. Both reach the same handler; the request is parsed leniently here.
import { isRecord, optionalNumber, optionalString, own } from './guards.ts';
import { webUrl } from './links.ts';

export type ElicitationRequest =
  | { mode: 'form'; message: string; requestedSchema: unknown }
  | { mode: 'url'; message: string; url: string }
  | { mode: 'invalid'; message: string; reason: string };

/** Elicitation answers are flat: the spec restricts requested schemas to primitive fields. */
export type ElicitContent = Record<string, string | number | boolean | string[]>;

export type ElicitationAnswer = { action: 'accept'; content?: ElicitContent } | { action: 'decline' } | { action: 'cancel' };

/** A question the server asked during a call and what the person answered (kept with the call). */
export interface AnsweredQuestion {
  message: string;
  /** 'form' or 'url' (an invalid request is answered too: declined or cancelled). */
  mode: ElicitationRequest['mode'];
  action: ElicitationAnswer['action'];
  content?: ElicitContent;
}

const MAX_KEPT_MESSAGE = 1000;

/** The record of one answer, as History keeps it. */
export function answeredQuestion(request: ElicitationRequest, answer: ElicitationAnswer): AnsweredQuestion {
  return {
    // The server's words, bounded: a question is a sentence or two.
    message: request.message.slice(0, MAX_KEPT_MESSAGE),
    mode: request.mode,
    action: answer.action,
    ...(answer.action === 'accept' && answer.content ? { content: answer.content } : {}),
  };
}

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

/** The answer a form starts from: each field's `default` (SEP-1034), as the form seeds it. */
export function elicitationDefaults(requestedSchema: unknown): ElicitContent {
  const properties = isRecord(requestedSchema) ? own(requestedSchema, 'properties') : undefined;
  if (!isRecord(properties)) return {};
  const defaults: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(properties)) {
    if (isRecord(field) && own(field, 'default') !== undefined) defaults[key] = own(field, 'default');
  }
  return toElicitContent(defaults);
}

/**
 * A complete answer without a person (headless runs): the defaults, and for each required field
 * without one the first choice, the minimum, `true`, or a placeholder text.
 */
export function elicitationAutoAnswer(requestedSchema: unknown): ElicitContent {
  const content = elicitationDefaults(requestedSchema);
  const properties = isRecord(requestedSchema) ? own(requestedSchema, 'properties') : undefined;
  const required = isRecord(requestedSchema) ? own(requestedSchema, 'required') : undefined;
  if (!isRecord(properties) || !Array.isArray(required)) return content;
  for (const key of required) {
    const field = typeof key === 'string' ? own(properties, key) : undefined;
    if (typeof key !== 'string' || key in content || !isRecord(field)) continue;
    const choices = own(field, 'enum');
    const type = own(field, 'type');
    if (Array.isArray(choices) && typeof choices[0] === 'string') content[key] = choices[0];
    else if (type === 'boolean') content[key] = true;
    else if (type === 'number' || type === 'integer') content[key] = optionalNumber(own(field, 'minimum')) ?? 0;
    else if (type === 'string') content[key] = 'answer';
  }
  return content;
}

/** Who asks, when the protocol says: the task whose input_required round this is. */
export interface ElicitationAsker {
  taskId?: string;
}

export type ElicitationHandler = (request: ElicitationRequest, signal: AbortSignal, asker?: ElicitationAsker) => Promise<ElicitationAnswer>;

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
