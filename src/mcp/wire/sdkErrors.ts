// What the SDK throws, classified by its exported error types and codes (brand-checked, so
// minification and a second copy of the SDK cannot fool it). Lives beside connection.ts, in the
// lazily loaded protocol chunk, so the first screen does not carry the SDK for this.
import { InsufficientScopeError, ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { classifyError, type McpFailure } from '../errors.ts';
import { isRecord, optionalString, own } from '../guards.ts';

const MAX_ISSUES = 5;

/** "at contents[0].uri" from a validation issue's path. */
function pathText(path: unknown): string {
  if (!Array.isArray(path) || path.length === 0) return 'the result itself';
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
}

/**
 * The SDK's "Invalid result for <method>: <issues>" as one sentence naming where the result breaks
 * the schema (the issues are the schema library's JSON list, or a sentence of the SDK's own).
 */
export function schemaFailure(sdkMessage: string, data: unknown): McpFailure {
  const match = /^Invalid result for ([^:]+):\s*([\s\S]*)$/.exec(sdkMessage);
  const method = (isRecord(data) && typeof own(data, 'method') === 'string' ? String(own(data, 'method')) : undefined) ?? match?.[1];
  const detail = match?.[2] ?? sdkMessage;
  let places: string[] = [];
  try {
    const issues: unknown = JSON.parse(detail);
    if (Array.isArray(issues)) {
      places = issues
        .filter(isRecord)
        .map((issue) => `${pathText(own(issue, 'path'))}: ${optionalString(own(issue, 'message')) ?? 'invalid'}`);
    }
  } catch {
    // A sentence, not a list.
  }
  const where = places.length
    ? ` at ${places.slice(0, MAX_ISSUES).join('; ')}${places.length > MAX_ISSUES ? ` (and ${places.length - MAX_ISSUES} more)` : ''}`
    : `: ${detail.slice(0, 300)}`;
  return {
    kind: 'schema',
    method,
    message: `The server's ${method ? `${method} ` : ''}result breaks the 2026-07-28 schema${where}. The raw answer is in Traffic.`,
  };
}

export function classifySdkError(error: unknown): McpFailure {
  if (ProtocolError.isInstance(error)) {
    // The SDK prefixes "MCP error <code>: "; the code is shown separately.
    return { kind: 'protocol', code: error.code, message: error.message.replace(/^MCP error -?\d+:\s*/, ''), data: error.data };
  }
  if (InsufficientScopeError.isInstance(error)) {
    const scope = error.requiredScope;
    return {
      kind: 'auth',
      status: 403,
      message: `The server requires more scope (HTTP 403)${scope ? `: “${scope}”` : ''}.`,
      challenge: { status: 403, error: 'insufficient_scope', scope, errorDescription: error.errorDescription },
    };
  }
  if (SdkError.isInstance(error)) {
    switch (error.code) {
      case SdkErrorCode.RequestTimeout:
        return { kind: 'timeout', message: error.message };
      case SdkErrorCode.ClientHttpAuthentication:
      case SdkErrorCode.ClientHttpForbidden: {
        const status = error.code === SdkErrorCode.ClientHttpForbidden ? 403 : 401;
        return {
          kind: 'auth',
          status,
          message: `The server requires authorization (HTTP ${status}). Sign in with OAuth, or paste a bearer token and connect again.`,
        };
      }
      case SdkErrorCode.InvalidResult:
        return schemaFailure(error.message, error.data);
      default:
        // Other HTTP failures: their status, body and content type are read from the error's data.
        break;
    }
  }
  return classifyError(error);
}
