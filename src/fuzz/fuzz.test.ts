import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAgainst } from '../schema/validate.ts';
import { judgeCall, leakIn } from './fuzzRules.ts';
import { argumentsArbitrary, mutate, LONG_STRING } from './schemaArbitrary.ts';
import { fuzzTool } from './fuzzer.ts';

const SCHEMAS: Record<string, unknown> = {
  strings: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 12 },
      email: { type: 'string', format: 'email' },
      id: { type: 'string', pattern: '^prd_[a-z]{3}_\\d{3}$' },
      when: { type: 'string', format: 'date-time' },
      kind: { enum: ['a', 'b'] },
    },
    required: ['name', 'id'],
    additionalProperties: false,
  },
  numbers: {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 1, maximum: 50 },
      ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      step: { type: 'number', multipleOf: 0.5 },
      maybe: { type: ['integer', 'null'] },
    },
    required: ['count'],
  },
  nested: {
    type: 'object',
    $defs: {
      line: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } }, required: ['sku', 'qty'] },
    },
    properties: {
      lines: { type: 'array', items: { $ref: '#/$defs/line' }, minItems: 1, maxItems: 3 },
      tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      mode: { oneOf: [{ const: 'fast' }, { type: 'object', properties: { level: { type: 'integer' } } }] },
    },
    required: ['lines'],
  },
};

describe('arguments from a schema', () => {
  it('are nearly always valid for real shapes (the fuzzer skips the rest) and reproducible by seed', () => {
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const made = fc.sample(argumentsArbitrary(schema), { seed: 1, numRuns: 300 });
      const valid = made.filter((args) => validateAgainst(schema, args).status !== 'invalid').length;
      expect(valid / made.length, name).toBeGreaterThan(0.9);
      expect(fc.sample(argumentsArbitrary(schema), { seed: 1, numRuns: 300 })).toEqual(made);
    }
  });

  it('weigh the edges up: empty, very long, combining and right-to-left text, the bounds', () => {
    const texts = fc
      .sample(argumentsArbitrary({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }), { seed: 3, numRuns: 400 })
      .map((args) => String(args.q));
    expect(texts).toContain('');
    expect(texts.some((text) => text.length >= LONG_STRING)).toBe(true);
    expect(texts).toContain('e\u0301\u0301');
    expect(texts).toContain('\u202Eabc\u202C');
    const counts = fc.sample(argumentsArbitrary(SCHEMAS.numbers), { seed: 3, numRuns: 400 }).map((args) => args.count);
    expect(counts).toContain(1);
    expect(counts).toContain(50);
  });

  it('a mutation breaks the schema: a required field left out, a wrong type, an extra property, out of range', () => {
    const base = { name: 'ok', id: 'prd_abc_001' };
    const broken = Array.from({ length: 12 }, (_, pick) => mutate(base, SCHEMAS.strings, pick)).filter((made) => made !== undefined);
    expect(new Set(broken.map((made) => made.mutation))).toEqual(
      new Set(['missing-required', 'wrong-type', 'extra-property', 'out-of-range']),
    );
    for (const made of broken) expect(validateAgainst(SCHEMAS.strings, made.args).status, made.what).toBe('invalid');
  });
});

describe('the rules', () => {
  it('judge valid and invalid inputs apart', () => {
    expect(judgeCall(true, { kind: 'protocol-error', code: -32603, message: 'Internal error' })?.rule).toBe('error-on-valid');
    expect(judgeCall(true, { kind: 'ok', text: 'x', outputProblem: '/value must be >= 0' })?.rule).toBe('output-schema');
    expect(judgeCall(true, { kind: 'tool-error', text: 'No such basket.' })).toBeUndefined();
    expect(judgeCall(false, { kind: 'ok', text: 'created' })?.rule).toBe('accepted-invalid');
    expect(judgeCall(false, { kind: 'protocol-error', code: -32603, message: 'boom' })?.rule).toBe('invalid-as-internal-error');
    expect(judgeCall(false, { kind: 'protocol-error', code: -32602, message: 'Invalid params' })).toBeUndefined();
    expect(judgeCall(false, { kind: 'tool-error', text: 'name is required' })).toBeUndefined();
    expect(judgeCall(true, { kind: 'hang', message: 'no answer within 1 s' })?.rule).toBe('hang');
  });

  it('see a stack trace, and not ordinary text or a path alone', () => {
    expect(leakIn('Error: x\n    at open (/srv/app/server.js:41:7)')).toMatch(/JavaScript stack trace/);
    expect(leakIn('Traceback (most recent call last):\n  File "x.py"')).toMatch(/Python traceback/);
    expect(leakIn('panic: boom\n\ngoroutine 1 [running]:\nmain.main()')).toMatch(/Go panic/);
    // A path alone is a file server's domain, not a leak (server-filesystem names the folder it serves).
    expect(leakIn('Access denied - path outside allowed directories: /tmp/work/x not in /tmp/work')).toBeUndefined();
    expect(leakIn('No basket with id bsk_1 exists; see https://shop.example/docs/baskets')).toBeUndefined();
    expect(leakIn('Use the /help command or read the docs at /docs')).toBeUndefined();
  });
});

describe('a fuzz run', () => {
  const tool = { name: 't', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } };
  const valid = (args: Record<string, unknown>) => Number.isInteger(args.n);

  it('shrinks a finding to the smallest input that still breaks its rule, the same by seed', async () => {
    const run = () =>
      fuzzTool({
        tool,
        call: (args) =>
          Promise.resolve(Number(args.n) > 1000 ? { kind: 'protocol-error', code: -32603, message: 'boom' } : { kind: 'ok', text: 'ok' }),
        valid,
        runs: 100,
        seed: 9,
        invalid: false,
        deadline: Date.now() + 60_000,
      });
    const first = await run();
    expect(first.findings.map((finding) => [finding.rule, finding.args])).toEqual([['error-on-valid', { n: 1001 }]]);
    expect((await run()).findings).toEqual(first.findings);
  });

  it('keeps a crash as first seen when the server cannot be started again (every later call fails alike)', async () => {
    let down = false;
    const result = await fuzzTool({
      tool,
      call: (args) => {
        if (Number(args.n) > 1e9) down = true;
        return Promise.resolve(down ? { kind: 'crash', message: 'gone' } : { kind: 'ok', text: 'ok' });
      },
      valid,
      runs: 100,
      seed: 4,
      invalid: false,
      deadline: Date.now() + 60_000,
    });
    expect(result.findings).toHaveLength(1);
    expect(Number(result.findings[0]?.args.n)).toBeGreaterThan(1e9);
    expect(result.findings[0]?.shrinks).toBe(0);
    expect(result.ended).toBe('the server stopped (a crash ends a tool’s run)');
  });

  it('says when no input can be made from the schema', async () => {
    const result = await fuzzTool({
      tool,
      call: () => Promise.resolve({ kind: 'ok', text: '' }),
      valid: () => false,
      runs: 10,
      seed: 1,
      invalid: false,
      deadline: Date.now() + 10_000,
    });
    expect(result).toMatchObject({ calls: 0, findings: [], ended: 'no valid input could be made from its schema' });
  });
});
