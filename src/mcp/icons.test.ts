import { describe, expect, it } from 'vitest';
import { decideIconSrc, imageDimensions, matchesImageType, oversizedImage } from './icons.ts';

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

describe('image dimensions', () => {
  it('reads PNG, GIF and JPEG headers and refuses decompression bombs', () => {
    const png = new Uint8Array(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    new DataView(png.buffer).setUint32(16, 50_000);
    new DataView(png.buffer).setUint32(20, 50_000);
    expect(imageDimensions('image/png', png)).toEqual({ width: 50_000, height: 50_000 });
    expect(oversizedImage('image/png', png)).toContain('50000×50000');
    expect(imageDimensions('image/gif', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x10, 0x00, 0x20, 0x00]))).toEqual({
      width: 16,
      height: 32,
    });
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x80, 0x03,
    ]);
    expect(imageDimensions('image/jpeg', jpeg)).toEqual({ width: 128, height: 64 });
    expect(oversizedImage('image/jpeg', jpeg)).toBeUndefined();
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
