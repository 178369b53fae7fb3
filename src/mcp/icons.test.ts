import { describe, expect, it } from 'vitest';
import { decideIconSrc, matchesImageType } from './icons.ts';

const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const svg = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

describe('decideIconSrc', () => {
  it('accepts https and checked data: images', () => {
    expect(decideIconSrc('https://example.com/icon.png', 'https://example.com/mcp')).toEqual({
      ok: true,
      src: 'https://example.com/icon.png',
    });
    expect(decideIconSrc(png, 'https://example.com/mcp').ok).toBe(true);
    expect(decideIconSrc(svg, 'https://example.com/mcp').ok).toBe(true);
  });

  it('rejects javascript:, file:, and http: from a remote server', () => {
    expect(decideIconSrc('javascript:alert(1)', 'https://example.com/mcp')).toMatchObject({ ok: false });
    expect(decideIconSrc('file:///etc/passwd', 'https://example.com/mcp')).toMatchObject({ ok: false });
    expect(decideIconSrc('http://example.com/i.png', 'https://example.com/mcp')).toMatchObject({ ok: false });
  });

  it('allows http: only when both server and icon are loopback', () => {
    expect(decideIconSrc('http://127.0.0.1:3000/i.png', 'http://localhost:3000/mcp').ok).toBe(true);
    expect(decideIconSrc('http://evil.example/i.png', 'http://localhost:3000/mcp').ok).toBe(false);
  });

  it('rejects data: URLs whose bytes are not the claimed type, or not images', () => {
    expect(decideIconSrc(`data:image/png;base64,${btoa('<svg onload=alert(1)>')}`, 'https://x.test/mcp')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a image/png'),
    });
    expect(decideIconSrc(`data:text/html;base64,${btoa('<script>')}`, 'https://x.test/mcp').ok).toBe(false);
    expect(decideIconSrc('data:image/png;base64,@@@', 'https://x.test/mcp').ok).toBe(false);
  });

  it('caps the size', () => {
    expect(decideIconSrc(`data:image/png;base64,${'A'.repeat(400_000)}`, 'https://x.test/mcp')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('256 KB'),
    });
  });
});

describe('matchesImageType', () => {
  it('knows the magic numbers', () => {
    expect(matchesImageType('image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(matchesImageType('image/gif', new TextEncoder().encode('GIF89a'))).toBe(true);
    expect(matchesImageType('image/webp', new TextEncoder().encode('RIFF0000WEBP'))).toBe(true);
    expect(matchesImageType('image/png', new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false);
    expect(matchesImageType('image/bmp', new Uint8Array([0x42, 0x4d]))).toBe(false);
  });
});
