import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../mcp/recording/traffic.ts';
import { entryTone, exchangeOutcome, matches, summaryLine } from './trafficView.ts';

const entry = (fields: Partial<TrafficEntry>): TrafficEntry => ({
  seq: 1,
  startedAt: 0,
  url: 'http://127.0.0.1/mcp',
  httpMethod: 'POST',
  requestHeaders: [],
  sent: [{ method: 'tools/call', id: 3, target: 'search' }],
  state: 'done',
  status: 200,
  responseBody: '',
  responseBytes: 0,
  received: [{ method: 'response', id: 3 }],
  ...fields,
});

describe('entryTone', () => {
  it('a Server Card looked for and not served (404) is expected, not a failure; a 500 there is one', () => {
    const lookup = { httpMethod: 'GET', sent: [], received: [], status: 404 };
    expect(entryTone(entry({ ...lookup, url: 'http://127.0.0.1:3000/mcp/server-card' }))).toBe('probe');
    expect(entryTone(entry({ ...lookup, url: 'http://127.0.0.1:3000/.well-known/mcp/catalog.json' }))).toBe('probe');
    expect(entryTone(entry({ ...lookup, url: 'http://127.0.0.1:3000/mcp/server-card', status: 500 }))).toBe('error');
    expect(entryTone(entry({ ...lookup, url: 'http://127.0.0.1:3000/other' }))).toBe('error');
  });

  it('the era probe refused by a 2025 server is expected; refused for authorization or by a crash it is not', () => {
    const probe = {
      sent: [{ method: 'server/discover', id: 0 }],
      status: 400,
      received: [{ method: 'response', error: { code: -32000, message: 'x' } }],
    };
    expect(entryTone(entry(probe))).toBe('probe');
    expect(entryTone(entry({ ...probe, status: 401 }))).toBe('error');
    expect(entryTone(entry({ ...probe, status: 503 }))).toBe('error');
  });

  it('a JSON-RPC error inside a 200 is an error; a cancelled request is not', () => {
    expect(entryTone(entry({ received: [{ method: 'response', id: 3, error: { code: -32602, message: 'bad' } }] }))).toBe('error');
    expect(entryTone(entry({ state: 'failed', error: 'aborted', status: undefined }))).toBe('aborted');
    expect(entryTone(entry({ state: 'failed', error: 'TypeError: Failed to fetch', status: undefined }))).toBe('error');
    expect(entryTone(entry({}))).toBe('ok');
  });
});

describe('exchangeOutcome', () => {
  const label = (fields: Partial<TrafficEntry>, stdioUrl?: string) => exchangeOutcome(entry(fields), stdioUrl)?.label;
  it('says what became of an exchange in the outcome vocabulary; one that worked needs no word', () => {
    expect(label({})).toBeUndefined();
    expect(label({ state: 'streaming' })).toBe('Running');
    // A cancel is a cancel, not "failed" beside "cancelled".
    expect(label({ state: 'failed', error: 'aborted', status: undefined })).toBe('Cancelled');
    expect(label({ received: [{ method: 'response', id: 3, error: { code: -32602, message: 'bad' } }] })).toBe('Protocol error -32602');
    expect(label({ status: 500, received: [] })).toBe('Protocol error · HTTP 500');
    // An answer that began and broke off is a cut stream; no HTTP answer at all, unreachable.
    expect(label({ state: 'failed', status: 200, error: 'TypeError: network error' })).toBe('Stream cut');
    expect(label({ state: 'failed', status: undefined, error: 'TypeError: Failed to fetch' })).toBe('Unreachable');
    // A tool's own failure comes in an exchange that worked: Traffic says it as the pane does.
    expect(label({ received: [{ method: 'response', id: 4, toolError: true }] })).toBe('Tool error');
  });

  it('the stdio bridge’s word that its child is gone is believed on the bridge only, and is not a failure there', () => {
    const stopped = { received: [{ method: 'response', id: 3, error: { code: -32603, message: 'exited' }, stopped: 'exit 1' }] };
    const bridge = 'http://127.0.0.1/stdio/mcp';
    expect(label({ ...stopped, url: bridge }, bridge)).toBe('Server stopped');
    expect(entryTone(entry({ ...stopped, url: bridge }), bridge)).toBe('stopped');
    // Any other server saying so is just a protocol error.
    expect(label(stopped, bridge)).toBe('Protocol error -32603');
    // The bridge's standalone stream ends when the child restarts: not a failure either.
    expect(entryTone(entry({ url: bridge, httpMethod: 'GET', state: 'failed', status: 200 }), bridge)).toBe('stopped');
  });
});

it('repeated notifications collapse into a count', () => {
  const progress = { method: 'notifications/progress' };
  expect(summaryLine([progress, progress, progress, { method: 'response', id: 3 }])).toBe('3 × notifications/progress, response #3');
});

it('filters by words and by errors only', () => {
  const failing = entry({ status: 500 });
  expect(matches(failing, { text: 'search', errorsOnly: true })).toBe(true);
  expect(matches(entry({}), { text: '', errorsOnly: true })).toBe(false);
  expect(matches(entry({}), { text: 'tools/list', errorsOnly: false })).toBe(false);
});
