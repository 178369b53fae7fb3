import { describe, expect, it } from 'vitest';
import { base64Size, base64ToBytes, formatBytes, parseCallResult, parseReadResult } from './results.ts';

describe('parseCallResult', () => {
  it('parses every block type and keeps annotations', () => {
    const result = parseCallResult({
      content: [
        { type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 0.5, lastModified: '2026-01-01T00:00:00Z' } },
        { type: 'image', data: 'AA==', mimeType: 'image/png' },
        { type: 'audio', data: 'AA==', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'demo://a', name: 'a', title: 'A', size: 10 },
        { type: 'resource', resource: { uri: 'demo://t', text: 'x' } },
        { type: 'resource', resource: { uri: 'demo://b', blob: 'AQID', mimeType: 'application/octet-stream' } },
      ],
      structuredContent: 0,
    });
    expect(result.content.map((block) => block.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource', 'resource']);
    expect(result.content[0]).toMatchObject({ annotations: { audience: ['user'], priority: 0.5 } });
    expect(result.hasStructuredContent).toBe(true);
    expect(result.structuredContent).toBe(0);
    expect(result.isError).toBe(false);
  });

  it('keeps unknown and malformed blocks as unknown, never dropping them', () => {
    const result = parseCallResult({ content: [{ type: 'hologram', data: 1 }, { type: 'image', data: 'AA==' }, 'nope'], isError: true });
    expect(result.content.map((block) => block.type)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(result.content[0]).toMatchObject({ reason: 'Unknown content type "hologram".' });
    expect(result.isError).toBe(true);
    expect(result.hasStructuredContent).toBe(false);
  });

  it('flags a result without content', () => {
    expect(parseCallResult({}).content[0]).toMatchObject({ type: 'unknown', reason: 'Result has no "content" array.' });
  });
});

describe('parseReadResult', () => {
  it('keeps text and blob contents and skips junk', () => {
    expect(parseReadResult({ contents: [{ uri: 'a', text: 't' }, { uri: 'b', blob: 'AA==' }, { text: 'no uri' }] })).toEqual([
      { uri: 'a', kind: 'text', text: 't', mimeType: undefined },
      { uri: 'b', kind: 'blob', blob: 'AA==', mimeType: undefined },
    ]);
  });
});

describe('base64 helpers', () => {
  it('decodes and sizes', () => {
    expect([...base64ToBytes('AQID')]).toEqual([1, 2, 3]);
    expect(base64Size('AQIDBA==')).toBe(4);
    expect(() => base64ToBytes('!!')).toThrow();
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
