// The OAuth callback page's own checks, before anything reaches the app: the
// `state` must belong to a sign-in this browser started, and `iss` (RFC 9207) must name the
// authorization server that sign-in went to. No SDK here: the page must stay tiny.
import { refused } from '../../lib/refusal.ts';
export const PENDING_PREFIX = 'toolscope:oauth-pending:';
export const CALLBACK_CHANNEL = 'toolscope-oauth';

/** What the app stores (no secrets) for a sign-in waiting for its redirect. */
export interface PendingSignIn {
  issuer: string;
  issParameterSupported: boolean;
  createdAt: number;
}

export interface CallbackMessage {
  state: string;
  code?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

export type CallbackVerdict =
  { ok: true; message: CallbackMessage; sentence: string } | { ok: false; message?: CallbackMessage; sentence: string };

export const PENDING_LIFETIME_MS = 30 * 60_000;

export function parsePending(raw: string | null): PendingSignIn | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { issuer, issParameterSupported, createdAt } = value as Record<string, unknown>;
    if (typeof issuer !== 'string' || typeof createdAt !== 'number') return undefined;
    return { issuer, issParameterSupported: issParameterSupported === true, createdAt };
  } catch {
    return undefined;
  }
}

export function checkCallback(
  params: URLSearchParams,
  lookup: (state: string) => PendingSignIn | undefined,
  now = Date.now(),
): CallbackVerdict {
  const state = params.get('state') ?? '';
  const pending = state ? lookup(state) : undefined;
  if (!pending || now - pending.createdAt > PENDING_LIFETIME_MS)
    return {
      ok: false,
      sentence:
        'This answer does not belong to a sign-in Toolscope started in this browser (unknown or expired state). Nothing was done; start the sign-in again from Toolscope.',
    };
  const message: CallbackMessage = {
    state,
    code: params.get('code') ?? undefined,
    iss: params.get('iss') ?? undefined,
    error: params.get('error')?.slice(0, 200) ?? undefined,
    error_description: params.get('error_description')?.slice(0, 500) ?? undefined,
  };
  if (message.iss !== undefined ? message.iss !== pending.issuer : pending.issParameterSupported)
    return {
      ok: false,
      message: {
        state,
        error: 'iss_mismatch',
        error_description: `the answer names issuer “${message.iss ?? '(none)'}”, not ${pending.issuer}`,
      },
      sentence: refused(
        `the answer names issuer “${message.iss ?? '(none)'}” but the sign-in went to ${pending.issuer}. This can be a mix-up attack; nothing was sent to the app.`,
      ),
    };
  if (message.error)
    return {
      ok: true,
      message,
      sentence: `The authorization server answered “${message.error}”${message.error_description ? `: ${message.error_description}` : ''}. Return to the Toolscope tab.`,
    };
  if (!message.code)
    return { ok: false, message: { state, error: 'no_code' }, sentence: 'The answer carries neither a code nor an error.' };
  return { ok: true, message, sentence: 'Signed in. Return to the Toolscope tab — you can close this one.' };
}
