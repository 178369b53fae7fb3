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
});
