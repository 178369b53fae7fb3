// The sign-in rules on call records: flagged and left-alone cases, and the demo's lazy mode (whose
// challenges are complete) left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCallResult } from '../mcp/results.ts';
import { failureOf } from '../mcp/errors.ts';
import { McpConnection } from '../mcp/connection.ts';
import { startAuthServer, startDemoServer, type RunningServer } from '../../server/testing/testServers.ts';
import { demoLazyProtection } from '../../server/oauth/protectedResource.ts';
import { authFindings } from './authRules.ts';
import type { AuthServer } from '../../server/oauth/authServer.ts';

/** The rules about the challenges themselves (the host-reaction notes are their own test). */
const challengeOnly = (calls: readonly CallRecord[]) => authFindings(calls).filter((finding) => finding.rule !== 'auth-host-reactions');
import type { CallRecord } from './callRules.ts';

const result = (raw: Record<string, unknown>): CallRecord => ({ tool: 'orders', result: parseCallResult(raw) });
const text = (value: string, isError = true) => ({ content: [{ type: 'text', text: value }], isError });

describe('auth rules', () => {
  it('flags a "please log in" result where a challenge is needed; leaves other tool errors alone', () => {
    expect(challengeOnly([result(text('Unauthorized: please log in to see your orders.'))])).toMatchObject([
      { rule: 'auth-error-as-result', severity: 'warning', tool: 'orders' },
    ]);
    expect(challengeOnly([result(text('Missing API key: set one in the settings.'))])).toHaveLength(1);
    expect(challengeOnly([result(text('No order ord_42 exists; list orders first.'))])).toEqual([]);
    // A successful result that mentions signing in is not a refusal.
    expect(challengeOnly([result(text('Sign in links sent to 3 users.', false))])).toEqual([]);
  });

  it('flags a _meta challenge without error / error_description, or without resource_metadata and scope', () => {
    const meta = (challenge: string) => result({ ...text('Sign in first.'), _meta: { 'mcp/www_authenticate': [challenge] } });
    expect(
      challengeOnly([meta('Bearer resource_metadata="https://x.example/.well-known/oauth-protected-resource", scope="orders:read"')]),
    ).toMatchObject([{ rule: 'auth-meta-challenge-fields' }]);
    expect(challengeOnly([meta('Bearer error="insufficient_scope", error_description="Sign in"')]).map((finding) => finding.rule)).toEqual([
      'auth-challenge-incomplete',
    ]);
    // A _meta challenge is the sign-in, not a "please log in" text.
    expect(
      challengeOnly([
        meta(
          'Bearer resource_metadata="https://x.example/.well-known/oauth-protected-resource", scope="orders:read", error="insufficient_scope", error_description="Sign in to see orders"',
        ),
      ]),
    ).toEqual([]);
  });

  it('flags an HTTP challenge without resource_metadata or scope, once per tool', () => {
    const refused: CallRecord = {
      tool: 'orders',
      failure: { kind: 'auth', status: 401, message: 'Unauthorized', challenge: { status: 401, bearer: true } },
    };
    expect(challengeOnly([refused, refused])).toMatchObject([
      { rule: 'auth-challenge-incomplete', message: expect.stringContaining('names no resource_metadata and no scope') },
    ]);
  });
});

describe('auth rules on the demo’s lazy mode', () => {
  let auth: RunningServer & { authServer: AuthServer };
  let lazy: RunningServer;
  beforeAll(async () => {
    auth = await startAuthServer();
    lazy = await startDemoServer({ oauth: demoLazyProtection(auth.authServer) });
  });
  afterAll(async () => {
    await Promise.all([lazy.stop(), auth.stop()]);
  });

  it('says nothing of its challenges: each names resource_metadata and scope; the _meta one error and error_description', async () => {
    const connection = await McpConnection.connect({ url: lazy.url });
    const record = async (tool: string, args: Record<string, unknown>): Promise<CallRecord> => {
      try {
        return { tool, result: await connection.callTool(tool, args) };
      } catch (error) {
        return { tool, failure: failureOf(error) };
      }
    };
    const calls = [
      await record('get_stock_report', {}),
      await record('report_price_issue', { product_id: 'prd_cab_001', details: 'The shelf price is wrong.' }),
    ];
    await connection.close();
    expect(calls[0]?.failure?.kind).toBe('auth');
    expect(calls[1]?.result?.isError).toBe(true);
    expect(challengeOnly(calls)).toEqual([]);
    // What each host does with each kind it met, said once per kind.
    const notes = authFindings(calls).filter((finding) => finding.rule === 'auth-host-reactions');
    expect(notes.map((finding) => finding.message.split(' How hosts react')[0])).toEqual([
      'get_stock_report answered with an HTTP 401 challenge.',
      'report_price_issue answered with a _meta["mcp/www_authenticate"] challenge.',
    ]);
    expect(notes[1]?.message).toContain('ChatGPT: Reads _meta["mcp/www_authenticate"]');
  });
});
