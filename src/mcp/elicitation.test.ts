import { describe, expect, it } from 'vitest';
import { answeredQuestion, elicitationAutoAnswer, elicitationDefaults } from './elicitation.ts';

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

describe('an answered question, as kept with its call', () => {
  const request = { mode: 'form' as const, message: 'Pick a tier', requestedSchema: {} };

  it('keeps the message, the action and — only when accepted — the content', () => {
    expect(answeredQuestion(request, { action: 'accept', content: { tier: 'gold' } })).toEqual({
      message: 'Pick a tier',
      mode: 'form',
      action: 'accept',
      content: { tier: 'gold' },
    });
    expect(answeredQuestion(request, { action: 'decline' })).toEqual({ message: 'Pick a tier', mode: 'form', action: 'decline' });
  });

  it('bounds a server’s long message', () => {
    expect(answeredQuestion({ ...request, message: 'x'.repeat(50_000) }, { action: 'cancel' }).message).toHaveLength(1000);
  });
});
