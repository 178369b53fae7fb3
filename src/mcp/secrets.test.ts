// The one secret rule: the same answer for a header in Traffic, an argument in a share link and a
// header in "Copy as curl".
import { describe, expect, it } from 'vitest';
import { curlCommand } from './recording/callExport.ts';
import { REDACTED } from '../lib/redactUrl.ts';
import { isSecretName, maskHeaders, storableResult, withoutSecrets } from './secrets.ts';

describe('isSecretName', () => {
  it('flags names that carry credentials, word by word', () => {
    for (const name of [
      'X-API-Key',
      'x-api-key',
      'Ocp-Apim-Subscription-Key',
      'key',
      'access_key',
      'apiKey',
      'apikey',
      'pwd',
      'password',
      'client_secret',
      'refreshToken',
      'jwt',
      'otp',
      'X-Session',
      'sessionId',
      'Cookie',
      'Authorization',
      'X-Auth',
      'private_key',
    ])
      expect(isSecretName(name), name).toBe(true);
  });

  it('leaves alone names that only look alike, and the protocol’s own headers', () => {
    for (const name of [
      'keyword',
      'keys_count',
      'author',
      'max_tokens',
      'monkey',
      'query',
      'Mcp-Session-Id',
      'MCP-Protocol-Version',
      'Mcp-Name',
    ])
      expect(isSecretName(name), name).toBe(false);
  });
});

describe('one rule for every view', () => {
  it('a header Traffic masks is a placeholder in curl even when the person opts in to header values; by default none is copied', () => {
    const headers = { 'X-Session': 's-123', 'Ocp-Apim-Subscription-Key': 'k-456', 'X-Region': 'eu' };
    const masked = new Map(maskHeaders(Object.entries(headers)));
    const byDefault = curlCommand({
      server: 'http://x/mcp',
      tool: 't',
      args: {},
      era: 'modern',
      protocolVersion: '2026-07-28',
      bearer: false,
      headers,
    });
    for (const value of Object.values(headers)) expect(byDefault).not.toContain(value);
    expect(byDefault).toContain('-H "X-Region: $X_REGION"');
    const curl = curlCommand({
      headerValues: 'inline',
      server: 'http://x/mcp',
      tool: 't',
      args: {},
      era: 'modern',
      protocolVersion: '2026-07-28',
      bearer: false,
      headers,
    });
    for (const [name, value] of Object.entries(headers)) {
      if (masked.get(name) === REDACTED) expect(curl, name).not.toContain(value);
      else expect(curl, name).toContain(value);
    }
    expect(masked.get('X-Session')).toBe(REDACTED);
    expect(masked.get('X-Region')).toBe('eu');
    expect(maskHeaders([['Mcp-Session-Id', 'abc']])).toEqual([['Mcp-Session-Id', 'abc']]);
  });

  it('drops secret-named arguments at any depth and names them', () => {
    expect(withoutSecrets({ q: 'usb', key: 'k', nested: { access_key: 'a', keyword: 'w' } })).toEqual({
      value: { q: 'usb', nested: { keyword: 'w' } },
      dropped: ['key', 'nested.access_key'],
    });
  });
});

describe('the connection’s own secrets', () => {
  it('are replaced wherever they appear, at any depth; short values are not searched for', async () => {
    const { withoutKnownSecrets } = await import('./secrets.ts');
    expect(withoutKnownSecrets({ a: ['x tok_123456 y'], b: { c: 'tok_123456' }, n: 3 }, ['tok_123456', 'yes'])).toEqual({
      a: ['x REDACTED y'],
      b: { c: 'REDACTED' },
      n: 3,
    });
    expect(withoutKnownSecrets('say yes', ['yes'])).toBe('say yes');
    // One length rule with the CLI's redactText: a 5-character secret is hidden here as there.
    expect(withoutKnownSecrets({ note: 'pin a1b2c' }, ['a1b2c'])).toEqual({ note: 'pin REDACTED' });
    // In an object's keys too (a result keyed by the token).
    expect(withoutKnownSecrets({ 'by tok_123456': { tok_123456: 1 } }, ['tok_123456'])).toEqual({
      'by REDACTED': { REDACTED: 1 },
    });
  });
});

describe('response headers in Traffic', () => {
  it('hide Set-Cookie and a challenge’s token parameters; keep what explains the challenge', async () => {
    const { maskResponseHeaders } = await import('./secrets.ts');
    const masked = new Map(
      maskResponseHeaders([
        ['Set-Cookie', 'sid=abc123; HttpOnly'],
        [
          'WWW-Authenticate',
          'Bearer realm="api", error="invalid_token", token="tok-123456", resource_metadata="https://x/.well-known/oauth-protected-resource", scope="a b", nonce=n0nce99',
        ],
        ['Mcp-Session-Id', 'sess-1'],
        ['Content-Type', 'application/json'],
      ]),
    );
    expect(masked.get('Set-Cookie')).toBe(REDACTED);
    const challenge = masked.get('WWW-Authenticate') ?? '';
    expect(challenge).not.toContain('tok-123456');
    expect(challenge).not.toContain('n0nce99');
    for (const kept of [
      'realm="api"',
      'error="invalid_token"',
      'resource_metadata="https://x/.well-known/oauth-protected-resource"',
      'scope="a b"',
    ])
      expect(challenge).toContain(kept);
    expect(masked.get('Mcp-Session-Id')).toBe('sess-1');
    expect(masked.get('Content-Type')).toBe('application/json');
  });
});

describe('storableResult: a token response written as text', () => {
  it('hides the token values of a JSON token response kept as a text block, and of a form-encoded one', () => {
    const text = '{"access_token": "atok-7Hq2xPz9", "refresh_token":"rtok-Lm4Vb8Nc", "expires_in": 3600, "scope": "orders:read"}';
    const { value, hidden } = storableResult(
      {
        content: [
          { type: 'text', text },
          { type: 'text', text: 'access_token=ftok-9Kd3Pq&expires_in=60' },
        ],
      },
      [],
    );
    const kept = JSON.stringify(value);
    expect(kept).not.toContain('atok-7Hq2xPz9');
    expect(kept).not.toContain('rtok-Lm4Vb8Nc');
    expect(kept).not.toContain('ftok-9Kd3Pq');
    // What is not a credential stays readable.
    expect(kept).toContain('orders:read');
    expect(kept).toContain('expires_in=60');
    expect(hidden).toBe(2);
  });
});
