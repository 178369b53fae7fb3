import { describe, expect, it } from 'vitest';
import type { McpTool } from '../mcp/tools.ts';
import { describeListChange, describeLiveChange, diffToolLists, isUnchanged, type ToolSnapshot } from './toolListDiff.ts';

const tool = (name: string, extra: Partial<ToolSnapshot> = {}): ToolSnapshot => ({
  name,
  description: `${name} does things`,
  inputSchema: { type: 'object' },
  annotations: {},
  icons: [],
  ...extra,
});

describe('the tool list against last time', () => {
  it('names added, removed and changed tools, field by field, and a new order', () => {
    const before = [tool('a'), tool('b'), tool('c', { inputSchema: { type: 'object', properties: { q: { maxLength: 10 } } } })];
    const after = [
      tool('c', { inputSchema: { type: 'object', properties: { q: { maxLength: 20 } } } }),
      tool('a', { title: 'A' }),
      tool('d'),
    ];
    const change = diffToolLists(before, after);
    expect(change.added).toEqual(['d']);
    expect(change.removed).toEqual(['b']);
    expect(change.changed).toEqual([
      { name: 'c', fields: [{ path: '.inputSchema.properties.q.maxLength', kind: 'changed', before: 10, after: 20 }] },
      { name: 'a', fields: [{ path: '.title', kind: 'added', after: 'A' }] },
    ]);
    expect(change.reordered).toBe(true);
    expect(describeListChange(change)).toBe('added d; removed b; changed c, a; the order changed');
  });

  it('sees no change in a stored copy of the same list (undefined fields dropped by JSON)', () => {
    const list = [tool('a', { title: undefined }), tool('b')];
    expect(isUnchanged(diffToolLists(JSON.parse(JSON.stringify(list)) as ToolSnapshot[], list))).toBe(true);
  });
});

describe('describeLiveChange (after list_changed or a restart)', () => {
  const tool = (name: string, description = '') =>
    ({ name, description, inputSchema: { type: 'object' }, annotations: {}, icons: [] }) as unknown as McpTool;
  it('names added, removed and changed tools, and says when nothing changed', () => {
    const before = [tool('a'), tool('b', 'old')];
    const after = [tool('b', 'new'), tool('c')];
    expect(describeLiveChange(before, after, 'notification')).toBe('The server changed its tool list: added c; removed a; changed b.');
    expect(describeLiveChange(before, before, 'notification')).toBe('The server said its tool list changed, but the tools are the same.');
    expect(describeLiveChange(before, after, 'restart')).toBe(
      'The server restarted and its tool list changed: added c; removed a; changed b.',
    );
    expect(describeLiveChange(before, before, 'restart')).toBe('The server restarted; its tools are the same.');
    expect(describeLiveChange(before, [...before].reverse(), 'notification')).toBe('The server changed its tool list: the order changed.');
  });
});
