// What the SDK throws, classified by its exported error types and codes (brand-checked, so
// minification and a second copy of the SDK cannot fool it). Lives beside connection.ts, in the
// lazily loaded protocol chunk, so the first screen does not carry the SDK for this.
import { InsufficientScopeError, ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { classifyError, type McpFailure } from './errors.ts';

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
      default:
        // Other HTTP failures: their status, body and content type are read from the error's data.
        break;
    }
  }
  return classifyError(error);
}
