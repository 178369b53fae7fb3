import { describe, expect, it } from 'vitest';
import { modelRequest, parseModelAnswer } from './modelWire.ts';

const tools = [{ name: 'search_catalog', description: 'Search the catalog.', inputSchema: { type: 'object' } }];

describe('the model wire formats', () => {
  it('builds each provider’s request with the tools as given and no key in it', () => {
    const openai = modelRequest({ provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1/', model: 'llama3' }, 'find a cable', tools);
    expect(openai.url).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(openai.body).toMatchObject({
      model: 'llama3',
      messages: [{ role: 'user', content: 'find a cable' }],
      tools: [
        { type: 'function', function: { name: 'search_catalog', description: 'Search the catalog.', parameters: { type: 'object' } } },
      ],
    });
    expect(openai.keyHeader('k')).toEqual({ authorization: 'Bearer k' });
    const anthropic = modelRequest({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com', model: 'claude' }, 'q', tools);
    expect(anthropic.url).toBe('https://api.anthropic.com/v1/messages');
    expect(anthropic.headers['anthropic-version']).toBe('2023-06-01');
    expect(anthropic.body.tools).toEqual([
      { name: 'search_catalog', description: 'Search the catalog.', input_schema: { type: 'object' } },
    ]);
    expect(anthropic.keyHeader('k')).toEqual({ 'x-api-key': 'k' });
  });

  it('reads the choice, the words and the tokens; arguments that are not JSON are said, not guessed', () => {
    expect(
      parseModelAnswer('openai', {
        choices: [{ message: { content: null, tool_calls: [{ function: { name: 'search_catalog', arguments: '{"query":"cable"}' } }] } }],
        usage: { prompt_tokens: 12, completion_tokens: 3 },
      }),
    ).toEqual({ tool: 'search_catalog', args: { query: 'cable' }, text: '', usage: { input: 12, output: 3 } });
    expect(
      parseModelAnswer('openai', { choices: [{ message: { tool_calls: [{ function: { name: 'x', arguments: '{oops' } }] } }] }),
    ).toMatchObject({ tool: 'x', argsProblem: 'not JSON: {oops' });
    expect(
      parseModelAnswer('anthropic', {
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', name: 'search_catalog', input: { query: 'cable' } },
        ],
        usage: { input_tokens: 40, output_tokens: 9 },
      }),
    ).toEqual({ tool: 'search_catalog', args: { query: 'cable' }, text: 'Looking.', usage: { input: 40, output: 9 } });
    expect(parseModelAnswer('anthropic', { content: [{ type: 'text', text: 'No tool needed.' }] })).toEqual({ text: 'No tool needed.' });
  });

  it('an answer it cannot read is an error that says why', () => {
    expect(parseModelAnswer('openai', 'nope')).toEqual({ error: 'the answer is not a JSON object' });
    expect(parseModelAnswer('openai', { choices: [] })).toEqual({ error: expect.stringContaining('choices[0].message') });
    expect(parseModelAnswer('anthropic', { error: { message: 'overloaded' } })).toEqual({ error: expect.stringContaining('overloaded') });
  });
});
