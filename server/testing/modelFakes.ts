// Loopback stand-ins for the two model APIs (no provider can run here): each answers in its
// published wire format — OpenAI chat completions (choices[].message.tool_calls, usage.prompt_tokens)
// and Anthropic Messages (content[] text/tool_use blocks, usage.input_tokens) — with a choice a
// test scripts, and keeps every request (path, headers, body) for the test to read. No CORS: a page
// calling it directly is refused, as most providers refuse it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { ModelProvider } from '../../src/model/modelWire.ts';

export interface FakeChoice {
  tool?: string;
  args?: Record<string, unknown>;
  text?: string;
}

export interface FakeModel {
  url: string;
  requests: { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[];
  stop: () => Promise<void>;
}

interface Options {
  provider: ModelProvider;
  /** The scripted choice for a question (given the tool names the request offered). */
  choose: (question: string, tools: readonly string[]) => FakeChoice;
  /** The key the fake requires (in the provider's header); none: any or no key. */
  key?: string;
  /** Answer a page's direct call (CORS for any origin, as OLLAMA_ORIGINS=* would); default: refuse it. */
  cors?: boolean;
}

const toolNames = (provider: ModelProvider, body: Record<string, unknown>): string[] =>
  (Array.isArray(body.tools) ? body.tools : []).map((tool: { name?: string; function?: { name?: string } }) =>
    String(provider === 'anthropic' ? tool.name : tool.function?.name),
  );

export async function startFakeModel({ provider, choose, key, cors = false }: Options): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  let calls = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        // Not JSON: answered as a bad request below.
      }
      if (req.method !== 'OPTIONS') requests.push({ path: req.url ?? '', headers: req.headers, body });
      const allow = cors ? { 'access-control-allow-origin': '*' } : {};
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', ...allow });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(
          cors ? 204 : 404,
          cors ? { ...allow, 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST' } : {},
        );
        res.end();
        return;
      }
      const expected = provider === 'anthropic' ? '/v1/messages' : '/v1/chat/completions';
      if (req.method !== 'POST' || req.url !== expected) return send(404, { error: { message: `not found: ${req.url ?? ''}` } });
      const given = provider === 'anthropic' ? req.headers['x-api-key'] : req.headers.authorization?.replace(/^Bearer /, '');
      if (key !== undefined && given !== key) return send(401, { error: { message: 'invalid api key' } });
      const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
      const last = messages.at(-1)?.content;
      const question = typeof last === 'string' ? last : JSON.stringify(last ?? '');
      const choice = choose(question, toolNames(provider, body));
      calls++;
      if (provider === 'anthropic')
        return send(200, {
          id: `msg_fake_${calls}`,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [
            ...(choice.text ? [{ type: 'text', text: choice.text }] : []),
            ...(choice.tool ? [{ type: 'tool_use', id: `toolu_fake_${calls}`, name: choice.tool, input: choice.args ?? {} }] : []),
          ],
          stop_reason: choice.tool ? 'tool_use' : 'end_turn',
          usage: { input_tokens: 100 + calls, output_tokens: 20 },
        });
      return send(200, {
        id: `chatcmpl-fake-${calls}`,
        object: 'chat.completion',
        model: body.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: choice.text ?? null,
              ...(choice.tool
                ? {
                    tool_calls: [
                      {
                        id: `call_fake_${calls}`,
                        type: 'function',
                        function: { name: choice.tool, arguments: JSON.stringify(choice.args ?? {}) },
                      },
                    ],
                  }
                : {}),
            },
            finish_reason: choice.tool ? 'tool_calls' : 'stop',
          },
        ],
        usage: { prompt_tokens: 100 + calls, completion_tokens: 20, total_tokens: 120 + calls },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: provider === 'anthropic' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
