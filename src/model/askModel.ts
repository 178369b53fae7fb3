// Asks a model once: the question with exactly the tools given, over the provider's wire format
// (modelWire.ts), through a fetch the caller hands in (the CLI's, the page's). The key goes in its
// header only; no error message that leaves here holds it (the one redaction rule).
import { redactText } from '../lib/redactUrl.ts';
import { errorMessage } from '../lib/errorMessage.ts';
import { modelRequest, parseModelAnswer, type ModelChoice, type ModelEndpoint, type ModelTool } from './modelWire.ts';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** One question as asked and answered: what a recording keeps (never the key, never its header). */
export interface ModelExchange {
  question: string;
  request: { url: string; body: Record<string, unknown> };
  answer: unknown;
}

export class ModelCallError extends Error {}

/** At most this much of an error body is quoted. */
const EXCERPT = 300;
/** An answer past this is refused, not parsed (a chat completion with tool calls is a few KB). */
export const MAX_ANSWER_CHARS = 8 * 1024 * 1024;

export async function askModel(
  endpoint: ModelEndpoint,
  key: string | undefined,
  question: string,
  tools: readonly ModelTool[],
  fetchImpl: FetchLike,
  signal?: AbortSignal,
): Promise<{ choice: ModelChoice; exchange: ModelExchange }> {
  const request = modelRequest(endpoint, question, tools);
  const hide = (text: string) => redactText(text, [key]);
  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: 'POST',
      headers: { ...request.headers, ...(key ? request.keyHeader(key) : {}) },
      body: JSON.stringify(request.body),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw new ModelCallError(hide(`${request.url} could not be reached: ${errorMessage(error)}`));
  }
  const text = await response.text();
  if (text.length > MAX_ANSWER_CHARS)
    throw new ModelCallError(`${request.url} answered with ${text.length} characters: more than a model's answer can be.`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ModelCallError(hide(`${request.url} answered HTTP ${response.status}: ${text.slice(0, EXCERPT)}`));
  const choice = parseModelAnswer(endpoint.provider, body);
  if ('error' in choice) throw new ModelCallError(hide(`${request.url}: ${choice.error}`));
  return { choice, exchange: { question, request: { url: request.url, body: request.body }, answer: body } };
}
