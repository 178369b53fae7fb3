import { describe, expect, it } from 'vitest';
import { encodeParamValue, paramHeadersFor, scanParamHeaders } from './paramHeaders.ts';

const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('x-mcp-header declarations', () => {
  it('finds declarations at any depth of properties', () => {
    const scan = scanParamHeaders(
      schema({ a: { type: 'string', 'x-mcp-header': 'A' }, o: schema({ b: { type: 'boolean', 'x-mcp-header': 'B' } }) }),
    );
    expect(scan).toEqual({
      valid: true,
      headers: [
        { path: ['a'], name: 'A' },
        { path: ['o', 'b'], name: 'B' },
      ],
    });
    expect(scanParamHeaders(schema({ q: { type: 'string' } }))).toEqual({ valid: true, headers: [] });
  });

  it.each([
    ['empty name', schema({ a: { type: 'string', 'x-mcp-header': '' } }), /non-empty string/],
    ['a space', schema({ a: { type: 'string', 'x-mcp-header': 'My Header' } }), /not a valid HTTP header name/],
    ['a colon', schema({ a: { type: 'string', 'x-mcp-header': 'A:B' } }), /not a valid HTTP header name/],
    ['non-ASCII', schema({ a: { type: 'string', 'x-mcp-header': 'Régión' } }), /not a valid HTTP header name/],
    ['an object', schema({ a: { type: 'object', 'x-mcp-header': 'A' } }), /string, integer or boolean/],
    ['a number', schema({ a: { type: 'number', 'x-mcp-header': 'A' } }), /string, integer or boolean/],
    ['no type', schema({ a: { 'x-mcp-header': 'A' } }), /not an untyped one/],
    [
      'a case-insensitive duplicate',
      schema({ a: { type: 'string', 'x-mcp-header': 'Id' }, b: { type: 'string', 'x-mcp-header': 'ID' } }),
      /declared twice/,
    ],
    ['under items', schema({ list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } }), /through "properties" alone/],
    ['under anyOf', { type: 'object', anyOf: [schema({ a: { type: 'string', 'x-mcp-header': 'A' } })] }, /through "properties" alone/],
    ['under $defs', { type: 'object', $defs: { X: { type: 'string', 'x-mcp-header': 'A' } } }, /through "properties" alone/],
  ])('refuses %s', (_name, inputSchema, reason) => {
    const scan = scanParamHeaders(inputSchema);
    expect(scan.valid).toBe(false);
    if (!scan.valid) expect(scan.reason).toMatch(reason);
  });
});

describe('Mcp-Param values', () => {
  it('sends printable ASCII as is and everything else as Base64 of its UTF-8', () => {
    expect(encodeParamValue('us-west 2')).toBe('us-west 2');
    for (const text of ['', ' lead', 'trail ', 'tab\there', 'line\r\nbreak', 'Zürich', '=?base64?abc?=']) {
      expect(encodeParamValue(text)).toBe(`=?base64?${Buffer.from(text).toString('base64')}?=`);
    }
  });

  it('mirrors strings, integers and booleans; leaves out absent, null and non-primitive values', () => {
    const headers = [
      { path: ['r'], name: 'Region' },
      { path: ['n'], name: 'N' },
      { path: ['v'], name: 'Verbose' },
      { path: ['gone'], name: 'Gone' },
      { path: ['nil'], name: 'Nil' },
      { path: ['deep', 'x'], name: 'X' },
    ];
    expect(paramHeadersFor(headers, { r: 'eu', n: 42, v: false, nil: null, deep: { x: 'y' } })).toEqual({
      'Mcp-Param-Region': 'eu',
      'Mcp-Param-N': '42',
      'Mcp-Param-Verbose': 'false',
      'Mcp-Param-X': 'y',
    });
    expect(paramHeadersFor(headers, { n: 2 ** 60, r: { not: 'primitive' } })).toEqual({});
  });
});
