import { describe, expect, it } from 'vitest';
import type { McpTool } from '../../mcp/tools.ts';
import { suiteOf } from './suiteExport.ts';

const tool = (name: string, annotations: McpTool['annotations']): McpTool => ({
  name,
  annotations,
  icons: [],
  inputSchema: {},
  findings: [],
});
const tools = [
  tool('search_catalog', { readOnlyHint: true }),
  tool('create_basket', { readOnlyHint: false, destructiveHint: false }),
  tool('delete_basket', { destructiveHint: true }),
];

describe('saved calls as a test suite', () => {
  it('expects each last result: the outcome, the type of each top-level value, a snapshot without the date-times', () => {
    const suite = JSON.parse(
      suiteOf(
        'https://user:pw@shop.example/mcp?key=s3cret',
        [
          {
            name: 'search',
            tool: 'search_catalog',
            args: { query: 'usb' },
            expected: { structuredContent: { products: [{ id: 'prd_cab_001' }], total: 1, 'generated at': '2026-12-07T10:00:00Z' } },
          },
          {
            name: 'search',
            tool: 'create_basket',
            args: {},
            expected: {
              content: [{ type: 'text', text: '{"expires_at":"2026-12-07T10:30:00.000Z"}' }],
              structuredContent: { basket_id: 'bsk_x', expires_at: '2026-12-07T10:30:00.000Z' },
              _meta: { at: '2026-12-07T10:00:00Z' },
            },
          },
          { name: 'gone', tool: 'delete_basket', args: { basket_id: 'bsk_x' }, expected: { isError: true, content: [] } },
          { name: 'unknown', tool: 'not_listed', args: {}, expected: undefined },
        ],
        tools,
      ),
    ) as { $comment: string; tests: Record<string, unknown>[] };
    expect(suite.$comment).toContain('npx toolscope test <this file> --allow-writes --allow-destructive https://shop.example/mcp');
    expect(suite.$comment).not.toMatch(/s3cret|pw/);
    expect(suite.tests).toEqual([
      {
        name: 'search',
        tool: 'search_catalog',
        arguments: { query: 'usb' },
        expect: {
          outcome: 'ok',
          structuredContent: { '$.products': { type: 'array' }, '$.total': { type: 'number' }, '$["generated at"]': { type: 'string' } },
          snapshot: { ignore: ['$.structuredContent["generated at"]'] },
        },
      },
      {
        name: 'search (2)',
        tool: 'create_basket',
        needs: 'writes',
        arguments: {},
        expect: {
          outcome: 'ok',
          structuredContent: { '$.basket_id': { type: 'string' }, '$.expires_at': { type: 'string' } },
          snapshot: { ignore: ['$.content[0].text', '$.structuredContent.expires_at'] },
        },
      },
      {
        name: 'gone',
        tool: 'delete_basket',
        needs: 'destructive',
        arguments: { basket_id: 'bsk_x' },
        expect: { outcome: 'tool-error', snapshot: true },
      },
      { name: 'unknown', tool: 'not_listed', arguments: {}, expect: { outcome: 'ok', snapshot: true } },
    ]);
  });
});
