// `toolscope report --queries FILE` with `"mode": "model"` entries (issue 66): each question asked
// of a model with exactly the server's tools as a host sends them (name, description, inputSchema),
// the key from $TOOLSCOPE_MODEL_KEY only (never a flag, never printed). `--record-model FILE` keeps
// each question's request and the model's answer; `--replay-model FILE` answers from it with no
// network, so CI runs offline and the same every time — a recording whose tools no longer match the
// server's is said as stale and not used.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { redactValues } from '../../src/lib/redactUrl.ts';
import type { ModelChosen, ToolQuery } from '../../src/report/queries.ts';
import type { McpTool } from '../../src/mcp/tools.ts';
import { askModel, type ModelExchange } from '../../src/model/askModel.ts';
import { MODEL_PROVIDERS, parseModelAnswer, type ModelEndpoint, type ModelTool } from '../../src/model/modelWire.ts';
import type { ReportOptions } from './args.ts';
import { UsageError } from './cliOptions.ts';

export const MODEL_KEY_VARIABLE = 'TOOLSCOPE_MODEL_KEY';
const TAPE_VERSION = 1;

interface Tape {
  toolscopeModelTape: number;
  provider: string;
  model: string;
  /** SHA-256 of the tools sent, in RFC 8785 form: a recording is only replayed for the same tools. */
  tools: string;
  exchanges: ModelExchange[];
}

export type ModelPlan = { kind: 'ask'; endpoint: ModelEndpoint; record?: string } | { kind: 'replay'; file: string; tape: Tape };

/** Checks the model options against the queries (a usage error exits 2 before any server starts). */
export function checkModelOptions(model: ReportOptions['model'], queries: readonly ToolQuery[] | undefined): ModelPlan | undefined {
  const asks = queries?.some((query) => query.mode === 'model') ?? false;
  if (!model) {
    if (asks)
      throw new UsageError(`the queries file has "mode": "model" entries: add --model-url URL --model-name NAME, or --replay-model FILE.`);
    return undefined;
  }
  if (!asks) throw new UsageError('--model-url, --model-name and the recording options need a queries file with "mode": "model" entries.');
  if (model.replay) {
    if (model.record || model.url) throw new UsageError('--replay-model answers without a model: not with --model-url or --record-model.');
    return { kind: 'replay', file: model.replay, tape: readTape(model.replay) };
  }
  if (!model.url || !model.name)
    throw new UsageError('model-mode queries need --model-url URL and --model-name NAME (or --replay-model FILE).');
  if (!/^https?:\/\//i.test(model.url)) throw new UsageError(`--model-url ${model.url}: not an http(s) URL.`);
  const provider = MODEL_PROVIDERS.find((candidate) => candidate === (model.provider ?? 'openai'));
  if (!provider) throw new UsageError(`--model-provider ${model.provider ?? ''}: use openai or anthropic.`);
  return { kind: 'ask', endpoint: { provider, baseUrl: model.url, model: model.name }, ...(model.record ? { record: model.record } : {}) };
}

function readTape(file: string): Tape {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--replay-model ${file}: ${errorMessage(error)}`);
  }
  const tape = parsed as Partial<Tape>;
  if (tape.toolscopeModelTape !== TAPE_VERSION || !Array.isArray(tape.exchanges) || typeof tape.tools !== 'string')
    throw new UsageError(`--replay-model ${file}: not a Toolscope model recording (version ${TAPE_VERSION}).`);
  return tape as Tape;
}

/** The tools a host sends the model: the model's-eye view. */
export const modelTools = (tools: readonly McpTool[]): ModelTool[] =>
  tools.map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
  }));

const digest = (tools: readonly ModelTool[]) =>
  createHash('sha256')
    .update(canonicalize(tools) ?? '')
    .digest('hex');

/**
 * Each model-mode query with the model's choice attached (`chosen`), asked or replayed; every other
 * query as it is. A call that fails throws (the report cannot judge without an answer).
 */
export async function answerModelQueries(
  queries: readonly ToolQuery[],
  tools: readonly McpTool[],
  plan: ModelPlan,
  environment: NodeJS.ProcessEnv,
): Promise<ToolQuery[]> {
  const sent = modelTools(tools);
  const toolsDigest = digest(sent);
  if (plan.kind === 'replay' && plan.tape.tools !== toolsDigest)
    throw new Error(
      `--replay-model ${plan.file} is stale: the server's tools changed since it was recorded (record it again with --record-model).`,
    );
  const key = environment[MODEL_KEY_VARIABLE] || undefined;
  const kept: ModelExchange[] = [];
  const answered: ToolQuery[] = [];
  for (const query of queries) {
    if (query.mode !== 'model') {
      answered.push(query);
      continue;
    }
    let chosen: ModelChosen;
    if (plan.kind === 'replay') {
      const exchange = plan.tape.exchanges.find((candidate) => candidate.question === query.query);
      if (!exchange)
        throw new Error(`--replay-model ${plan.file} has no answer for "${query.query}" (record it again with --record-model).`);
      const choice = parseModelAnswer(plan.tape.provider === 'anthropic' ? 'anthropic' : 'openai', exchange.answer);
      if ('error' in choice) throw new Error(`--replay-model ${plan.file}, "${query.query}": ${choice.error}`);
      chosen = { ...(choice.tool ? { tool: choice.tool } : {}), text: choice.text, model: `${plan.tape.model} (replayed)` };
    } else {
      const { choice, exchange } = await askModel(
        plan.endpoint,
        key,
        query.query,
        sent,
        (input, init) => fetch(input, init),
        AbortSignal.timeout(120_000),
      );
      kept.push(exchange);
      chosen = { ...(choice.tool ? { tool: choice.tool } : {}), text: choice.text, model: plan.endpoint.model };
    }
    answered.push({ ...query, chosen });
  }
  if (plan.kind === 'ask' && plan.record) {
    const tape: Tape = {
      toolscopeModelTape: TAPE_VERSION,
      provider: plan.endpoint.provider,
      model: plan.endpoint.model,
      tools: toolsDigest,
      exchanges: kept,
    };
    // The key never reaches the file, whatever an answer echoed.
    await writeFile(plan.record, `${JSON.stringify(redactValues(tape, [key]), null, 2)}\n`);
  }
  return answered;
}
