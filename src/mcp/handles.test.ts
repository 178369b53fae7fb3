import { describe, expect, it } from 'vitest';
import { collectHandles, offersFor } from './handles.ts';

describe('handles carried from call to call', () => {
  const handles = collectHandles([
    { tool: 'create_basket', runId: 1, structuredContent: { basket_id: 'bsk_old', expires_at: 'x' } },
    { tool: 'create_basket', runId: 2, structuredContent: { basket_id: 'bsk_new' } },
    { tool: 'checkout', runId: 3, structuredContent: { order: { order_id: 'ord_1', count: 2 } } },
  ]);

  it('collects id-like values, newest first, each once', () => {
    expect(handles.map((handle) => `${handle.key}=${String(handle.value)}`)).toEqual([
      'order_id=ord_1',
      'basket_id=bsk_new',
      'basket_id=bsk_old',
    ]);
  });

  it('offers them to parameters of the same name and a fitting type only', () => {
    const schema = {
      type: 'object',
      properties: { basket_id: { type: 'string' }, order_id: { type: 'integer' }, quantity: { type: 'integer' } },
    };
    expect(offersFor(schema, handles)).toEqual([
      ['basket_id', [expect.objectContaining({ value: 'bsk_new', tool: 'create_basket' }), expect.objectContaining({ value: 'bsk_old' })]],
    ]);
    expect(offersFor({ type: 'string' }, handles)).toEqual([]);
  });

  it('leaves out handles the server said have expired, and puts History after this page, newest first', () => {
    const now = Date.parse('2026-12-02T10:00:00Z');
    const found = collectHandles(
      [
        {
          tool: 'create_basket',
          runId: 0,
          at: now - 3_600_000,
          structuredContent: { basket_id: 'bsk_hist_old', expires_at: '2026-12-02T11:00:00Z' },
        },
        {
          tool: 'create_basket',
          runId: 0,
          at: now - 60_000,
          structuredContent: { basket_id: 'bsk_hist_new', expires_at: '2026-12-02T10:30:00Z' },
        },
        {
          tool: 'create_basket',
          runId: 0,
          at: now - 7_200_000,
          structuredContent: { basket_id: 'bsk_gone', expires_at: '2026-12-02T09:00:00Z' },
        },
        {
          tool: 'login',
          runId: 0,
          at: now - 10,
          structuredContent: { session: { token_id: 't1', expiresAt: Math.floor(now / 1000) - 5 } },
        },
        { tool: 'create_basket', runId: 4, structuredContent: { basket_id: 'bsk_live' } },
      ],
      now,
    );
    expect(found.map((handle) => String(handle.value))).toEqual(['bsk_live', 'bsk_hist_new', 'bsk_hist_old']);
    expect(found[1]).toMatchObject({ at: now - 60_000, expiresAt: Date.parse('2026-12-02T10:30:00Z'), runId: 0 });
  });
});
