import { describe, expect, it } from 'vitest';
import { compareServerJson } from './serverJsonRules.ts';
import type { ServerDetail } from '../registry/serverJson.ts';

const detail: ServerDetail = {
  name: 'io.github.toolscope/demo-shop',
  title: 'Demo shop',
  description: 'x',
  version: '1.2.0',
  remotes: [
    {
      type: 'streamable-http',
      url: 'http://127.0.0.1:4000/mcp?tenant={tenant}',
      headers: [{ name: 'X-API-Key', isRequired: true }],
      variables: { tenant: {} },
    },
  ],
};

describe('a server.json against the server it describes', () => {
  it('the same server, as declared: no finding', () => {
    expect(
      compareServerJson(detail, {
        server: { name: 'shop', title: 'Demo shop', version: '1.2.0' },
        url: 'http://127.0.0.1:4000/mcp?tenant=acme',
        stdio: false,
        headerNames: ['x-api-key'],
      }),
    ).toEqual([]);
  });

  it('another version and title, another URL, a required header not needed: each a finding with its rule', () => {
    const found = compareServerJson(detail, {
      server: { name: 'shop', title: 'Shop', version: '1.1.0' },
      url: 'http://127.0.0.1:5000/mcp',
      stdio: false,
      headerNames: [],
    });
    expect(found.map((finding) => `${finding.rule} ${finding.severity}`)).toEqual([
      'serverjson-version warning',
      'serverjson-title info',
      'serverjson-remote warning',
    ]);
    const open = compareServerJson(detail, {
      server: { name: 'shop', version: '1.2.0' },
      url: 'http://127.0.0.1:4000/mcp?tenant=globex',
      stdio: false,
      headerNames: [],
    });
    expect(open).toEqual([
      expect.objectContaining({
        rule: 'serverjson-header-not-required',
        message: 'The X-API-Key header is declared required, yet the server answered without it.',
      }),
    ]);
  });

  it('over stdio no remote is compared', () => {
    expect(
      compareServerJson(detail, {
        server: { name: 'shop', version: '1.2.0' },
        url: 'http://127.0.0.1:9/stdio/mcp',
        stdio: true,
        headerNames: [],
      }),
    ).toEqual([]);
  });
});
