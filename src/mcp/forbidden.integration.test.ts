// A plain HTTP 403 (what @playwright/mcp answers to a Host it does not accept) is a refusal with
// the server's words, not a request to sign in; a 403 with a Bearer challenge still is one.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from './connection.ts';
import { failureOf } from './errors.ts';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/scoped')) {
      response.writeHead(403, {
        'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="tools:call"',
        'Content-Type': 'application/json',
      });
      response.end('{"error":"insufficient_scope"}');
      return;
    }
    response.writeHead(403, { 'Content-Type': 'text/plain' });
    response.end('Invalid Host header\nsecond line');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const failureFor = async (path: string) => {
  try {
    await McpConnection.connect({ url: `${base}${path}` });
  } catch (error) {
    return failureOf(error);
  }
  throw new Error('connected');
};

describe('a 403', () => {
  it('without a Bearer challenge: "Forbidden (HTTP 403)" with the first line of the body and the Host-header hint', async () => {
    const failure = await failureFor('/mcp');
    expect(failure.kind).toBe('http');
    expect(failure.message).toContain('Forbidden (HTTP 403): “Invalid Host header”');
    expect(failure.message).not.toContain('second line');
    expect(failure.message).toContain('Host-header check');
    expect(failure.message).not.toMatch(/sign in/i);
  });

  it('with a Bearer challenge: still a sign-in matter (more scope)', async () => {
    const failure = await failureFor('/scoped');
    expect(failure.kind).toBe('auth');
  });
});
