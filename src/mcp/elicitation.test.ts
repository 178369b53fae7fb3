import { describe, expect, it } from 'vitest';
import { elicitationAutoAnswer, elicitationDefaults } from './elicitation.ts';

describe('elicitation answers without a person', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', default: 'Ada' },
      tier: { type: 'string', enum: ['gold', 'silver'] },
      confirmed: { type: 'boolean' },
      count: { type: 'integer', minimum: 2 },
      note: { type: 'string' },
      nested: { type: 'object', default: { not: 'flat' } },
    },
    required: ['tier', 'confirmed', 'count', 'name'],
  };

  it('starts from the defaults the form shows (SEP-1034), primitive fields only', () => {
    expect(elicitationDefaults(schema)).toEqual({ name: 'Ada' });
    expect(elicitationDefaults({ properties: 'no' })).toEqual({});
  });

  it('fills each required field that has no default, and leaves optional ones out', () => {
    expect(elicitationAutoAnswer(schema)).toEqual({ name: 'Ada', tier: 'gold', confirmed: true, count: 2 });
  });
});
