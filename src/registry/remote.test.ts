import { describe, expect, it } from 'vitest';
import { fieldDefault, fixedHeaders, remoteFields, resolveRemote } from './remote.ts';
import type { Remote } from './serverJson.ts';

const remote: Remote = {
  type: 'streamable-http',
  url: 'https://{host}/t/{tenant}/mcp',
  variables: { host: { default: 'api.example.com' }, tenant: { description: 'Your workspace', choices: ['acme', 'globex'] } },
  headers: [
    { name: 'X-Api-Key', isSecret: true, isRequired: true, default: 'never-shown' },
    { name: 'Authorization', value: 'Bearer {token}', variables: { token: { isSecret: true, isRequired: true } } },
    { name: 'X-Client', value: 'toolscope' },
    { name: 'X-Trace', description: 'optional' },
  ],
};

describe('a registry remote becomes a connection', () => {
  it('one field per URL variable and header (a fixed header is not a field; a templated one gives its variables)', () => {
    const fields = remoteFields(remote);
    expect(fields.map((field) => [field.key, field.required, field.secret])).toEqual([
      ['url:host', true, false],
      ['url:tenant', true, false],
      ['header:X-Api-Key', true, true],
      ['header:Authorization:token', true, true],
      ['header:X-Trace', false, false],
    ]);
    // A secret never starts with a value; choices start with the first.
    expect(fields.map(fieldDefault)).toEqual(['api.example.com', 'acme', '', '', '']);
  });

  it('a header the entry fixes is shown on the form, masked (it is sent, so it is seen)', () => {
    expect(fixedHeaders(remote)).toEqual([{ name: 'X-Client', masked: 'REDACTED (9 characters)' }]);
  });

  it('resolves the URL and headers; the missing required fields are named', () => {
    expect(resolveRemote(remote, { 'url:host': 'api.example.com', 'url:tenant': 'acme' })).toEqual({
      headers: { 'X-Client': 'toolscope' },
      missing: ['X-Api-Key', 'token'],
    });
    expect(
      resolveRemote(remote, {
        'url:host': 'api.example.com',
        'url:tenant': 'acme',
        'header:X-Api-Key': 'k',
        'header:Authorization:token': 't',
      }),
    ).toEqual({
      url: 'https://api.example.com/t/acme/mcp',
      headers: { 'X-Api-Key': 'k', Authorization: 'Bearer t', 'X-Client': 'toolscope' },
      missing: [],
    });
  });

  it('a variable cannot change which server the URL names; a header cannot hold a line break; SSE is not opened', () => {
    const base = { 'header:X-Api-Key': 'k', 'header:Authorization:token': 't', 'url:tenant': 'acme' };
    for (const host of ['evil.example/x', 'evil.example?', 'user@evil.example', 'a b'])
      expect(resolveRemote(remote, { ...base, 'url:host': host }).problem, host).toMatch(/may not hold/);
    expect(resolveRemote(remote, { ...base, 'url:host': 'h', 'header:X-Api-Key': 'k\r\nX-Evil: 1' }).problem).toMatch(/line break/);
    expect(resolveRemote({ type: 'sse', url: 'https://example.com/sse' }, {}).problem).toMatch(/deprecated/);
  });
});
