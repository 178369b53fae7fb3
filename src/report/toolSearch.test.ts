import { describe, expect, it } from 'vitest';
import type { McpTool } from '../mcp/tools.ts';
import { MAX_PATTERN, patternOf, rankTools, searchTerms } from './toolSearch.ts';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}) =>
  ({ name, description, annotations: {}, inputSchema: { type: 'object', properties } }) as unknown as McpTool;

describe('search terms', () => {
  it('splits names at _, -, ., and camelCase; lowercases; drops stop words', () => {
    expect(searchTerms('get_fileInfo')).toEqual(['get', 'file', 'info']);
    expect(searchTerms('search-catalog.v2')).toEqual(['search', 'catalog', 'v2']);
    expect(searchTerms('parseHTMLDocument')).toEqual(['parse', 'html', 'document']);
    expect(searchTerms('Read a file from the disk')).toEqual(['read', 'file', 'disk']);
  });
});

describe('ranking', () => {
  const tools = [
    tool('get_file', 'Returns the contents of a file.'),
    tool('read_file', 'Returns the contents of a file.'),
    tool('delete_file', 'Deletes a file for good.', { path: { description: 'The file to delete.' } }),
    tool('send_email', 'Sends an email to a recipient.'),
  ];

  it('BM25: only tools that share a word, best first, the matched words said; look-alikes marked as ties', () => {
    const ranked = rankTools(tools, 'contents of a file');
    expect(
      ranked
        .map((found) => found.name)
        .slice(0, 2)
        .sort(),
    ).toEqual(['get_file', 'read_file']);
    expect(ranked[0]?.tie && ranked[1]?.tie).toBe(true);
    expect(ranked[0]?.matched).toEqual(expect.arrayContaining(['contents', 'file']));
    expect(ranked.some((found) => found.name === 'send_email')).toBe(false);
    // A word only one tool has separates it: no tie.
    const email = rankTools(tools, 'email a recipient');
    expect(email).toEqual([expect.objectContaining({ name: 'send_email', tie: false })]);
  });

  it('a tie is marked only where it matters: among the first five, or at the cut', () => {
    const many = Array.from({ length: 9 }, (_, index) => tool(`tool_${index}`, 'Returns a value.'));
    const ranked = rankTools(many, 'returns');
    expect(ranked.map((found) => found.tie)).toEqual([true, true, true, true, true, true, false, false, false]);
  });

  it('parameters count: a word only in a parameter’s description finds the tool', () => {
    expect(rankTools(tools, 'delete')[0]?.name).toBe('delete_file');
    expect(rankTools(tools, 'path').map((found) => found.name)).toEqual(['delete_file']);
  });

  it('regex: a Python-style pattern, (?i) for case; too long or invalid finds nothing and says why', () => {
    expect(rankTools(tools, 'file$', 'regex').map((found) => found.name)).toEqual(['get_file', 'read_file', 'delete_file']);
    expect(rankTools(tools, '(?i)EMAIL', 'regex').map((found) => found.name)).toEqual(['send_email']);
    expect(patternOf('x'.repeat(MAX_PATTERN + 1))).toEqual({ error: expect.stringContaining('at most 200') });
    expect(patternOf('(')).toEqual({ error: expect.stringContaining('Not a valid pattern') });
  });
});
