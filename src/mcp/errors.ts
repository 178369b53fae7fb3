// One vocabulary for everything that can go wrong talking to a server. A JSON-RPC error that
// crossed the wire is a `protocol` failure; a tool's own failure (isError) is NOT here — it is
// a normal result. Every other kind says what the user or the server author can do about it.
import { isRecord, own } from './guards.ts';
import { errorMessage } from '../lib/errorMessage.ts';

/** What a 401/403 said in WWW-Authenticate (when the browser could read it). */
export interface OAuthChallenge {
  /** The HTTP status it came with (200 for a challenge in a tool result's _meta). */
  status: number;
  /** Where it came from: a WWW-Authenticate header, or a result's `_meta["mcp/www_authenticate"]`. */
  source?: 'http' | 'meta';
  resourceMetadataUrl?: string;
  scope?: string;
  error?: string;
  errorDescription?: string;
  /** Whether the answer carried a Bearer challenge at all (a plain 403 is a refusal, not a request to sign in). */
  bearer?: boolean;
  /** The first line of the answer's body (what a plain refusal says). */
  bodyLine?: string;
}

export type McpFailure =
  | { kind: 'protocol'; code: number; message: string; data?: unknown }
  | { kind: 'http'; status: number; message: string; body?: string }
  | { kind: 'auth'; status: number; message: string; challenge?: OAuthChallenge }
  | { kind: 'cors'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'not-mcp'; message: string }
  /** A result the SDK could not accept: it breaks the spec's schema (never blamed on the URL). */
  | { kind: 'schema'; method?: string; message: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'stream-cut'; message: string }
  /** Toolscope's stdio bridge: the server process is gone (it exited, was killed or stopped), so no answer can come. */
  | { kind: 'server-stopped'; exit: string; message: string }
  | { kind: 'cancelled'; message: string }
  | { kind: 'invalid-input'; message: string }
  /** Toolscope's own local proxy refused or failed (its reason code, e.g. "forbidden_host"). */
  | { kind: 'proxy'; reason: string; message: string }
  /** A step of an OAuth sign-in or token refresh failed (the leg names the step). */
  | { kind: 'oauth'; leg: string; message: string }
  | { kind: 'unknown'; message: string };

/** A failure of the protocol layer, carrying its classification. */
export class McpError extends Error {
  override readonly name = 'McpError';
  constructor(readonly failure: McpFailure) {
    super(failure.message);
  }
}

/** Toolscope's local proxy said no (or could not reach the server: then it is `unreachable`). */
export class ProxyError extends McpError {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(reason === 'upstream_unreachable' ? { kind: 'unreachable', message } : { kind: 'proxy', reason, message });
  }
}

/** A step of an OAuth flow failed; `leg` names it. */
export class OAuthFlowError<Leg extends string = string> extends McpError {
  constructor(
    readonly leg: Leg,
    message: string,
  ) {
    super({ kind: 'oauth', leg, message });
  }
}

/** The failure inside any thrown value. */
export const failureOf = (error: unknown): McpFailure => (error instanceof McpError ? error.failure : classifyError(error));

/** Standard meanings of JSON-RPC codes (JSON-RPC 2.0 §5.1) and MCP's own (-32002, -32020…-32022). */
export function errorCodeMeaning(code: number): string {
  switch (code) {
    case -32700:
      return 'Parse error: the server could not parse the JSON it received.';
    case -32600:
      return 'Invalid request: the message was not a valid JSON-RPC request.';
    case -32601:
      return 'Method not found: the server does not implement this method.';
    case -32602:
      return 'Invalid params: bad arguments, unknown tool, invalid cursor or missing resource.';
    case -32603:
      return 'Internal error inside the server.';
    case -32002:
      return 'Resource not found (2025 era).';
    case -32020:
      return 'A required MCP header is missing or disagrees with the body.';
    case -32021:
      return 'The server needs a client capability this request did not declare.';
    case -32022:
      return 'Unsupported protocol version.';
    default:
      return code >= -32099 && code <= -32000 ? 'Implementation-defined server error.' : 'Application-defined error.';
  }
}

interface ErrorFacts {
  name: string;
  message: string;
  code: unknown;
  data: unknown;
  status?: number;
  contentType?: string;
  causeChain: string[];
}

const record = (error: unknown): Record<string, unknown> =>
  isRecord(error) || error instanceof Error ? (error as unknown as Record<string, unknown>) : {};

function facts(error: unknown): ErrorFacts {
  const fields = record(error);
  const data = own(fields, 'data');
  const status = isRecord(data) && typeof own(data, 'status') === 'number' ? Number(own(data, 'status')) : undefined;
  const chain: string[] = [];
  let cause: unknown = error;
  for (let depth = 0; depth < 6 && cause; depth++) {
    chain.push(cause instanceof Error ? `${cause.name}: ${cause.message}` : asText(cause));
    cause = cause instanceof Error ? cause.cause : isRecord(cause) ? own(cause, 'cause') : undefined;
  }
  const dataCause = isRecord(data) ? own(data, 'cause') : undefined;
  const contentType = JSON.stringify(dataCause ?? '').match(/"contentType":"([^"]+)"/)?.[1];
  if (dataCause) chain.push(JSON.stringify(dataCause));
  return {
    name: error instanceof Error ? error.name : typeof error,
    message: errorMessage(error),
    code: own(fields, 'code'),
    data,
    status,
    contentType,
    causeChain: chain,
  };
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

