import { describe, expect, it } from 'vitest';
import type { McpTool } from '../mcp/tools.ts';
import { parseQueries, queryOutcomes, unionQueryOutcomes } from './queries.ts';

const tool = (name: string, description: string) =>
  ({ name, description, annotations: {}, inputSchema: { type: 'object' } }) as unknown as McpTool;
const tools = [
  tool('read_file', 'Reads a file from disk.'),
  tool('write_file', 'Writes a file to disk.'),
  tool('list_dir', 'Lists a folder.'),
];

describe('the queries file', () => {
  it('reads entries with defaults (top 3, bm25), and says which entry is wrong', () => {
    expect(parseQueries('[{"query": "read", "expect": "read_file"}]')).toEqual({
      queries: [{ query: 'read', expect: 'read_file', top: 3, mode: 'bm25' }],
    });
    expect(parseQueries('{}')).toEqual({ error: expect.stringContaining('JSON array') });
    expect(parseQueries('[{"query": "", "expect": "x"}]')).toEqual({ error: 'entry 0: "query" must be a non-empty string' });
    expect(parseQueries('[{"query": "q", "expect": "x", "top": 0}]')).toEqual({ error: expect.stringContaining('"top"') });
    expect(parseQueries('[{"query": "q", "expect": "x", "mode": "vector"}]')).toEqual({ error: expect.stringContaining('"mode"') });
    expect(parseQueries('not json')).toEqual({ error: expect.stringContaining('not JSON') });
  });

  it('a met expectation is no finding; a missed one says its rank and who is ahead; an unknown tool is said as such', () => {
    const { outcomes, findings } = queryOutcomes(tools, [
      { query: 'read a file', expect: 'read_file', top: 1, mode: 'bm25' },
      { query: 'file to disk', expect: 'list_dir', top: 1, mode: 'bm25' },
      { query: 'writes a file', expect: 'read_file', top: 1, mode: 'bm25' },
      { query: 'read', expect: 'read_files', top: 3, mode: 'bm25' },
    ]);
    expect(outcomes.map((outcome) => [outcome.met, outcome.rank])).toEqual([
      [true, 1],
      [false, undefined],
      [false, 2],
      [false, undefined],
    ]);
    expect(findings.map((finding) => finding.message)).toEqual([
      expect.stringMatching(/^For "file to disk" \(bm25\), list_dir is not found at all; found first: /),
      'For "writes a file" (bm25), read_file ranks 2nd (expected in the top 1); ahead of it: write_file.',
      'For "read" (bm25) the server lists no tool named read_files.',
    ]);
    expect(findings.every((finding) => finding.rule === 'query-expectation' && finding.severity === 'error')).toBe(true);
  });

  it('over several servers: server/tool by config key or server name, a bare name for any server; a tool of another server ahead is a miss', () => {
    const servers = [
      { key: 'files', name: 'mcp-servers/filesystem', tools },
      {
        key: 'notes',
        name: 'notes-server',
        tools: [tool('read_file', 'Reads a note file from the notes folder.'), tool('search', 'Search notes.')],
      },
    ];
    const { outcomes, findings } = unionQueryOutcomes(servers, [
      { query: 'read a note file', expect: 'notes/read_file', top: 1, mode: 'bm25' },
      { query: 'read a note file', expect: 'mcp-servers/filesystem/read_file', top: 1, mode: 'bm25' },
      { query: 'search notes', expect: 'search', top: 1, mode: 'bm25' },
      { query: 'anything', expect: 'files/delete_everything', top: 3, mode: 'bm25' },
    ]);
    expect(outcomes.map((outcome) => [outcome.met, outcome.rank])).toEqual([
      [true, 1],
      [false, 2],
      [true, 1],
      [false, undefined],
    ]);
    expect(findings.map((finding) => finding.message)).toEqual([
      'For "read a note file" (bm25), mcp-servers/filesystem/read_file ranks 2nd (expected in the top 1); ahead of it: notes/read_file.',
      'For "anything" (bm25) no connected server lists a tool files/delete_everything.',
    ]);
  });
});
