// tools-confusable on fixed corpora: server-filesystem's read_file (deprecated) beside read_text_file,
// as that server lists them, is flagged; tools with their own subjects are not.
import { describe, expect, it } from 'vitest';
import { parseToolsPage } from '../mcp/tools.ts';
import { confusableFindings } from './confusable.ts';

const tools = (list: Record<string, unknown>[]) =>
  parseToolsPage({ tools: list.map((tool) => ({ inputSchema: { type: 'object' }, ...tool })) }).tools;

describe('tools-confusable', () => {
  it('flags a pair each of whose own words rank the other as high, with the words that would separate them', () => {
    const findings = confusableFindings(
      tools([
        {
          name: 'read_file',
          title: 'Read File (Deprecated)',
          description: 'Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.',
        },
        {
          name: 'read_text_file',
          title: 'Read Text File',
          description: 'Read the complete contents of a file from the file system as text. Handles various text encodings.',
        },
        {
          name: 'write_file',
          title: 'Write File',
          description: 'Create a new file or completely overwrite an existing file with new content.',
        },
        {
          name: 'list_directory',
          title: 'List Directory',
          description: 'Get a detailed listing of all files and directories in a specified path.',
        },
      ]),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'tools-confusable', severity: 'warning', tool: 'read_file' });
    expect(findings[0]?.message).toContain('read_text_file scores');
    expect(findings[0]?.message).toContain('and ranks first');
    expect(findings[0]?.fix).toContain('words only read_file has: deprecated');
  });

  it('says nothing of tools with their own subjects, of one tool, or of a one-way resemblance', () => {
    expect(
      confusableFindings(
        tools([
          { name: 'search_catalog', title: 'Search catalog', description: 'Search the product catalog by words in the product name.' },
          { name: 'get_basket', title: 'Get basket', description: 'Returns the lines, total and expiry of a basket.' },
          { name: 'checkout', title: 'Check out basket', description: 'Places an order for everything in the basket.' },
        ]),
      ),
    ).toEqual([]);
    expect(confusableFindings(tools([{ name: 'only', description: 'The only tool.' }]))).toEqual([]);
    // list_directory's words bring list_directory_with_sizes along, but "sizes" sets that one apart.
    expect(
      confusableFindings(
        tools([
          {
            name: 'list_directory',
            title: 'List Directory',
            description: 'Get a detailed listing of all files and directories in a specified path.',
          },
          {
            name: 'list_directory_with_sizes',
            title: 'List Directory with Sizes',
            description: 'Get a detailed listing of all files and directories in a specified path, including sizes.',
          },
        ]),
      ),
    ).toEqual([]);
  });

  it('lists the ten closest pairs and counts the rest in one finding', () => {
    const same = Array.from({ length: 6 }, (_, index) => ({ name: `copy_${index}`, description: 'Returns the shared ledger.' }));
    const findings = confusableFindings(tools(same));
    expect(findings.filter((finding) => finding.tool !== undefined)).toHaveLength(10);
    expect(findings.at(-1)?.tool).toBeUndefined();
    expect(findings.at(-1)?.message).toContain('5 more pairs');
  });
});
