import { describe, expect, it } from 'vitest';
import { exportSaved, parseSavedFile } from './savedCallFile.ts';

const ok = (text: string) => ({ content: [{ type: 'text', text }], _meta: { at: Math.random() } });

describe('a saved-calls file', () => {
  it('round-trips through a file and refuses anything else', () => {
    const expected = ok('3');
    const file = exportSaved('http://x/mcp', [{ name: 'cable search', tool: 'search_catalog', args: { query: 'cable' }, expected }]);
    expect(parseSavedFile(file)).toEqual({
      calls: [{ name: 'cable search', tool: 'search_catalog', args: { query: 'cable' }, expected }],
    });
    expect(parseSavedFile('{"calls": []}')).toHaveProperty('problem');
    expect(parseSavedFile('nope')).toHaveProperty('problem');
    expect(parseSavedFile('{"format":"toolscope-saved-calls","calls":[{"name":"x"}]}')).toEqual({
      problem: '1 entries lack a name, tool or arguments object.',
    });
  });
});
