// The two wire formats a model is asked in — OpenAI-compatible chat completions with `tools`
// (OpenAI, OpenRouter, vLLM, LM Studio, Ollama's /v1) and Anthropic Messages — as pure functions:
// the request for a question with exactly the tools a host sends (name, description, inputSchema:
// the model's-eye view), and the model's choice read from its answer. No key is ever part of what
// these return for keeping: the key goes in a header only, added by the caller at send time.
//   OpenAI: platform.openai.com/docs/api-reference/chat/create (tools[].function, choices[].message.tool_calls)
//   Anthropic: docs.anthropic.com/en/api/messages (tools[].input_schema, content[].tool_use, anthropic-version)

export type ModelProvider = 'openai' | 'anthropic';
export const MODEL_PROVIDERS: readonly ModelProvider[] = ['openai', 'anthropic'];

export interface ModelEndpoint {
  provider: ModelProvider;
  /** e.g. http://127.0.0.1:11434/v1 (Ollama), https://api.openai.com/v1, https://api.anthropic.com */
  baseUrl: string;
  model: string;
}

/** A tool as the model is given it. */
export interface ModelTool {
  name: string;
  description?: string;
  inputSchema: unknown;
}

export interface ModelChoice {
  /** The tool the model chose to call, if any. */
  tool?: string;
  args?: Record<string, unknown>;
  /** Arguments the model wrote that are not JSON (OpenAI sends them as a string). */
  argsProblem?: string;
  /** The model's words. */
  text: string;
  usage?: { input?: number; output?: number };
}

/** The Anthropic API version this request shape is written against. */
export const ANTHROPIC_VERSION = '2023-06-01';
const MAX_TOKENS = 1024;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Where the question goes and what it carries (without the key: `keyHeader` says where it goes). */
export function modelRequest(
  endpoint: ModelEndpoint,
  question: string,
  tools: readonly ModelTool[],
): { url: string; headers: Record<string, string>; keyHeader: (key: string) => Record<string, string>; body: Record<string, unknown> } {
  const messages = [{ role: 'user', content: question }];
  if (endpoint.provider === 'anthropic')
    return {
      url: `${trimSlash(endpoint.baseUrl)}/v1/messages`,
      headers: { 'content-type': 'application/json', 'anthropic-version': ANTHROPIC_VERSION },
      keyHeader: (key) => ({ 'x-api-key': key }),
      body: {
        model: endpoint.model,
        max_tokens: MAX_TOKENS,
        messages,
        tools: tools.map((tool) => ({
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          input_schema: tool.inputSchema,
        })),
      },
    };
  return {
    url: `${trimSlash(endpoint.baseUrl)}/chat/completions`,
    headers: { 'content-type': 'application/json' },
    keyHeader: (key) => ({ authorization: `Bearer ${key}` }),
    body: {
      model: endpoint.model,
      messages,
      tools: tools.map((tool) => ({
        type: 'function',
        function: {
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          parameters: tool.inputSchema,
        },
      })),
      tool_choice: 'auto',
    },
  };
}

function parsedArgs(value: unknown): Pick<ModelChoice, 'args' | 'argsProblem'> {
  if (isRecord(value)) return { args: value };
  if (typeof value !== 'string') return value === undefined ? {} : { argsProblem: 'not an object' };
  try {
    const parsed: unknown = JSON.parse(value || '{}');
    return isRecord(parsed) ? { args: parsed } : { argsProblem: 'not a JSON object' };
  } catch {
    return { argsProblem: `not JSON: ${value.slice(0, 200)}` };
  }
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The model's choice from its answer, or why the answer cannot be read. */
export function parseModelAnswer(provider: ModelProvider, body: unknown): ModelChoice | { error: string } {
  if (!isRecord(body)) return { error: 'the answer is not a JSON object' };
  if (isRecord(body.error))
    return {
      error: `the API answered with an error: ${typeof body.error.message === 'string' ? body.error.message : JSON.stringify(body.error)}`,
    };
  if (provider === 'anthropic') {
    if (!Array.isArray(body.content)) return { error: 'the answer has no content list (Anthropic Messages)' };
    const blocks = body.content.filter(isRecord);
    const use = blocks.find((block) => block.type === 'tool_use' && typeof block.name === 'string');
    const usage = isRecord(body.usage) ? { input: count(body.usage.input_tokens), output: count(body.usage.output_tokens) } : undefined;
    return {
      ...(use ? { tool: use.name as string, ...parsedArgs(use.input) } : {}),
      text: blocks
        .filter((block) => block.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text as string)
        .join('\n'),
      ...(usage ? { usage } : {}),
    };
  }
  const message = Array.isArray(body.choices) && isRecord(body.choices[0]) ? body.choices[0].message : undefined;
  if (!isRecord(message)) return { error: 'the answer has no choices[0].message (chat completions)' };
  const call = Array.isArray(message.tool_calls) ? message.tool_calls.find(isRecord) : undefined;
  const fn = call && isRecord(call.function) ? call.function : undefined;
  const usage = isRecord(body.usage) ? { input: count(body.usage.prompt_tokens), output: count(body.usage.completion_tokens) } : undefined;
  return {
    ...(fn && typeof fn.name === 'string' ? { tool: fn.name, ...parsedArgs(fn.arguments) } : {}),
    text: typeof message.content === 'string' ? message.content : '',
    ...(usage ? { usage } : {}),
  };
}
