import { describe, expect, it } from 'vitest';
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { McpError, OAuthFlowError, ProxyError, describeFailure, errorCodeMeaning, failureOf, isNetworkFailure } from './errors.ts';
import { classifySdkError as classifyError, schemaFailure } from './wire/sdkErrors.ts';

// What the SDK throws is classified by its types and codes (sdkErrors.ts), the rest by errors.ts.
describe('classifySdkError', () => {
  it('keeps JSON-RPC errors as protocol failures without the SDK prefix', () => {
    expect(classifyError(new ProtocolError(-32602, 'MCP error -32602: Unknown tool: x', { a: 1 }))).toEqual({
      kind: 'protocol',
      code: -32602,
      message: 'Unknown tool: x',
      data: { a: 1 },
    });
  });

  it('never takes a server’s JSON-RPC error for the network, whatever its words (server-video-resource answers "fetch failed")', () => {
    const answered = new ProtocolError(-32603, 'MCP error -32603: fetch failed');
    expect(isNetworkFailure(answered)).toBe(false);
    expect(classifyError(answered)).toMatchObject({ kind: 'protocol', message: 'fetch failed' });
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('recognises authorization failures from the HTTP status', () => {
    const failure = classifyError(
      new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'needs auth', { status: 401, statusText: 'Unauthorized' }),
    );
    expect(failure).toMatchObject({ kind: 'auth', status: 401 });
    expect(describeFailure(failure)).toContain('401');
  });

  it('calls a 404 or an HTML page "not an MCP endpoint"', () => {
    expect(
      classifyError(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', { status: 404, statusText: 'Not Found' })),
    ).toMatchObject({
      kind: 'not-mcp',
      message: expect.stringContaining('HTTP 404'),
    });
    const html = new SdkError(SdkErrorCode.EraNegotiationFailed, 'probe failed', {
      cause: { code: 'CLIENT_HTTP_UNEXPECTED_CONTENT', data: { contentType: 'text/html; charset=UTF-8' } },
    });
    expect(classifyError(html)).toMatchObject({ kind: 'not-mcp', message: expect.stringContaining('HTML page') });
  });

  it('reports other HTTP statuses with the code', () => {
    const failure = classifyError(new SdkHttpError(SdkErrorCode.EraNegotiationFailed, 'x', { status: 502, statusText: 'Bad Gateway' }));
    expect(failure).toMatchObject({ kind: 'http', status: 502 });
    expect(describeFailure(failure)).toContain('502');
  });

  it('recognises network failures, timeouts and aborts', () => {
    expect(
      classifyError(
        new SdkError(SdkErrorCode.EraNegotiationFailed, 'probe failed: fetch failed', undefined, { cause: new TypeError('fetch failed') }),
      ).kind,
    ).toBe('unreachable');
    expect(classifyError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out')).kind).toBe('timeout');
    expect(classifyError(new DOMException('The operation was aborted.', 'AbortError')).kind).toBe('cancelled');
  });

  it('unwraps McpError and falls back to unknown', () => {
    expect(failureOf(new McpError({ kind: 'cors', message: 'CORS!' }))).toEqual({ kind: 'cors', message: 'CORS!' });
    expect(failureOf('weird')).toEqual({ kind: 'unknown', message: 'weird' });
  });

  it('reads the proxy’s and the OAuth flow’s own errors from the one union', () => {
    expect(failureOf(new ProxyError('forbidden_host', 'Toolscope’s proxy: refused'))).toEqual({
      kind: 'proxy',
      reason: 'forbidden_host',
      message: 'Toolscope’s proxy: refused',
    });
    expect(failureOf(new ProxyError('upstream_unreachable', 'nothing there')).kind).toBe('unreachable');
    expect(failureOf(new OAuthFlowError('token', 'The token endpoint refused the code.'))).toEqual({
      kind: 'oauth',
      leg: 'token',
      message: 'The token endpoint refused the code.',
    });
  });

  it('does not mistake a look-alike for an SDK error (no classification by name or message)', () => {
    const fake = Object.assign(new Error('MCP error -32602: x'), { name: 'ProtocolError', code: -32602 });
    expect(classifyError(fake).kind).toBe('unknown');
    expect(classifyError(Object.assign(new Error('late'), { code: 'REQUEST_TIMEOUT' })).kind).toBe('unknown');
  });
});

describe('errorCodeMeaning', () => {
  it('explains standard and MCP codes', () => {
    expect(errorCodeMeaning(-32602)).toContain('Invalid params');
    expect(errorCodeMeaning(-32022)).toContain('protocol version');
    expect(errorCodeMeaning(-32005)).toContain('Implementation-defined');
    expect(errorCodeMeaning(7)).toContain('Application-defined');
  });
});

describe('schema violations in a result', () => {
  it('names each place the result breaks the schema, from the SDK’s issue list', () => {
    const issues = JSON.stringify([
      { path: ['contents', 0, 'uri'], message: 'Invalid input: expected string, received number' },
      { path: [], message: 'Unrecognized key' },
    ]);
    expect(schemaFailure(`Invalid result for resources/read: ${issues}`, { method: 'resources/read' })).toEqual({
      kind: 'schema',
      method: 'resources/read',
      message:
        "The server's resources/read result breaks the 2026-07-28 schema at contents[0].uri: Invalid input: expected string, received number; the result itself: Unrecognized key. The raw answer is in Traffic.",
    });
  });
});
