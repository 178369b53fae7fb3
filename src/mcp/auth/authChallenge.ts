// Where a server asks for a sign-in mid-session: an HTTP 401/403 with a Bearer WWW-Authenticate
// challenge on a request (read by credentials.ts), or — the pattern ChatGPT reads — a tool result
// whose `_meta["mcp/www_authenticate"]` carries that same challenge text
// (developers.openai.com/apps-sdk/build/auth). Both become one OAuthChallenge.
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import { isRecord, own } from '../guards.ts';
import type { OAuthChallenge } from '../errors.ts';

import { META_CHALLENGE_KEY } from './metaChallenge.ts';

/** A WWW-Authenticate value read as the SDK reads it (one parser for the header and the _meta). */
export function parseChallenge(value: string, status: number, source: OAuthChallenge['source'] = 'http'): OAuthChallenge {
  let params: ReturnType<typeof extractWWWAuthenticateParams> = {};
  try {
    params = extractWWWAuthenticateParams(
      new Response(null, { status: status === 200 ? 401 : status, headers: { 'WWW-Authenticate': value } }),
    );
  } catch {
    // A malformed resource_metadata URL: keep what else there is.
  }
  return {
    status,
    source,
    resourceMetadataUrl: params.resourceMetadataUrl?.href,
    scope: params.scope,
    error: params.error,
    errorDescription: params.errorDescription,
    bearer: /^\s*bearer\b/i.test(value),
  };
}

/** The challenge a tool result carries in `_meta["mcp/www_authenticate"]` (a string or a list of them), if any. */
export function metaChallenge(raw: unknown): OAuthChallenge | undefined {
  const meta = isRecord(raw) ? own(raw, '_meta') : undefined;
  const value = isRecord(meta) ? own(meta, META_CHALLENGE_KEY) : undefined;
  const first = Array.isArray(value) ? value.find((entry): entry is string => typeof entry === 'string') : value;
  if (typeof first !== 'string' || !first.trim()) return undefined;
  return parseChallenge(first.slice(0, 4096), 200, 'meta');
}
