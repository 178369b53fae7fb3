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

  it('reads the key only where a schema can declare it: in a value (a default, an example, an enum) it is data', () => {
    const inData = schema({
      q: { type: 'object', default: { 'x-mcp-header': 'A' }, examples: [{ 'x-mcp-header': 'B' }], enum: [[{ 'x-mcp-header': 'C' }]] },
    });
    expect(scanParamHeaders(inData)).toEqual({ valid: true, headers: [] });
    // … and next to a real declaration, only that one counts.
    const beside = schema({ a: { type: 'string', 'x-mcp-header': 'A', default: { 'x-mcp-header': 'B' } } });
    expect(scanParamHeaders(beside)).toEqual({ valid: true, headers: [{ path: ['a'], name: 'A' }] });
  });

  it('finds a declaration behind thousands of other nodes, and after a schema without any (no state kept between scans)', () => {
    const wide = schema(Object.fromEntries(Array.from({ length: 3000 }, (_, index) => [`p${index}`, { type: 'string' }])));
    expect(scanParamHeaders(wide)).toEqual({ valid: true, headers: [] });
    const last = schema({ ...wide.properties, z: { type: 'integer', 'x-mcp-header': 'Z' } });
    expect(scanParamHeaders(last)).toEqual({ valid: true, headers: [{ path: ['z'], name: 'Z' }] });
    expect(scanParamHeaders({ type: 'object', items: { 'x-mcp-header': 'A' } }).valid).toBe(false);
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