const NETWORK_FAILURE = /failed to fetch|fetch failed|networkerror|load failed|econnrefused|enotfound|network request failed/i;

/**
 * True when the error is the browser's opaque network failure (unreachable OR blocked by CORS).
 * A JSON-RPC error (a numeric code) is an answer: the network worked, whatever its message says.
 */
export function isNetworkFailure(error: unknown): boolean {
  const f = facts(error);
  if (typeof f.code === 'number') return false;
  return f.causeChain.some((line) => NETWORK_FAILURE.test(line));
}

/**
 * The kind of any failure that is not the SDK's own (those: sdkErrors.ts, which falls back here):
 * HTTP statuses and bodies, the browser's network failure, a non-JSON answer.
 */
export function classifyError(error: unknown): McpFailure {
  const f = facts(error);
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled', message: 'Cancelled.' };
  if (f.status === 401 || f.status === 403) {
    return {
      kind: 'auth',
      status: f.status,
      message: `The server requires authorization (HTTP ${f.status}). Sign in with OAuth, or paste a bearer token and connect again.`,
    };
  }
  if (f.contentType?.includes('text/html') || f.causeChain.some((line) => line.includes('text/html'))) {
    return {
      kind: 'not-mcp',
      message: 'The URL answered with an HTML page, not MCP. Check the path: MCP endpoints usually end in /mcp.',
    };
  }
  if (f.status === 404 || f.status === 405) {
    const body = isRecord(f.data) ? asText(own(f.data, 'text') ?? '') : '';
    return {
      kind: 'not-mcp',
      message: `The URL answered HTTP ${f.status}: it is not an MCP endpoint. Check the path (usually /mcp).${body ? ` Server said: ${body.slice(0, 200)}` : ''}`,
    };
  }
  if (f.status !== undefined) {
    const body = isRecord(f.data) ? asText(own(f.data, 'text') ?? '') : '';
    return { kind: 'http', status: f.status, message: `The server answered HTTP ${f.status}.`, body: body.slice(0, 2000) || undefined };
  }
  if (isNetworkFailure(error)) {
    return {
      kind: 'unreachable',
      message: 'Could not reach the server: nothing answered at this address (is it running, and is the port right?).',
    };
  }
  if (f.causeChain.some((line) => /ZodError|invalid_union|JSON-RPC|Unexpected token|is not valid JSON/i.test(line))) {
    return { kind: 'not-mcp', message: 'The URL answered, but not with JSON-RPC: it does not look like an MCP endpoint.' };
  }
  return { kind: 'unknown', message: f.message || 'Unknown error.' };
}

/** An auth failure with the server's challenge attached, explained in its terms. */
export function withChallenge(failure: McpFailure, challenge: OAuthChallenge | undefined): McpFailure {
  if (failure.kind !== 'auth' || !challenge) return failure;
  // A 403 that asks for no token is a refusal: signing in would not help, and saying so would mislead.
  if (failure.status === 403 && challenge.bearer === false && challenge.error === undefined) return forbidden(challenge.bodyLine);
  if (challenge.error === 'insufficient_scope')
    return {
      ...failure,
      challenge,
      message: `The server refused this request (HTTP ${failure.status}): the token lacks a scope it needs${challenge.scope ? ` (it asks for “${challenge.scope}”)` : ''}. Sign in again with more scope.`,
    };
  if (challenge.error === 'invalid_token')
    return {
      ...failure,
      challenge,
      message: `The server rejected the token (HTTP ${failure.status}${challenge.errorDescription ? `: ${challenge.errorDescription}` : ''}). Sign in again or paste a new bearer token.`,
    };
  return { ...failure, challenge };
}

/** A plain HTTP 403 (no Bearer challenge): what the server said, and the usual cause on a local server. */
export function forbidden(bodyLine: string | undefined): McpFailure {
  return {
    kind: 'http',
    status: 403,
    message: `Forbidden (HTTP 403)${bodyLine ? `: “${bodyLine}”` : ''}. The server refused the request without asking for a token. A 403 on every request often means a Host-header check (DNS-rebinding protection): try the host name the server printed (e.g. localhost instead of 127.0.0.1).`,
  };
}

/** One sentence for an alert, naming the status code or CORS where relevant (the e2e tests read these). */
export function describeFailure(failure: McpFailure): string {
  switch (failure.kind) {
    case 'protocol':
      return `Protocol error ${failure.code}: ${failure.message}`;
    case 'http':
      return `${failure.message}${failure.body ? ` ${failure.body.slice(0, 200)}` : ''}`;
    case 'auth':
    case 'cors':
    case 'unreachable':
    case 'not-mcp':
    case 'schema':
    case 'timeout':
    case 'stream-cut':
    case 'server-stopped':
    case 'cancelled':
    case 'invalid-input':
    case 'proxy':
    case 'oauth':
    case 'unknown':
      return failure.message;
  }
}
