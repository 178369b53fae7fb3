import { describe, expect, it } from 'vitest';
import { judge } from './expectations.ts';
import { fill } from './runSuite.ts';
import { unattendedNeeds } from '../../src/mcp/callGate.ts';
import { parseSuite } from './suiteFile.ts';
import { differences, IGNORED, snapshotOf } from './snapshots.ts';
import { UsageError } from '../cli/cliOptions.ts';

const observed = (structuredContent: unknown, outcome = 'ok', ms = 5) => ({ outcome, ms, result: { content: [], structuredContent } });

describe('a test’s expectations', () => {
  it('each matcher, and a literal compared deeply (key order aside)', () => {
    const value = { lines: [{ id: 'prd_cab_001', n: 2 }], total: 25.8, tags: ['a', 'b'], name: 'USB-C cable', none: null };
    expect(
      judge(observed(value), {
        structuredContent: {
          '$.lines': { length: 1 },
          '$.lines[0]': { equals: { n: 2, id: 'prd_cab_001' } },
          '$.lines[0].id': { matches: '^prd_cab', type: 'string' },
          '$.total': { gte: 20, lte: 30, type: 'number' },
          '$.tags': { contains: 'b' },
          '$.name': { contains: 'USB' },
          '$.none': null,
          '$.missing': { exists: false },
          '$.tags[*]': { type: 'string' },
        },
      }),
    ).toEqual([]);
    expect(
      judge(observed(value, 'tool-error', 30), {
        maxMs: 10,
        structuredContent: { '$.total': { lte: 10 }, '$.missing': 1, '$.tags': ['b', 'a'], '$.lines[0].n': { type: 'string' } },
      }),
    ).toEqual([
      { path: 'outcome', expected: 'ok', actual: 'tool-error' },
      { path: 'ms', expected: 'at most 10 ms', actual: '30 ms' },
      { path: '$.total', expected: 'a number ≤ 10', actual: '25.8' },
      { path: '$.missing', expected: 'equals 1', actual: 'no value at this path' },
      { path: '$.tags', expected: '["b","a"]', actual: '["a","b"]' },
      { path: '$.lines[0].n', expected: 'a string', actual: 'an integer: 2' },
    ]);
  });

  it('a schema the structuredContent must meet', () => {
    expect(judge(observed({ lines: [] }), { schema: { type: 'object', required: ['total'] } })).toEqual([
      { path: 'schema', expected: 'structuredContent that meets the schema', actual: "(root) must have required property 'total'" },
    ]);
  });

  it('fills ${name} from saved values: whole (any type) or inside a string; names what is missing', () => {
    const saved = new Map<string, unknown>([
      ['basket', 'bsk_1'],
      ['n', 2],
    ]);
    const missing = new Set<string>();
    expect(fill({ id: '${basket}', q: '${n}', note: 'for ${basket} ×${n}', deep: ['${nope}'] }, saved, missing)).toEqual({
      id: 'bsk_1',
      q: 2,
      note: 'for bsk_1 ×2',
      deep: [undefined],
    });
    expect([...missing]).toEqual(['nope']);
  });

  it('the gate reads the hints as the page does', () => {
    const tool = (annotations: Record<string, boolean>, name = 'x') => ({ name, annotations });
    expect(unattendedNeeds(tool({ readOnlyHint: true }))).toBe('nothing');
    expect(unattendedNeeds(tool({ readOnlyHint: true }, 'wipe_database'))).toBe('destructive');
    expect(unattendedNeeds(tool({ readOnlyHint: false, destructiveHint: false }))).toBe('writes');
    expect(unattendedNeeds(tool({}))).toBe('destructive');
  });
});

