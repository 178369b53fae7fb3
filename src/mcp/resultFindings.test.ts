import { describe, expect, it } from 'vitest';
import { implicatedArguments, resultShapeFindings, textRepeatsStructured, unhelpfulErrorFinding } from './resultFindings.ts';
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

describe('resultShapeFindings', () => {
  const call = (raw: Record<string, unknown>) => ({ content: [], hasStructuredContent: false, isError: raw.isError === true, raw });

  it('names a non-boolean isError and annotations out of range, block by block', () => {
    const findings = resultShapeFindings(
      call({
        isError: 'true',
        content: [
          { type: 'text', text: 'a', annotations: { priority: 1.5 } },
          { type: 'text', text: 'b', annotations: { lastModified: '2026-07-28', audience: ['user', 'robot'] } },
          { type: 'text', text: 'c', annotations: { priority: 0.5, lastModified: '2026-07-28T12:00:00Z', audience: ['assistant'] } },
        ],
      }),
    );
    expect(findings).toEqual([
      expect.stringContaining('isError is "true", not a boolean'),
      expect.stringContaining('content[0].annotations.priority is 1.5'),
      expect.stringContaining('content[1].annotations.lastModified is "2026-07-28"'),
      expect.stringContaining('content[1].annotations.audience is ["user","robot"]'),
    ]);
  });

  it('finds nothing in a well-formed result', () => {
    expect(resultShapeFindings(call({ isError: false, content: [{ type: 'text', text: 'ok', annotations: { priority: 0 } }] }))).toEqual(
      [],
    );
  });
});
