import { describe, expect, it } from 'vitest';
import { diffJson, diffLines, diffResults } from './diff.ts';

describe('diffJson', () => {
  it('names added, removed and changed paths', () => {
    expect(diffJson({ a: 1, b: { c: [1, 2] }, 'odd key': true }, { a: 2, b: { c: [1] }, d: null })).toEqual([
      { path: '.a', kind: 'changed', before: 1, after: 2 },
      { path: '.b.c[1]', kind: 'removed', before: 2 },
      { path: '["odd key"]', kind: 'removed', before: true },
      { path: '.d', kind: 'added', after: null },
    ]);
    expect(diffJson([1], [1])).toEqual([]);
    expect(diffJson(1, '1')).toEqual([{ path: '(root)', kind: 'changed', before: 1, after: '1' }]);
  });

  it('stops at 500 changes', () => {
    const big = Array.from({ length: 2000 }, (_, index) => index);
    expect(
      diffJson(
        big,
        big.map((value) => value + 1),
      ),
    ).toHaveLength(500);
  });
});

describe('diffLines', () => {
  it('keeps common lines and marks the rest', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'added', text: 'x' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('stays bounded on huge texts', () => {
    const a = Array.from({ length: 5000 }, (_, index) => `line ${index}`).join('\n');
    const b = Array.from({ length: 5000 }, (_, index) => `row ${index}`).join('\n');
    expect(diffLines(a, b)).toHaveLength(10_000);
  });
});

describe('diffResults', () => {
  const text = (value: string) => ({ type: 'text', text: value });
  it('diffs JSON text structurally, other text by line, media by hash, and the error flag', () => {
    const diff = diffResults(
      {
        content: [text('{"price":"12.90"}'), text('one\ntwo'), { type: 'image', mimeType: 'image/png', data: 'AAAA' }],
        structuredContent: { price: '12.90' },
      },
      {
        content: [text('{"price":12.9}'), text('one\nthree'), { type: 'image', mimeType: 'image/png', data: 'AAAB' }],
        structuredContent: { price: 12.9 },
        isError: true,
      },
    );
    expect(diff.same).toBe(false);
    expect(diff.isError).toEqual({ before: false, after: true });
    expect(diff.structured).toEqual([{ path: 'structuredContent.price', kind: 'changed', before: '12.90', after: 12.9 }]);
    expect(diff.blocks.map((block) => block.kind)).toEqual(['json', 'text', 'media']);
    const media = diff.blocks[2];
    expect(media?.kind === 'media' && media.before?.hash !== media.after?.hash).toBe(true);
  });

  it('says the same for equal results', () => {
    const result = { content: [text('same')], structuredContent: { a: 1 } };
    expect(diffResults(result, structuredClone(result)).same).toBe(true);
  });
});
