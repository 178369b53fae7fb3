import { describe, expect, it } from 'vitest';
import { GROUP, glimpseOf, isSmallTree, jsonRows, previewOf } from './jsonRows.ts';

const none = new Set<string>();

describe('JSON tree rows', () => {
  it('a small value: every node, expanded, with depth and keys', () => {
    const rows = jsonRows({ a: 1, list: ['x', { b: null }] }, true, none);
    expect(rows.map((row) => [row.depth, row.key, row.kind])).toEqual([
      [0, undefined, 'object'],
      [1, 'a', 'value'],
      [1, 'list', 'array'],
      [2, 0, 'value'],
      [2, 1, 'object'],
      [3, 'b', 'value'],
    ]);
  });

  it('a big value opens at its top level; a long array opens in ranges of 100, each opened alone', () => {
    const records = Array.from({ length: 45_000 }, (_, index) => ({ id: `rec_${index}` }));
    const value = { total: records.length, records };
    expect(isSmallTree(value)).toBe(false);
    const top = jsonRows(value, false, none);
    expect(top.map((row) => row.key)).toEqual([undefined, 'total', 'records']);
    expect(top[2]?.expanded).toBe(false);
    const opened = jsonRows(value, false, new Set(['/records']));
    expect(opened).toHaveLength(3 + 45_000 / GROUP);
    expect(opened[3]).toMatchObject({ kind: 'range', range: [0, 99], count: 100, expanded: false });
    const range = jsonRows(value, false, new Set(['/records', '/records#200']));
    const inRange = range.filter((row) => row.depth === 3);
    expect(inRange.map((row) => row.key)).toEqual(Array.from({ length: 100 }, (_, index) => 200 + index));
    expect(range.find((row) => row.key === 250)?.expanded).toBe(false);
  });

  it('a toggle closes what expand-all opened; keys with / and ~ get distinct ids', () => {
    const value = { 'a/b': [1], a: { b: [2] } };
    const ids = jsonRows(value, true, none).map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const closed = jsonRows(value, true, new Set(['/a~1b']));
    expect(closed.find((row) => row.key === 'a/b')?.expanded).toBe(false);
    expect(closed).toHaveLength(ids.length - 1);
  });

  it('counts nodes only up to its limit', () => {
    expect(isSmallTree(Array.from({ length: 399 }, () => 1))).toBe(true);
    expect(isSmallTree(Array.from({ length: 400 }, () => 1))).toBe(false);
  });

  it('previews values as JSON, long strings cut with their length', () => {
    expect(previewOf('say "hi"\n\tnext\u0007')).toBe('"say "hi"\\n\\tnext\\u0007"');
    expect(previewOf('x'.repeat(1000), 5)).toBe('"xxxxx"… (1,000 characters)');
    expect(previewOf(null)).toBe('null');
    expect(previewOf(2.5)).toBe('2.5');
  });

  it('glimpses a closed container: first members, nested ones as {…} / […], cut with an ellipsis', () => {
    expect(glimpseOf({ id: 'rec_1', tags: ['a'], meta: { x: 1 }, stock: 3 })).toBe('{id: "rec_1", tags: […], meta: {…}, stock: 3}');
    expect(
      glimpseOf(
        Array.from({ length: 100 }, (_, index) => index),
        20,
      ),
    ).toBe('[0, 1, 2, 3, 4, 5, 6, …]');
    expect(glimpseOf({ text: 'x'.repeat(100) })).toBe('{text: "xxxxxxxxxxxxxxxxxxxxxxxx"… (100 characters)}');
  });
});
