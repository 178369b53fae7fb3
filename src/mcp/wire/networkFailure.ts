// A server URL checked before anything is sent, and a network failure told for what it is: a
// browser reports a CORS rejection and an unreachable server the same way ("Failed to fetch").
import { McpError, type McpFailure } from '../errors.ts';
import { MCP_EXPOSED_HEADERS, MCP_REQUEST_HEADERS, listHeaders } from './headers.ts';
import { classifySdkError } from './sdkErrors.ts';
import type { FetchLike } from '../recording/traffic.ts';

export function parseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new McpError({
      kind: 'invalid-input',
      message: `"${url}" is not a valid URL. Enter a full address such as http://127.0.0.1:3000/mcp.`,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new McpError({ kind: 'invalid-input', message: `Only http: and https: server URLs are supported, not ${parsed.protocol}` });
  }
  return parsed;
}

/**
 * A browser reports a CORS rejection and an unreachable server the same way ("Failed to
 * fetch"). A no-cors request still succeeds (opaquely) when the server is up, so it tells
 * the two apart without needing any header access. It asks the server's origin (`/`), never the
 * URL's own path or query: only the protocol's requests go to the URL a person or a link named
 * (a link's `/admin?action=reboot` must not be sent a GET).
 */
export async function explainNetworkFailure(url: URL, fetchImpl: FetchLike, pageOrigin: string | undefined): Promise<McpFailure> {
  if (pageOrigin === undefined) return classifySdkError(new TypeError('fetch failed'));
  const controller = new AbortController();
  try {
    await fetchImpl(`${url.origin}/`, {
      method: 'GET',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
    controller.abort();
    return {
      kind: 'cors',
      message: `The server at ${url.origin} is reachable but the browser blocked its answer (CORS). The server must answer the OPTIONS preflight and allow this page's origin (${pageOrigin}), allow the headers ${listHeaders(MCP_REQUEST_HEADERS)}, and expose ${listHeaders(MCP_EXPOSED_HEADERS)}.`,
    };
  } catch {
    return {
      kind: 'unreachable',
      message: `Could not reach ${url.origin}: nothing answered (is the server running, and is the port right?).`,
    };
  }
}

/** A network failure of a link's connection, told without a probe: which of the two it was is for the person to find out. */
export const unprobed = (url: URL): McpFailure => ({
  kind: 'unreachable',
  message: `Nothing answered from ${url.origin}, or the browser blocked its answer (CORS). Toolscope does not probe a server a link names: Try again or Diagnose to find out which.`,
});
