// askModel with a provider that cannot run here, answered in its published wire format by a fetch
// handed in (the same shape the page's and the CLI's fetch have).
import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_CHARS, askModel } from './askModel.ts';

const endpoint = { provider: 'openai' as const, baseUrl: 'http://127.0.0.1:1/v1', model: 'm' };
const KEY = 'sk-never-shown-0123456789';
const answer = (status: number, body: string) => () => Promise.resolve(new Response(body, { status }));

describe('askModel', () => {
  it('an error that echoes the key says the error without the key; a network failure says where', async () => {
    await expect(
      askModel(endpoint, KEY, 'q', [], answer(401, `{"error":{"message":"Incorrect API key provided: ${KEY}"}}`)),
    ).rejects.toThrow(/answered HTTP 401: .*Incorrect API key provided: REDACTED/);
    await expect(askModel(endpoint, KEY, 'q', [], () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      'http://127.0.0.1:1/v1/chat/completions could not be reached: Failed to fetch',
    );
  });

  it('an answer too large to be a model’s is refused, not parsed; a good one gives the choice and what to record', async () => {
    await expect(askModel(endpoint, KEY, 'q', [], answer(200, 'x'.repeat(MAX_ANSWER_CHARS + 1)))).rejects.toThrow(
      /more than a model's answer/,
    );
    const body = { choices: [{ message: { content: 'ok', tool_calls: [{ function: { name: 't', arguments: '{}' } }] } }] };
    const { choice, exchange } = await askModel(endpoint, KEY, 'q', [], answer(200, JSON.stringify(body)));
    expect(choice).toMatchObject({ tool: 't', args: {}, text: 'ok' });
    expect(JSON.stringify(exchange)).not.toContain(KEY);
  });
});
