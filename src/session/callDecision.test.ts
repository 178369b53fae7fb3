// The one decision every call goes through, and the store every origin asks: the same checks,
// the same gate, the same limits, whatever started the call.
import { describe, expect, it } from 'vitest';
import { validateAgainst } from '../schema/validate.ts';
import { unsafeIntegers } from '../schema/numbers.ts';
import type { McpTool } from '../mcp/tools.ts';
import { callLimits, decideCall, type CallOrigin } from './callDecision.ts';
import { CallEntrance } from './callEntrance.ts';
import { DEFAULT_SAFETY, type SafetySettings } from './safety.ts';

const checks = { validateAgainst, unsafeIntegers: (value: unknown) => unsafeIntegers(value) };

const schema = { type: 'object', properties: { id: { type: 'string', minLength: 3 }, count: { type: 'integer' } }, required: ['id'] };
const tool = (annotations: McpTool['annotations'] = {}, extra: Partial<McpTool> = {}) =>
  ({ name: 'restock', annotations, inputSchema: schema, findings: [], ...extra }) as unknown as McpTool;
const readOnly = tool({ readOnlyHint: true });
const destructive = tool({ destructiveHint: true });
const safety: SafetySettings = { ...DEFAULT_SAFETY, timeoutSeconds: 7, maxTotalSeconds: 42 };
const origins: CallOrigin[] = ['form', 'replay', 'run-last', 'run-all'];

describe('decideCall', () => {
  it('holds back arguments that break the schema, from every origin, and says which', () => {
    for (const origin of origins) {
      const decision = decideCall(readOnly, { id: 'x', count: 1.5 }, { origin }, safety, checks);
      expect(decision.action).toBe('invalid');
      if (decision.action !== 'invalid') continue;
      expect(decision.message).toMatch(/^2 argument problems: /);
      expect(decision.message).toContain('/id');
      expect(decision.message).toContain('/count');
    }
    // Integers JavaScript cannot carry exactly are held back too.
    const unsafe = decideCall(readOnly, { id: 'abc', count: 2 ** 60 }, { origin: 'form' }, safety, checks);
    expect(unsafe).toMatchObject({ action: 'invalid', message: expect.stringContaining('/count') as unknown });
  });

  it('sends valid arguments with the limits set for the server — the same for every origin', () => {
    for (const origin of origins) {
      expect(decideCall(readOnly, { id: 'abc' }, { origin }, safety, checks)).toEqual({
        action: 'call',
        args: { id: 'abc' },
        limits: { timeoutMs: 7000, maxTotalTimeoutMs: 42_000 },
      });
    }
    expect(callLimits(safety)).toEqual({ timeoutMs: 7000, maxTotalTimeoutMs: 42_000 });
  });

  it('arguments from a link or an imported file always ask first — even for a read-only tool; read-only mode still refuses', () => {
    const foreign = 'These arguments came from a link.';
    expect(decideCall(readOnly, { id: 'abc' }, { origin: 'form', foreign }, safety, checks)).toMatchObject({
      action: 'confirm',
      reason: foreign,
    });
    expect(decideCall(destructive, { id: 'abc' }, { origin: 'form', foreign }, safety, checks)).toMatchObject({
      action: 'confirm',
      reason: expect.stringContaining(foreign) as unknown,
    });
    expect(decideCall(destructive, { id: 'abc' }, { origin: 'form', foreign }, { ...safety, readOnlyMode: true }, checks).action).toBe(
      'refuse',
    );
    expect(decideCall(readOnly, { id: 'abc' }, { origin: 'run-all', foreign, confirmed: true }, safety, checks).action).toBe('call');
  });

  it('"Send anyway" skips the argument checks, never the gate', () => {
    expect(decideCall(readOnly, { id: 1 }, { origin: 'form', unchecked: true }, safety, checks).action).toBe('call');
    expect(decideCall(destructive, { id: 1 }, { origin: 'form', unchecked: true }, safety, checks)).toMatchObject({
      action: 'confirm',
      reason: 'The server marks this tool destructive.',
    });
    const readOnlyMode = { ...safety, readOnlyMode: true };
    expect(decideCall(destructive, { id: 1 }, { origin: 'run-all', unchecked: true, confirmed: true }, readOnlyMode, checks)).toMatchObject(
      {
        action: 'refuse',
        reason: expect.stringMatching(/^Read-only mode is on, .* Turn read-only mode off to call it\.$/) as unknown,
      },
    );
  });

  it('asks before a destructive call unless already confirmed; follows the policy', () => {
    expect(decideCall(destructive, { id: 'abc' }, { origin: 'replay' }, safety, checks).action).toBe('confirm');
    expect(decideCall(destructive, { id: 'abc' }, { origin: 'run-all', confirmed: true }, safety, checks).action).toBe('call');
    expect(decideCall(tool(), { id: 'abc' }, { origin: 'form' }, safety, checks)).toMatchObject({
      action: 'confirm',
      reason: expect.stringContaining('by the spec default') as unknown,
    });
    expect(decideCall(destructive, { id: 'abc' }, { origin: 'form' }, { ...safety, policy: 'never' }, checks).action).toBe('call');
    expect(
      decideCall(tool({ destructiveHint: false }), { id: 'abc' }, { origin: 'form' }, { ...safety, policy: 'all-writes' }, checks),
    ).toMatchObject({
      action: 'confirm',
      reason: 'This tool is not marked read-only.',
    });
  });

  it('refuses an unusable tool and unparsed JSON, and sends unchecked when the schema cannot be compiled', () => {
    expect(
      decideCall(tool({ readOnlyHint: true }, { unusable: 'Not callable: bad name.' }), {}, { origin: 'form' }, safety, checks),
    ).toEqual({
      action: 'refuse',
      reason: 'Not callable: bad name.',
    });
    // "Send anyway" (unchecked) does not send text that is not JSON either.
    for (const unchecked of [false, true])
      expect(decideCall(readOnly, {}, { origin: 'form', unparsed: 'Not JSON: line 4, col 1', unchecked }, safety, checks)).toEqual({
        action: 'unparsed',
        message: 'Not JSON: line 4, col 1',
      });
    const broken = tool({ readOnlyHint: true }, { inputSchema: { type: 'object', properties: { a: { type: 'nonsense' } } } });
    expect(decideCall(broken, { a: 1 }, { origin: 'form' }, safety, checks).action).toBe('call');
  });
});

