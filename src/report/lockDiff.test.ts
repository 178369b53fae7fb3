// Which changes to a tool's definition can break a caller written against the old one, and how
// each is named (its JSON path).
import { describe, expect, it } from 'vitest';
import { definitionChanges, describeChange } from './lockDiff.ts';

const tool = (input: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'get_forecast',
  description: 'Forecast for a city.',
  inputSchema: { type: 'object', ...input },
  ...extra,
});
const judged = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  definitionChanges('get_forecast', before, after).map((change) => [describeChange(change), change.breaks ?? null]);

describe('definitionChanges', () => {
  const days = (more: Record<string, unknown>) => ({ properties: { days: { type: 'integer', ...more } } });

  it('names a change by its JSON path, quoting keys that are not identifiers', () => {
    expect(judged(tool(days({ maximum: 30 })), tool(days({ maximum: 90 })))).toEqual([
      ['get_forecast.inputSchema.properties.days.maximum: 30 → 90', null],
    ]);
    expect(
      judged(tool({ properties: { 'x-y': { type: 'string' } } }), tool({ properties: { 'x-y': { type: 'string', maxLength: 5 } } })),
    ).toEqual([['get_forecast.inputSchema.properties["x-y"].maxLength: (none) → 5', 'a tighter bound (maxLength)']]);
  });

  it('breaks: a new required argument, an argument taken away, a narrower type, a tighter bound, an enum value dropped', () => {
    expect(judged(tool({ required: ['city'] }), tool({ required: ['city', 'days'] }))[0]?.[1]).toBe('a new required argument: days');
    expect(judged(tool(days({})), tool({ properties: {} }))[0]?.[1]).toBe('the argument days was taken away');
    expect(judged(tool(days({ type: 'number' })), tool(days({ type: 'integer' })))[0]?.[1]).toBe('a narrower type');
    expect(judged(tool(days({ type: ['string', 'null'] })), tool(days({ type: 'string' })))[0]?.[1]).toBe('a narrower type');
    expect(judged(tool(days({ maximum: 90 })), tool(days({ maximum: 30 })))[0]?.[1]).toBe('a tighter bound (maximum)');
    expect(judged(tool(days({ minimum: 1 })), tool(days({ minimum: 2 })))[0]?.[1]).toBe('a tighter bound (minimum)');
    expect(judged(tool(days({ enum: [1, 2, 3] })), tool(days({ enum: [1, 2] })))[0]?.[1]).toBe('a value it took is refused: 3');
    expect(judged(tool({}), tool({ additionalProperties: false }))[0]?.[1]).toBe(
      'arguments it took are refused (additionalProperties: false)',
    );
  });

  it('does not break: a new optional argument, a looser bound, a wider type, an enum value added, words', () => {
    const safe = [
      judged(tool({ properties: {} }), tool(days({}))),
      judged(tool({ required: ['city', 'days'] }), tool({ required: ['city'] })),
      judged(tool(days({ maximum: 30 })), tool(days({ maximum: 90 }))),
      judged(tool(days({ type: 'integer' })), tool(days({ type: 'number' }))),
      judged(tool(days({ enum: [1, 2] })), tool(days({ enum: [1, 2, 3] }))),
      judged(tool({}), tool({}, { description: 'The forecast for a city, by day.' })),
    ];
    expect(safe.flat().map(([, breaks]) => breaks)).toEqual([null, null, null, null, null, null]);
  });

  it('breaks a caller that reads the output: an output property gone, or no longer required', () => {
    const output = (properties: Record<string, unknown>, required: string[]) =>
      tool({}, { outputSchema: { type: 'object', properties, required } });
    expect(judged(output({ temp: { type: 'number' } }, []), output({}, []))[0]?.[1]).toBe('the output property temp is gone');
    expect(judged(output({ temp: {} }, ['temp']), output({ temp: {} }, []))[0]?.[1]).toBe('output properties no longer guaranteed: temp');
    expect(judged(output({}, []), output({ wind: {} }, []))[0]?.[1]).toBeNull();
  });
});
