import { describe, expect, it } from 'vitest';
import { implicatedArguments, textRepeatsStructured, unhelpfulErrorFinding } from './resultFindings.ts';
import { parseCallResult } from './results.ts';

const errorWith = (text: string) => parseCallResult({ isError: true, content: [{ type: 'text', text }] });

describe('unhelpfulErrorFinding', () => {
  it('flags bare errors and stack traces, not actionable messages', () => {
    expect(unhelpfulErrorFinding(errorWith('Error'))).toContain('names no constraint');
    expect(unhelpfulErrorFinding(errorWith('Error 500'))).toContain('names no constraint');
    expect(unhelpfulErrorFinding(errorWith('TypeError: x is undefined\n    at run (server.js:10:5)'))).toContain('stack trace');
    expect(unhelpfulErrorFinding(parseCallResult({ isError: true, content: [] }))).toContain('no text');
    expect(unhelpfulErrorFinding(errorWith('limit must be between 1 and 50, you sent 200'))).toBeUndefined();
    expect(unhelpfulErrorFinding(parseCallResult({ content: [{ type: 'text', text: 'Error' }] }))).toBeUndefined();
  });
});

describe('textRepeatsStructured', () => {
  it('finds text blocks that only repeat the structured JSON', () => {
    const result = parseCallResult({
      content: [
        { type: 'text', text: '{"b":[1,2],"a":1}' },
        { type: 'text', text: 'Found 1' },
      ],
      structuredContent: { a: 1, b: [1, 2] },
    });
    expect([...textRepeatsStructured(result)]).toEqual([0]);
  });
});

describe('implicatedArguments', () => {
  it('reads argument names from -32602 messages and Ajv errors', () => {
    expect(implicatedArguments('Invalid arguments for tool search_catalog: /limit must be <= 50', undefined)).toEqual(['limit']);
    expect(implicatedArguments('Invalid input: expected number, received string at a', undefined)).toEqual(['a']);
    expect(implicatedArguments('bad', { errors: [{ instancePath: '/query' }, { instancePath: '/items/0/id' }] })).toEqual([
      'query',
      'items',
    ]);
  });
});
