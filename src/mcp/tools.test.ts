import { describe, expect, it } from 'vitest';
import { cacheHintFindings, MAX_TTL_MS, parseTool, parseToolsPage, type McpTool } from './tools.ts';
import { createPageMerger, mergePages } from './pageMerge.ts';
import { displayName, hintViews, toolMatches } from './toolHints.ts';

const tool = (overrides: Partial<McpTool>): McpTool => ({
  name: 'x',
  icons: [],
  inputSchema: { type: 'object' },
  annotations: {},
  findings: [],
  ...overrides,
});

describe('displayName', () => {
  it('prefers title, then annotations.title, then name', () => {
    expect(displayName(tool({ name: 'n', title: 'T', annotations: { title: 'A' } }))).toBe('T');
    expect(displayName(tool({ name: 'n', annotations: { title: 'A' } }))).toBe('A');
    expect(displayName(tool({ name: 'n', title: '   ' }))).toBe('n');
  });
});

describe('hintViews', () => {
  it('marks every absent hint as the spec default', () => {
    const views = hintViews({});
    expect(views.map(({ key, value, isDefault, applicable }) => [key, value, isDefault, applicable])).toEqual([
      ['readOnlyHint', false, true, true],
      ['destructiveHint', true, true, true],
      ['idempotentHint', false, true, true],
      ['openWorldHint', true, true, true],
    ]);
  });

  it('treats destructive and idempotent as not applicable to a read-only tool', () => {
    const views = hintViews({ readOnlyHint: true, destructiveHint: true });
    expect(views.find((view) => view.key === 'destructiveHint')).toMatchObject({ value: true, isDefault: false, applicable: false });
    expect(views.find((view) => view.key === 'idempotentHint')?.applicable).toBe(false);
  });

  it('keeps explicit false values as set by the server', () => {
    expect(hintViews({ openWorldHint: false }).find((view) => view.key === 'openWorldHint')).toMatchObject({
      value: false,
      isDefault: false,
    });
  });
});

describe('parseToolsPage', () => {
  it('keeps good tools and turns malformed entries into findings', () => {
    const page = parseToolsPage({
      tools: [
        { name: 'ok', inputSchema: { type: 'object' }, description: 'fine' },
        42,
        { description: 'nameless' },
        { name: 'bad name!', inputSchema: null },
      ],
      nextCursor: '',
      ttlMs: 5000,
      cacheScope: 'public',
    });
    expect(page.tools.map((entry) => entry.name)).toEqual(['ok', 'bad name!']);
    expect(page.findings).toEqual(['Entry 2 of the page is not an object; skipped.', 'Entry 3 has no name; skipped.']);
    expect(page.tools[1]?.findings).toHaveLength(3);
    expect(page.nextCursor).toBe('');
    expect(page.ttlMs).toBe(5000);
    expect(page.cacheScope).toBe('public');
  });

  it('treats a missing or negative ttlMs as 0 and ignores prototype keys', () => {
    const page = parseToolsPage(
      JSON.parse('{"tools":[{"name":"t","inputSchema":{},"annotations":{"__proto__":{"readOnlyHint":true}}}],"ttlMs":-5}'),
    );
    expect(page.ttlMs).toBe(0);
    expect(page.tools[0]?.annotations.readOnlyHint).toBeUndefined();
    expect(({} as Record<string, unknown>).readOnlyHint).toBeUndefined();
  });

  it('reports a result without a tools array', () => {
    expect(parseToolsPage({}).findings).toEqual(['tools/list result has no "tools" array.']);
    expect(parseToolsPage(null).tools).toEqual([]);
  });
});

describe('mergePages', () => {
  it('keeps the first definition of a repeated name and reports the copy', () => {
    const page = (names: string[], findings: string[] = []) => ({ tools: names.map((name) => tool({ name })), ttlMs: 0, findings });
    const merged = mergePages([page(['a', 'b']), page(['c', 'a'], ['Entry 3 has no name; skipped.'])]);
    expect(merged.tools.map((entry) => entry.name)).toEqual(['a', 'b', 'c']);
    expect(merged.findings).toEqual([
      'Page 2: Entry 3 has no name; skipped.',
      'Page 2: the name "a" was already used on page 1; tool names must be unique, so this copy is hidden.',
    ]);
  });
});

describe('createPageMerger', () => {
  it('processes only new pages and starts over when earlier pages change', () => {
    const page = (names: string[]) => ({ tools: names.map((name) => tool({ name })), ttlMs: 0, findings: [] });
    const merge = createPageMerger();
    const first = page(['a']);
    expect(merge([first]).tools.map((entry) => entry.name)).toEqual(['a']);
    const grown = merge([first, page(['b', 'a'])]);
    expect(grown.tools.map((entry) => entry.name)).toEqual(['a', 'b']);
    expect(grown.findings).toHaveLength(1);
    expect(merge([page(['z'])]).tools.map((entry) => entry.name)).toEqual(['z']);
  });
});

