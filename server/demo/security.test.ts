// The demo models what a careful server does: handles bound to the caller's authorization, and a
// per-client rate limit on tool calls. Real SDK client (Toolscope's connection) against the real
// demo handler, in process; the authorization is what the HTTP layer would have verified.
import { describe, expect, it } from 'vitest';
import { McpConnection } from '../../src/mcp/connection.ts';
import type { CallResult } from '../../src/mcp/results.ts';
import { createDemoHandler } from './server.ts';
import { CallLimiter } from './rateLimit.ts';

type Handler = ReturnType<typeof createDemoHandler>;

/** A connection whose every request carries `clientId`'s verified authorization (or none), for this token subject if given. */
function connectAs(handler: Handler, clientId?: string, subject?: string) {
  const authInfo = clientId
    ? { token: `token-of-${clientId}-${subject ?? ''}`, clientId, scopes: [], ...(subject ? { extra: { subject } } : {}) }
    : undefined;
  return McpConnection.connect({
    url: 'http://127.0.0.1:1/mcp',
    fetch: (input, init) => handler.fetch(new Request(input, init), authInfo ? { authInfo } : {}),
  });
}

/** Every Toolscope signs in with the same client id: its Client ID Metadata Document URL. */
const TOOLSCOPE_CLIENT = 'http://127.0.0.1:6274/oauth/client-metadata.json';

const textOf = (result: CallResult) => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
const basketIdOf = (result: CallResult) => {
  const id = (result.structuredContent as { basket_id?: unknown } | undefined)?.basket_id;
  if (typeof id !== 'string') throw new Error('create_basket returned no basket_id');
  return id;
};

describe('basket handles', () => {
  it('belong to the client that made them: another client, or an anonymous one, cannot use the id', async () => {
    const handler = createDemoHandler();
    const [alice, bob, anonymous] = await Promise.all([connectAs(handler, 'alice'), connectAs(handler, 'bob'), connectAs(handler)]);
    const id = basketIdOf(await alice.callTool('create_basket', {}));
    expect((await alice.callTool('get_basket', { basket_id: id })).isError).toBeFalsy();
    for (const other of [bob, anonymous]) {
      const refused = await other.callTool('add_item', { basket_id: id, product_id: 'prd_cab_001', quantity: 1 });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(`No basket with id ${id} exists`);
      expect((await other.callTool('delete_basket', { basket_id: id })).isError).toBe(true);
    }
    // Still Alice's, untouched.
    expect(textOf(await alice.callTool('get_basket', { basket_id: id }))).not.toContain('prd_cab_001');
    await Promise.all([alice.close(), bob.close(), anonymous.close()]);
  });

  it('bind to the token’s subject, not the client id every Toolscope shares', async () => {
    const handler = createDemoHandler({ rateLimit: { calls: 3, windowMs: 60_000 } });
    const [ann, ben] = await Promise.all([
      connectAs(handler, TOOLSCOPE_CLIENT, 'user-ann'),
      connectAs(handler, TOOLSCOPE_CLIENT, 'user-ben'),
    ]);
    const id = basketIdOf(await ann.callTool('create_basket', {}));
    const refused = await ben.callTool('get_basket', { basket_id: id });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(`No basket with id ${id} exists`);
    // Ann's budget is hers: Ben's calls (one above) do not spend it, nor hers his.
    for (let i = 0; i < 2; i++) expect((await ann.callTool('get_current_time', {})).isError).toBeFalsy();
    expect((await ann.callTool('get_current_time', {})).isError).toBe(true);
    expect((await ben.callTool('get_current_time', {})).isError).toBeFalsy();
    await Promise.all([ann.close(), ben.close()]);
  });

  it('say so in the tool description', () => {
    const create = createDemoHandler().tools.find((tool) => tool.definition.name === 'create_basket');
    expect(create?.definition.description).toContain('other clients cannot see or use it');
  });
});

describe('rate limiting', () => {
  it('refuses the call over the limit with an execution error that says when to try again, per client', async () => {
    const handler = createDemoHandler({ rateLimit: { calls: 3, windowMs: 60_000 } });
    const [alice, bob] = await Promise.all([connectAs(handler, 'alice'), connectAs(handler, 'bob')]);
    for (let i = 0; i < 3; i++) expect((await alice.callTool('get_current_time', {})).isError).toBeFalsy();
    const refused = await alice.callTool('get_current_time', {});
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /^Rate limit reached: this client may make 3 tool calls per 60 s\. Wait \d+ s, then call get_current_time again\.$/,
    );
    // Another client has its own budget.
    expect((await bob.callTool('get_current_time', {})).isError).toBeFalsy();
    await Promise.all([alice.close(), bob.close()]);
  });

  it('lets calls through again once the window has slid past them', () => {
    let now = 0;
    const limiter = new CallLimiter({ calls: 2, windowMs: 1_000 }, () => now);
    expect(limiter.take('a').allowed).toBe(true);
    now = 400;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 600 });
    now = 1_001;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 399 });
  });
});
