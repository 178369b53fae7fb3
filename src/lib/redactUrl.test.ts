import { describe, expect, it } from 'vitest';
import { redactText, redactUrl } from './redactUrl.ts';

describe('redactUrl', () => {
  it('drops user:password@ and replaces credential-looking parameters, naming what it removed', () => {
    const out = redactUrl(
      'https://bob:s3cret@api.example.com/mcp?key=k1&api_key=a2&token=t3&sig=s4&code=c5&X-Amz-Credential=x6&q=keep&page=2',
    );
    expect(out.url).toBe(
      'https://api.example.com/mcp?key=REDACTED&api_key=REDACTED&token=REDACTED&sig=REDACTED&code=REDACTED&X-Amz-Credential=REDACTED&q=keep&page=2',
    );
    expect(out.removed).toEqual(['user:password@', 'key', 'api_key', 'token', 'sig', 'code', 'X-Amz-Credential']);
    expect(out.hash).toMatch(/^\w+$/);
  });

  it('leaves a URL without credentials as it is', () => {
    expect(redactUrl('http://127.0.0.1:6274/mcp?keyword=a&author=b')).toEqual({
      url: 'http://127.0.0.1:6274/mcp?keyword=a&author=b',
      removed: [],
      hash: '',
    });
  });

  it('is idempotent, and keeps text that is no URL', () => {
    const once = redactUrl('https://x.example/mcp?api_key=abc').url;
    expect(redactUrl(once)).toEqual({ url: once, removed: [], hash: '' });
    expect(redactUrl(' not a url ').url).toBe('not a url');
  });
});

describe('redactText', () => {
  it('redacts every URL in a message and each known secret, as the SDK words its error', () => {
    const sdk =
      'Version negotiation probe failed: Request cannot be constructed from a URL that includes credentials: http://alice:pw-9x8y7z@127.0.0.1:9/mcp?api_key=k1k2k3.';
    const text = redactText(sdk, ['pw-9x8y7z', 'Bearer tok-123456']);
    expect(text).not.toContain('pw-9x8y7z');
    expect(text).not.toContain('alice');
    expect(text).not.toContain('k1k2k3');
    expect(text).toContain('http://127.0.0.1:9/mcp?api_key=REDACTED.');
    expect(redactText('sent Bearer tok-123456 to it', ['Bearer tok-123456'])).toBe('sent REDACTED to it');
    expect(redactText('no url here, short "ab"', ['ab'])).toBe('no url here, short "ab"');
  });
});

describe('redactText: a known secret in any encoding (audit 4, N8)', () => {
  const secret = 'sk-live-CONFIGHEADER-0001';
  const bytes = new TextEncoder().encode(secret);
  const b64 = btoa(String.fromCharCode(...bytes));
  const url = b64.replace(/\+/g, '-').replace(/\//g, '_');
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

  it.each([
    ['base64, padded', `b64:${b64}`],
    ['base64, unpadded', `b64:${b64.replace(/=+$/, '')}`],
    ['base64url', `u:${url.replace(/=+$/, '')}`],
    ['hex', `hex:${hex}`],
    ['HEX', `hex:${hex.toUpperCase()}`],
    ['percent-encoded', `p:${encodeURIComponent(`${secret}/é`)}`],
  ])('%s', (_name, text) => {
    const redacted = redactText(text, [`${secret}/é`, secret]);
    expect(redacted).toContain('REDACTED');
    expect(redacted).not.toContain(b64.slice(4, 20));
    expect(redacted).not.toContain(hex.slice(4, 20));
    expect(redacted).not.toContain(hex.slice(4, 20).toUpperCase());
    expect(redacted).not.toContain(secret);
  });

  it('inside a longer base64 text, whatever bytes come before it', () => {
    for (const before of ['', 'a', 'ab', 'abc', '{"token":"']) {
      const text = btoa(`${before}${secret}"}`);
      const redacted = redactText(text, [secret]);
      expect(redacted, before).toContain('REDACTED');
      // What is left cannot be decoded back to more than a byte or two of the secret.
      expect(redacted.replace('REDACTED', '').length, before).toBeLessThan(text.length - 20);
    }
  });

  it('leaves text without the secret alone', () => {
    expect(redactText(`b64:${btoa('something else entirely')}`, [secret])).toBe(`b64:${btoa('something else entirely')}`);
  });
});
