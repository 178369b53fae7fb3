import { describe, expect, it } from 'vitest';
import { searchTools, toolRank } from './toolHints.ts';
import type { McpTool } from './tools.ts';

const tool = (name: string, title?: string, description?: string) => ({ name, title, description, annotations: {} }) as unknown as McpTool;

describe('tool search', () => {
  const tools = [
    tool('list_files', 'Files', 'Lists the files; read_file reads one.'),
    tool('read_file_metadata', 'Metadata'),
    tool('bulk_read_file'),
    tool('get', 'Read file'),
    tool('read_file', 'Read'),
  ];

  it('ranks the exact name first, then a name prefix, a name containing it, the title, the description', () => {
    expect(searchTools(tools, 'read_file').map((match) => match.name)).toEqual([
      'read_file',
      'read_file_metadata',
      'bulk_read_file',
      'list_files',
    ]);
    expect(searchTools(tools, 'READ FILE').map((match) => match.name)).toEqual(['get']);
    expect(toolRank(tool('x'), '  ')).toBe(0);
    expect(toolRank(tool('x'), 'nothing')).toBeUndefined();
  });

  it('keeps the server’s order between equals', () => {
    expect(searchTools([tool('b_read'), tool('a_read')], 'read').map((match) => match.name)).toEqual(['b_read', 'a_read']);
  });
});
