import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../mcp/traffic.ts';
import { entryTone, matches, summaryLine } from './trafficView.ts';

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