describe('toolMatches', () => {
  it('searches name, title, annotation title and description, case-insensitively', () => {
    const subject = tool({ name: 'get_basket', title: 'Get basket', annotations: { title: 'Cart' }, description: 'Returns the lines' });
    expect(toolMatches(subject, 'BASKET')).toBe(true);
    expect(toolMatches(subject, 'cart')).toBe(true);
    expect(toolMatches(subject, 'lines')).toBe(true);
    expect(toolMatches(subject, 'zebra')).toBe(false);
    expect(toolMatches(subject, '  ')).toBe(true);
  });
});

describe('malformed tool fields become findings, the tool stays', () => {
  it('names icons it drops or doubts, by index and reason', () => {
    const tool = parseTool(
      {
        name: 'iconic',
        description: 'Has icons.',
        inputSchema: { type: 'object' },
        icons: [
          { src: 'https://example.com/a.png', theme: 'sepia' },
          { theme: 'dark' },
          { src: 'https://example.com/b', mimeType: 'text/html' },
          7,
        ],
      },
      0,
    );
    if (typeof tool === 'string') throw new Error(tool);
    expect(tool.findings).toEqual([
      'icons[0].theme: "sepia" — the 2026 schema allows "light" or "dark".',
      'icons[1] has no src: dropped.',
      'icons[2].mimeType: "text/html" is not an image type.',
      'icons[3] is not an object: dropped.',
    ]);
  });

  it('a well-formed tool has no findings', () => {
    const tool = parseTool(
      {
        name: 'fine',
        description: 'Fine.',
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        icons: [{ src: 'https://example.com/a.png', mimeType: 'image/png', theme: 'light' }],
      },
      0,
    );
    expect(typeof tool !== 'string' && tool.findings).toEqual([]);
  });

  it('a description of nothing but whitespace is none (what trim() would leave)', () => {
    const findingsOf = (description?: string) => {
      const parsed = parseTool({ name: 'd', description, inputSchema: { type: 'object' } }, 0);
      return typeof parsed === 'string' ? [parsed] : parsed.findings;
    };
    for (const blank of [undefined, '', '   ', '\n\t', '\u00a0\u2003\u3000', '\uFEFF'])
      expect(findingsOf(blank), JSON.stringify(blank)).toEqual([expect.stringMatching(/^No description/)]);
    for (const text of ['x', '  Looks up a record.  ', '\u200Bx']) expect(findingsOf(text), JSON.stringify(text)).toEqual([]);
  });

  it('only a tool with _meta carries an app or a visibility; the others have neither key', () => {
    const plain = parseTool({ name: 'p', description: 'P.', inputSchema: { type: 'object' } }, 0);
    expect(typeof plain !== 'string' && ['app', 'visibility', 'visibilityProblem'].filter((key) => key in plain)).toEqual([]);
    const appOnly = parseTool(
      { name: 'a', description: 'A.', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://a', visibility: ['app'] } } },
      0,
    );
    expect(typeof appOnly !== 'string' && { app: appOnly.app?.resourceUri, visibility: appOnly.visibility }).toEqual({
      app: 'ui://a',
      visibility: ['app'],
    });
    const odd = parseTool({ name: 'o', description: 'O.', inputSchema: { type: 'object' }, _meta: { ui: { visibility: 'app' } } }, 0);
    expect(typeof odd !== 'string' && odd.visibilityProblem).toMatch(/must be a non-empty array/);
  });
});

describe('cacheHintFindings', () => {
  it('names a missing or out-of-range ttlMs and cacheScope, and nothing when both are right', () => {
    expect(cacheHintFindings({ ttlMs: 60_000, cacheScope: 'public' })).toEqual([]);
    expect(cacheHintFindings({ ttlMs: 0, cacheScope: 'private' })).toEqual([]);
    expect(cacheHintFindings({})).toEqual([expect.stringContaining('ttlMs is missing'), expect.stringContaining('cacheScope is missing')]);
    expect(cacheHintFindings({ ttlMs: -5, cacheScope: 'shared' })).toEqual([
      'ttlMs is -5: it must be an integer ≥ 0. Not cached.',
      'cacheScope is "shared": only "public" or "private". Treated as private.',
    ]);
    expect(cacheHintFindings({ ttlMs: 1.5, cacheScope: 'public' })).toEqual([expect.stringContaining('ttlMs is 1.5')]);
  });
});

describe('ttlMs', () => {
  it('is capped at 24 h and reads a negative or missing one as 0', () => {
    expect(parseToolsPage({ tools: [], ttlMs: 1e15 }).ttlMs).toBe(MAX_TTL_MS);
    expect(parseToolsPage({ tools: [], ttlMs: -1 }).ttlMs).toBe(0);
    expect(parseToolsPage({ tools: [] }).ttlMs).toBe(0);
  });
});