describe('CallEntrance (the one entrance)', () => {
  function store(settings: SafetySettings = safety) {
    const sent: { tool: string; args: Record<string, unknown>; limits: unknown }[] = [];
    const requests = new CallEntrance({
      send: (target, args, limits) => sent.push({ tool: target.name, args, limits }),
      safety: () => settings,
      loadChecks: () => Promise.resolve(checks),
    });
    return { requests, sent };
  }

  it('a replay with arguments that no longer fit is not sent, and the tool says why until the next request', async () => {
    const { requests, sent } = store();
    expect(await requests.request(readOnly, { id: 'x' }, { origin: 'replay' })).toBe('invalid');
    expect(sent).toEqual([]);
    expect(requests.getSnapshot().notices.get('restock')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('/id') as unknown,
    });
    expect(await requests.request(readOnly, { id: 'x' }, { origin: 'form', unchecked: true })).toBe('call');
    expect(requests.getSnapshot().notices.has('restock')).toBe(false);
    expect(sent).toEqual([{ tool: 'restock', args: { id: 'x' }, limits: { timeoutMs: 7000, maxTotalTimeoutMs: 42_000 } }]);
  });

  it('a destructive call waits for the one dialog: confirmed → sent with the exact arguments; cancelled → nothing', async () => {
    const { requests, sent } = store();
    const seen: number[] = [];
    requests.subscribe(() => seen.push(requests.getSnapshot().pending?.items.length ?? 0));
    const first = requests.request(destructive, { id: 'abc' }, { origin: 'run-last' });
    await Promise.resolve();
    await Promise.resolve();
    expect(requests.getSnapshot().pending).toMatchObject({
      title: 'Confirm call to restock',
      action: 'Call tool',
      items: [{ args: { id: 'abc' }, reason: 'The server marks this tool destructive.' }],
    });
    requests.answer(true);
    expect(await first).toBe('confirm');
    expect(sent).toEqual([{ tool: 'restock', args: { id: 'abc' }, limits: { timeoutMs: 7000, maxTotalTimeoutMs: 42_000 } }]);
    expect(requests.getSnapshot().pending).toBeUndefined();

    const second = requests.request(destructive, { id: 'def' }, { origin: 'form' });
    // A second question replaces an open one, which counts as "no".
    const third = requests.request(destructive, { id: 'ghi' }, { origin: 'form' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await second).toBe('declined');
    requests.answer(false);
    expect(await third).toBe('declined');
    expect(sent).toHaveLength(1);
    expect(seen).toContain(1);
  });

  it('read-only mode refuses from every origin; a checks chunk that fails to load is said, not swallowed', async () => {
    const { requests, sent } = store({ ...safety, readOnlyMode: true });
    for (const origin of origins) expect(await requests.request(destructive, { id: 'abc' }, { origin })).toBe('refuse');
    expect(requests.getSnapshot().notices.get('restock')).toMatchObject({ kind: 'refused' });
    const failing = new CallEntrance({
      send: () => sent.push({ tool: '?', args: {}, limits: {} }),
      safety: () => safety,
      loadChecks: () => Promise.reject(new Error('Failed to fetch dynamically imported module /assets/validate.js')),
    });
    expect(await failing.request(readOnly, { id: 'abc' }, { origin: 'form' })).toBe('check-failed');
    expect(failing.getSnapshot().notices.get('restock')).toEqual({
      kind: 'check-failed',
      message: 'Failed to fetch dynamically imported module /assets/validate.js',
    });
    expect(sent).toEqual([]);
  });
});
