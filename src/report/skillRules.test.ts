import { describe, expect, it } from 'vitest';
import type { McpTool } from '../mcp/tools.ts';
import { namedTools, shownCalls, skillFindings, type SkillEntry, type SkillsInput } from './skillRules.ts';
import { outputValidator } from './callRules.ts';
import { validateAgainst } from '../schema/validate.ts';

const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = []) =>
  ({ name, annotations: {}, inputSchema: { type: 'object', properties, required } }) as unknown as McpTool;

const TOOLS = [
  tool('search_catalog', { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50 } }, ['query']),
  tool('add_item', { basket_id: { type: 'string', pattern: '^bsk_' }, product_id: { type: 'string' } }, ['basket_id', 'product_id']),
];

const deps = {
  validateOutput: outputValidator(validateAgainst),
  tokenizer: { name: 'words', count: (text: string) => text.split(/\s+/).length },
};

const entry = (name: string, extra: Partial<SkillEntry> = {}): SkillEntry => ({
  uri: `skill://${name}/SKILL.md`,
  frontmatter: { name, description: `About ${name}` },
  resources: [{ uri: `skill://${name}/SKILL.md`, digest: `sha256:${'a'.repeat(64)}`, size: 10 }],
  ...extra,
});

const input = (parts: Partial<SkillsInput>): SkillsInput => ({ skills: [], invalid: [], files: [], ...parts });
const rules = (found: ReturnType<typeof skillFindings>) => found.map((finding) => finding.rule);

describe('what a skill names and shows', () => {
  it('finds calls with their JSON arguments, and backticked tool-like words that are not parameters', () => {
    const text =
      'Use `search_catalog` with a `limit`, then `add_item`.\n\n    issue_refund({"order_id": "o1", "amount": "all"})\n\nSee `references/FORMS.md` and `basket_id`.';
    expect(shownCalls(text)).toEqual([{ tool: 'issue_refund', args: { order_id: 'o1', amount: 'all' } }]);
    expect(namedTools(text, new Set(['basket_id']))).toEqual(['issue_refund', 'search_catalog', 'add_item']);
  });

  it('leaves prose alone: plural "(s)", markdown links, plain words', () => {
    expect(namedTools('Returns name(s) — see [the notes](references/NOTES.md); use `limit` wisely.', new Set())).toEqual([]);
  });
});

describe('skill rules', () => {
  const manifest = (name: string, text: string) => ({
    skill: `skill://${name}/SKILL.md`,
    uri: `skill://${name}/SKILL.md`,
    ok: true as const,
    text,
  });

  it('skill-tool-missing: flags a skill that names a tool the server lacks; leaves one that names only its tools', () => {
    const found = skillFindings(
      input({
        skills: [entry('good'), entry('bad')],
        files: [manifest('good', 'Call `search_catalog` then `add_item`.'), manifest('bad', 'Then refund with `issue_refund`.')],
      }),
      TOOLS,
      deps,
    );
    const missing = found.filter((finding) => finding.rule === 'skill-tool-missing');
    expect(missing).toHaveLength(1);
    expect(missing[0]?.message).toContain('Skill bad');
    expect(missing[0]?.message).toContain('`issue_refund`');
  });

  it('skill-args-mismatch: flags an example call that breaks the schema; leaves a valid one, a placeholder value, and calls of unknown tools', () => {
    const found = skillFindings(
      input({
        skills: [entry('s')],
        files: [
          manifest(
            's',
            'search_catalog({"query": "usb", "limit": 5})\nsearch_catalog({"query": "usb", "limit": 500})\nissue_refund({"x": 1})\n' +
              'add_item({"basket_id": "<from create_basket>", "product_id": "p1"})',
          ),
        ],
      }),
      TOOLS,
      deps,
    );
    const mismatches = found.filter((finding) => finding.rule === 'skill-args-mismatch');
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]?.tool).toBe('search_catalog');
    expect(mismatches[0]?.message).toContain('"limit":500');
  });

  it('skill-token-cost: SKILL.md and what it loads, info below 5,000 tokens', () => {
    const found = skillFindings(
      input({ skills: [entry('s')], files: [manifest('s', 'one two three'), { ...manifest('s', 'four five'), uri: 'skill://s/r.md' }] }),
      TOOLS,
      deps,
    );
    const cost = found.find((finding) => finding.rule === 'skill-token-cost');
    expect(cost).toMatchObject({ severity: 'info' });
    expect(cost?.message).toContain('SKILL.md costs 3 tokens (words) when loaded, and its 1 other file 2 more');
  });

  it('read failures: digest, size, frontmatter and unreadable each their rule; a verified file none', () => {
    const failed = (reason: 'digest' | 'size' | 'frontmatter' | 'unreadable') => ({
      skill: 'skill://s/SKILL.md',
      uri: 'skill://s/references/R.md',
      ok: false as const,
      reason,
      message: `${reason} broke`,
    });
    const found = skillFindings(
      input({
        skills: [entry('s')],
        files: [manifest('s', 'fine'), failed('digest'), failed('size'), failed('frontmatter'), failed('unreadable')],
      }),
      TOOLS,
      deps,
    );
    expect(rules(found).filter((rule) => rule !== 'skill-token-cost')).toEqual([
      'skill-digest-mismatch',
      'skill-size-mismatch',
      'skill-frontmatter-mismatch',
      'skill-file-unreadable',
    ]);
    expect(found.every((finding) => finding.rule === 'skill-token-cost' || finding.severity === 'error')).toBe(true);
  });

  it('refused entries: each reason its rule (name ≠ directory, outside the root, digest format, frontmatter), else skill-entry-invalid', () => {
    const found = skillFindings(
      input({
        invalid: [
          { index: 0, uri: 'skill://a/SKILL.md', reason: 'frontmatter name "b" must match the last path segment "a"' },
          {
            index: 1,
            uri: 'skill://c/SKILL.md',
            reason:
              'resource "skill://d/x.md" is outside the skill directory skill://c/; resources.0.digest: Invalid string: must match pattern',
          },
          { index: 2, reason: 'frontmatter.description: Invalid input: expected string' },
          { index: 3, reason: 'the same uri is listed more than once' },
        ],
      }),
      TOOLS,
      deps,
    );
    expect(rules(found)).toEqual([
      'skill-name-directory',
      'skill-resource-outside',
      'skill-digest-format',
      'skill-frontmatter-required',
      'skill-entry-invalid',
    ]);
  });

  it('skill-duplicate-name and skill-too-large: flagged past the SHOULDs, a normal listing left alone', () => {
    const big = entry('big', {
      resources: Array.from({ length: 513 }, (_, index) => ({
        uri: `skill://big/f${index}.md`,
        digest: `sha256:${'b'.repeat(64)}`,
        size: 1,
      })),
    });
    const twin = { ...entry('twin'), uri: 'skill://other/twin/SKILL.md' };
    expect(rules(skillFindings(input({ skills: [entry('twin'), twin, big] }), TOOLS, deps))).toEqual([
      'skill-duplicate-name',
      'skill-too-large',
    ]);
    expect(skillFindings(input({ skills: [entry('a'), entry('b')] }), TOOLS, deps)).toEqual([]);
  });
});