describe('a suite file', () => {
  const refusal = (text: string, file = 's.json') => {
    try {
      parseSuite(text, file);
    } catch (error) {
      if (error instanceof UsageError) return error.message;
      throw error;
    }
    throw new Error('not refused');
  };

  it('is checked before anything runs: an unknown key, a bad outcome word, a JSONPath that does not parse', () => {
    expect(refusal('{"tests":[{"name":"a","tool":"t","expect":{"outcom":"ok"}}]}')).toBe(
      's.json: tests.0.expect has an unknown key "outcom" (the suite\'s schema: schemas/toolscope-suite.schema.json).',
    );
    expect(refusal('{"tests":[{"name":"a","tool":"t","expect":{"outcome":"fine"}}]}')).toMatch(
      /^s\.json: tests\.0\.expect\.outcome must be equal to one of the allowed values/,
    );
    expect(refusal('{"tests":[{"name":"a","tool":"t","save":{"x":"$.a["}}]}')).toMatch(
      /^s\.json: tests\.0 \(a\): \$\.a\[ is not a JSONPath \(RFC 9535\)/,
    );
    expect(refusal('not json')).toMatch(/^s\.json: not JSON/);
    expect(refusal('{"tests":[]}')).toMatch(/tests must NOT have fewer than 1 items/);
  });

  it('may be YAML (by its name): the same suite, the same checks; a key twice, an alias bomb, a deep nest refused', () => {
    const yaml = [
      'tests:',
      '  - name: a basket',
      '    tool: create_basket',
      '    expect: { outcome: ok }',
      '    save: { basket: $.structuredContent.basket_id }',
      '  - name: add',
      '    tool: add_item',
      '    arguments: { basket_id: "${basket}", quantity: 2 }',
      '    expect:',
      '      structuredContent:',
      '        "$.lines": { length: 1 }',
    ].join('\n');
    expect(parseSuite(yaml, 's.yaml')).toEqual({
      tests: [
        { name: 'a basket', tool: 'create_basket', expect: { outcome: 'ok' }, save: { basket: '$.structuredContent.basket_id' } },
        {
          name: 'add',
          tool: 'add_item',
          arguments: { basket_id: '${basket}', quantity: 2 },
          expect: { structuredContent: { '$.lines': { length: 1 } } },
        },
      ],
    });
    expect(refusal('tests:\n  - name: a\n    tool: t\n    expect: { outcom: ok }\n', 's.yml')).toBe(
      's.yml: tests.0.expect has an unknown key "outcom" (the suite\'s schema: schemas/toolscope-suite.schema.json).',
    );
    expect(refusal('tests:\n  - name: a\n    name: b\n    tool: t\n', 's.yaml')).toMatch(/^s\.yaml: not YAML \(.*Map keys must be unique/);
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 9 }, (_, i) => `${'bcdefghij'[i]}: &${'bcdefghij'[i]} [${Array(10).fill(`*${'abcdefghi'[i]}`).join(', ')}]`),
      'tests: []',
    ].join('\n');
    expect(refusal(bomb, 's.yaml')).toMatch(/^s\.yaml: not YAML \(.*(alias|Alias)/);
    expect(refusal(`${'['.repeat(5000)}${']'.repeat(5000)}`, 's.json')).toBe(
      's.json: nests more than 1000 levels deep; a suite is a list of calls.',
    );
  });
});

describe('a snapshot', () => {
  it('leaves _meta out at every depth and marks what ignore selects', () => {
    const result = {
      _meta: { t: 1 },
      content: [{ type: 'text', text: 'x', _meta: { a: 1 } }],
      structuredContent: { id: 'b1', "it's": [1, 2], n: 3 },
    };
    expect(snapshotOf(result, ['$.structuredContent.id', "$.structuredContent['it\\'s'][1]"])).toEqual({
      content: [{ type: 'text', text: 'x' }],
      structuredContent: { id: IGNORED, "it's": [1, IGNORED], n: 3 },
    });
  });

  it('names each path that differs, expected and actual', () => {
    expect(differences({ a: [1, 2], b: { c: 'x' } }, { a: [1, 3], b: { c: 'x', d: true } })).toEqual([
      { path: 'snapshot $.a[1]', expected: '2', actual: '3' },
      { path: 'snapshot $.b.d', expected: 'nothing', actual: 'true' },
    ]);
  });
});
