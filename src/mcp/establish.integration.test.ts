// The connection policy against real servers: a stale remembered era is re-probed, an
// unrelated failure is not, and the authorization context never holds a credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from './connection.ts';
import type { EraHint } from './era.ts';
import { authContextOf } from './connectionSecrets.ts';
import { choosePath, establish, type ConnectDeps } from './establish.ts';
import { TrafficRecorder } from './recording/traffic.ts';

function deps(remembered?: EraHint) {
  const saved: EraHint[] = [];
  const value: ConnectDeps = {
    connect: (options) => McpConnection.connect(options),
    fetch: new TrafficRecorder().fetch,
    storedToken: () => Promise.resolve(undefined),
    refreshToken: () => Promise.resolve(undefined),
    rememberedEra: () => remembered,
    rememberEra: (_url, hint) => void saved.push(hint),
  };
  return { value, saved };
}

describe('choosePath', () => {
  it('takes the explicit choice, else the remembered one, else direct; without a proxy always direct', () => {
    expect(choosePath(true, 'direct', 'proxy')).toBe('direct');
    expect(choosePath(true, undefined, 'proxy')).toBe('proxy');
    expect(choosePath(true)).toBe('direct');
    expect(choosePath(false, 'proxy', 'proxy')).toBe('direct');
  });
});

describe('authContextOf', () => {
  it('names credentials without holding them, the same for the same credentials', () => {
    expect(authContextOf(undefined, {})).toBe('anonymous');
    const a = authContextOf('secret-token-a', {});
    expect(a).not.toContain('secret');
    expect(authContextOf('secret-token-a', {})).toBe(a);
    expect(authContextOf('secret-token-b', {})).not.toBe(a);
    expect(authContextOf(undefined, { 'X-API-Key': 'k1', 'X-Team': 't' })).toBe(
      authContextOf(undefined, { 'X-Team': 't', 'X-API-Key': 'k1' }),
    );
    expect(authContextOf(undefined, { 'X-API-Key': 'k1' })).not.toBe(authContextOf(undefined, { 'X-API-Key': 'k2' }));
  });
});

describe('establish', () => {
  let demo: RunningServer;
  let everything: RunningServer;
  beforeAll(async () => {
    [demo, everything] = await Promise.all([startDemoServer(), startEverything()]);
  });
  afterAll(async () => {
    await Promise.all([demo.stop(), everything.stop()]);
  });

  it('probes a server it has not seen, and remembers its era', async () => {
    const { value, saved } = deps();
    const done = await establish({ url: demo.url, bearerToken: '', via: 'direct', customHeaders: {} }, value);
    expect(done.eraSource).toBe('probed');
    expect(done.authContext).toBe('anonymous');
    expect(saved).toEqual([{ era: 'modern', protocolVersion: done.connection.protocolVersion }]);
    await done.connection.close();
  });

  it('re-probes when the remembered era no longer works (a 2025 server remembered as 2026)', async () => {
    const { value, saved } = deps({ era: 'modern', protocolVersion: '2026-07-28' });
    const done = await establish({ url: everything.url, bearerToken: '', via: 'direct', customHeaders: {} }, value);
    expect(done.eraSource).toBe('re-probed');
    expect(done.connection.era).toBe('legacy');
    expect(saved.at(-1)?.era).toBe('legacy');
    await done.connection.close();
  });

  it('does not re-probe when the failure has nothing to do with the era (unreachable)', async () => {
    const { value } = deps({ era: 'modern', protocolVersion: '2026-07-28' });
    let attempts = 0;
    value.connect = (options) => {
      attempts++;
      return McpConnection.connect(options);
    };
    await expect(establish({ url: 'http://127.0.0.1:9/mcp', bearerToken: '', via: 'direct', customHeaders: {} }, value)).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it('uses a typed token over a stored one, and keys the cache by it', async () => {
    const { value } = deps();
    let asked = 0;
    value.storedToken = () => {
      asked++;
      return Promise.resolve('stored');
    };
    const done = await establish({ url: demo.url, bearerToken: ' typed ', via: 'direct', customHeaders: {} }, value);
    expect(asked).toBe(0);
    expect(done.authContext).toBe(authContextOf('typed', {}));
    await done.connection.close();
  });
});
