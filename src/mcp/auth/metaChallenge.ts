// Whether a tool result asks for a sign-in in `_meta["mcp/www_authenticate"]` (ChatGPT's form,
// developers.openai.com/apps-sdk/build/auth) — only whether, with nothing parsed: Traffic and the
// outcome words need no more, and the first screen carries no SDK (authChallenge.ts parses it).
import { isRecord, own } from '../guards.ts';

export const META_CHALLENGE_KEY = 'mcp/www_authenticate';

export function hasMetaChallenge(raw: unknown): boolean {
  const meta = isRecord(raw) ? own(raw, '_meta') : undefined;
  const value = isRecord(meta) ? own(meta, META_CHALLENGE_KEY) : undefined;
  const first = Array.isArray(value) ? value.find((entry): entry is string => typeof entry === 'string') : value;
  return typeof first === 'string' && first.trim() !== '';
}
