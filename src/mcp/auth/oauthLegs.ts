// One leg of a sign-in as the person watches it, and the fetch that records its HTTP exchanges
// (secrets masked) and retries through Toolscope's loopback proxy when the browser's CORS blocks it.
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/client';
import { errorMessage } from '../../lib/errorMessage.ts';
import { maskHeaders, maskOAuthBody, maskResponseHeaders } from '../secrets.ts';
import { OAuthFlowError as BaseOAuthFlowError, isNetworkFailure } from '../errors.ts';
import { proxiedFetch, type ProxySession } from '../wire/proxy.ts';
import type { FetchLike } from '../recording/traffic.ts';

export type LegName = 'challenge' | 'resource-metadata' | 'authorization-server' | 'client' | 'authorize' | 'callback' | 'token';

export interface OAuthExchange {
  method: string;
  url: string;
  via: 'direct' | 'proxy' | 'browser';
  requestHeaders: [string, string][];
  requestBody?: string;
  status?: number;
  responseHeaders?: [string, string][];
  responseBody?: string;
  error?: string;
}

export interface OAuthLeg {
  name: LegName;
  title: string;
  status: 'running' | 'ok' | 'warn' | 'failed' | 'waiting';
  sentence: string;
  exchanges: OAuthExchange[];
}

/** A failed step of the flow (see errors.ts): its leg says which. */
export class OAuthFlowError extends BaseOAuthFlowError<LegName> {}

function withHeader(headers: HeadersInit | undefined, name: string, value: string): Headers {
  const merged = new Headers(headers);
  if (!merged.has(name)) merged.set(name, value);
  return merged;
}

/** A fetch that records every exchange into `leg` and retries through the proxy when the browser blocks it. */
export function recordingFetch(leg: OAuthLeg, base: FetchLike, proxy: ProxySession | undefined, changed: () => void): FetchLike {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const body =
      typeof init?.body === 'string' || init?.body instanceof URLSearchParams
        ? maskOAuthBody(init.body.toString())
        : init?.body
          ? '(binary body)'
          : undefined;
    const start = (via: OAuthExchange['via']): OAuthExchange => {
      const exchange: OAuthExchange = {
        method: init?.method ?? 'GET',
        url: String(input),
        via,
        requestHeaders: maskHeaders(headers),
        requestBody: body,
      };
      leg.exchanges.push(exchange);
      changed();
      return exchange;
    };
    let exchange = start('direct');
    let response: Response;
    // A form POST is a CORS "simple" request: the browser sends it even when the answer will be
    // blocked, so the one-time code would be spent before the proxy's retry. With a proxy to
    // fall back on, a header outside the safelist forces a preflight, which fails harmlessly.
    const direct =
      proxy && (init?.method ?? 'GET').toUpperCase() === 'POST'
        ? { ...init, headers: withHeader(init?.headers, 'MCP-Protocol-Version', LATEST_PROTOCOL_VERSION) }
        : init;
    try {
      response = await base(input, direct);
    } catch (error) {
      if (!proxy || !isNetworkFailure(error)) {
        exchange.error = errorMessage(error);
        changed();
        throw error;
      }
      exchange.error = 'The browser blocked this request (CORS) or could not reach the server; retried through Toolscope’s local proxy.';
      exchange = start('proxy');
      try {
        response = await proxiedFetch(base, proxy)(input, init);
      } catch (proxyError) {
        exchange.error = errorMessage(proxyError);
        changed();
        throw proxyError;
      }
    }
    exchange.status = response.status;
    exchange.responseHeaders = maskResponseHeaders(response.headers);
    const text = await response
      .clone()
      .text()
      .catch(() => '');
    exchange.responseBody = maskOAuthBody(text.slice(0, 20_000));
    changed();
    return response;
  };
}
