import { describe, expect, it } from 'vitest';
import { applyFormValue, applyJsonText, cleanArguments, emptyDraft, jsonProblem } from './argumentsDraft.ts';
import { schemaDialect } from './dialect.ts';
import { validateAgainst } from './validate.ts';

describe('argument drafts', () => {
  it('never sends untouched (undefined) optional fields', () => {
    expect(cleanArguments({ query: 'usb', limit: undefined, nested: { a: undefined, b: 1 } })).toEqual({ query: 'usb', nested: { b: 1 } });
  });

  it('keeps unparseable JSON as typed and does not overwrite the value', () => {
    const draft = applyFormValue(emptyDraft(), { query: 'usb' });
    const broken = applyJsonText(draft, '{"query": "us');
    expect(broken.jsonText).toBe('{"query": "us');
    expect(broken.jsonError).toBeTruthy();
    expect(broken.value).toEqual({ query: 'usb' });
    const fixed = applyJsonText(broken, '{"query": "usb-c"}');
    expect(fixed).toMatchObject({ value: { query: 'usb-c' }, jsonError: undefined });
    expect(applyJsonText(fixed, '[1]').jsonError).toContain('JSON object');
  });

  it('says where JSON does not parse, whichever way the browser words it', () => {
    const text = '{\n  "query": "usb cable",\n  "limit": 5,\n}';
    expect(applyJsonText(emptyDraft(), text).jsonError).toBe('Not JSON: line 4, col 1 — expected double-quoted property name');
    // Older V8, Firefox and an early end, worded as those engines word them.
    expect(jsonProblem(text, new SyntaxError('Unexpected token } in JSON at position 40'))).toBe(
      'Not JSON: line 4, col 1 — unexpected token }',
    );
    expect(jsonProblem(text, new SyntaxError('JSON.parse: expected double-quoted property name at line 4 column 1 of the JSON data'))).toBe(
      'Not JSON: line 4, col 1 — expected double-quoted property name',
    );
    expect(jsonProblem('{"a":', new SyntaxError('Unexpected end of JSON input'))).toBe(
      'Not JSON: line 1, col 6 — unexpected end of JSON input',
    );
    expect(jsonProblem('{', new SyntaxError('JSON Parse error: Expected }'))).toBe('Not JSON — JSON Parse error: Expected }');
  });

  it('keeps typed JSON verbatim, escapes, spacing and number spelling included (no re-escaping)', () => {
    const typed = '{"name":   "a \\"quoted\\" \\u00e9 \\\\ path", "share": 0.50, "big": 1e3}';
    const draft = applyJsonText(emptyDraft(), typed);
    expect(draft.jsonText).toBe(typed);
    expect(draft.value).toEqual({ name: 'a "quoted" é \\ path', share: 0.5, big: 1000 });
    // Typing one character at a time never rewrites what is already there.
    let step = emptyDraft();
    for (let end = 1; end <= typed.length; end++) {
      step = applyJsonText(step, typed.slice(0, end));
      expect(step.jsonText).toBe(typed.slice(0, end));
    }
    expect(step.value).toEqual(draft.value);
  });

  it('an optional field the user emptied is left out, not sent as null or re-filled', () => {
    const seeded = applyFormValue(emptyDraft(), { speed: 'standard', note: 'hi' });
    const cleared = applyFormValue(seeded, { speed: undefined, note: 'hi' });
    expect(cleared.value).toEqual({ note: 'hi' });
    expect(JSON.parse(cleared.jsonText)).toEqual({ note: 'hi' });
    expect(cleared.seeded).toBe(true); // seeding (defaults) happens once, never again
  });
});

describe('schema validation by dialect', () => {
  it('detects draft-07 from $schema and defaults to 2020-12', () => {
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('draft-07');
    expect(schemaDialect({ type: 'object' })).toBe('2020-12');
  });

  it('reports path-level issues instead of throwing', () => {
    const schema = { type: 'object', properties: { price: { type: 'number' } }, required: ['price'], additionalProperties: false };
    expect(validateAgainst(schema, { price: 1 })).toEqual({ status: 'valid' });
    expect(validateAgainst(schema, { price: '1', extra: true })).toEqual({
      status: 'invalid',
      issues: [
        { path: '(root)', message: 'has unexpected property "extra"' },
        { path: '/price', message: 'must be number, got string' },
      ],
    });
    expect(
      validateAgainst({ type: 'object', properties: { when: { type: 'string', format: 'date-time' } } }, { when: 'yesterday' }).status,
    ).toBe('invalid');
    expect(validateAgainst({ type: 'nonsense' }, {}).status).toBe('unusable-schema');
    expect(validateAgainst(null, {}).status).toBe('unusable-schema');
  });

  it('uses prefixItems in 2020-12 and items arrays in draft-07', () => {
    expect(validateAgainst({ type: 'array', prefixItems: [{ type: 'string' }] }, [1]).status).toBe('invalid');
    expect(
      validateAgainst({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: [{ type: 'string' }] }, [1]).status,
    ).toBe('invalid');
  });
});

describe('prototype keys', () => {
  it('does not mistake inherited members for arguments', () => {
    const schema = JSON.parse('{"type":"object","properties":{"constructor":{"type":"object"},"__proto__":{"type":"object"}}}');
    expect(validateAgainst(schema, {})).toEqual({ status: 'valid' });
    expect(validateAgainst(schema, JSON.parse('{"__proto__":{"polluted":true}}'))).toEqual({ status: 'valid' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
