import { describe, expect, it } from 'vitest';
import { appToolsOf } from './appTools.ts';
import { downloadItems } from './downloadAsk.ts';

describe('downloadItems: what an app asks to save, before anything is saved', () => {
  it('reads embedded text and base64 files with a safe name, and links to read later', () => {
    const { items, problems } = downloadItems({
      contents: [
        { type: 'resource', resource: { uri: 'file:///exports/report.csv', mimeType: 'text/csv', text: 'a,b\n1,2\n' } },
        { type: 'resource', resource: { uri: 'data://x/../../etc/passwd', blob: btoa('\u0001\u0002\u0003') } },
        { type: 'resource_link', uri: 'ui://pdf/big.pdf', name: 'big.pdf', mimeType: 'application/pdf' },
      ],
    });
    expect(problems).toEqual([]);
    expect(items[0]).toMatchObject({ name: 'report.csv', mimeType: 'text/csv' });
    expect(items[0]?.bytes?.byteLength).toBe(8);
    expect(items[1]).toMatchObject({ name: 'passwd', mimeType: 'application/octet-stream' });
    expect([...(items[1]?.bytes ?? [])]).toEqual([1, 2, 3]);
    expect(items[2]).toEqual({ name: 'big.pdf', mimeType: 'application/pdf', link: 'ui://pdf/big.pdf' });
  });

  it('names what cannot be a file and caps how many are asked at once', () => {
    expect(downloadItems({}).problems).toEqual(['The request names no file.']);
    const bad = downloadItems({
      contents: [
        { type: 'text', text: 'x' },
        { type: 'resource', resource: { uri: 'a', blob: '%%%' } },
      ],
    });
    expect(bad.items).toEqual([]);
    expect(bad.problems).toHaveLength(2);
    const many = downloadItems({
      contents: Array.from({ length: 30 }, (_, i) => ({ type: 'resource', resource: { uri: `f${i}.txt`, text: 'x' } })),
    });
    expect(many.items).toHaveLength(20);
    expect(many.problems[0]).toMatch(/30 files asked; the first 20/);
  });
});

describe('appToolsOf: the tools an app registers', () => {
  it('keeps well-formed tools with parsed annotations and counts the rest', () => {
    const { tools, malformed } = appToolsOf({
      tools: [
        { name: 'set-allocation', inputSchema: { type: 'object' }, annotations: { readOnlyHint: 'yes', destructiveHint: false } },
        { name: '', inputSchema: {} },
        { name: 'no-schema' },
        'junk',
      ],
    });
    expect(tools).toEqual([
      {
        name: 'set-allocation',
        description: undefined,
        inputSchema: { type: 'object' },
        annotations: expect.objectContaining({ destructiveHint: false, readOnlyHint: undefined }),
      },
    ]);
    expect(malformed).toBe(3);
    expect(appToolsOf(undefined)).toEqual({ tools: [], malformed: 0 });
  });
});
