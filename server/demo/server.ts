// The demo MCP server: one low-level SDK Server per request (stateless, both eras), because
// the high-level McpServer cannot paginate tools/list. State lives in the BasketStore handle
// registry, never in a session.
import { EXECUTION_TELEMETRY, ExecutionTrace } from './executionTelemetry.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  createMcpHandler,
  isInputRequiredResult,
} from '@modelcontextprotocol/server';
import type { AuthInfo, McpHttpHandler, McpRequestContext, ServerCapabilities, StandardSchemaV1 } from '@modelcontextprotocol/server';
import { BasketStore } from './catalog.ts';
import { CallLimiter, type RateLimit } from './rateLimit.ts';
import { STATIC_RESOURCES, readResource } from './resources.ts';
import { createLabTools, createSchemaLabTools, createSeasonalTools, SEASONAL_TOOL } from './labTools.ts';
import { createDemoTools, generatedTools, type DemoTool } from './demoTools.ts';
import { REPORT_TASK_TOOL, ReportTasks, TASKS_EXTENSION, reportTaskDefinition, type ReportTaskOptions } from './reportTasks.ts';
import { PRODUCT_BROWSER_RESOURCE, createProductBrowserTool, readProductBrowser } from './productBrowser.ts';
import { demoSkills } from './demoSkills.ts';

export interface DemoServerOptions {
  /** Tools per tools/list page (default 10). */
  pageSize?: number;
  /** Extra generated tools appended to the list, for scale tests. */
  extraTools?: number;
  /** Basket lifetime after the last change (default 30 minutes). */
  basketLifetimeMs?: number;
  /** How long clients may cache tools/list pages (2026 era). */
  listTtlMs?: number;
  /** Tool calls allowed per client and window (default 100 per 10 s). */
  rateLimit?: RateLimit;
  /** The 2026 task tool's pace and TTL. */
  reportTasks?: ReportTaskOptions;
}

/** params of tasks/get, tasks/update and tasks/cancel, as a Standard Schema (the SDK has no task runtime to give one). */
interface TaskParams {
  taskId: string;
  inputResponses?: unknown;
}
const taskParams: StandardSchemaV1<unknown, TaskParams> = {
  '~standard': {
    version: 1 as const,
    vendor: 'toolscope-demo',
    validate: (value: unknown) =>
      typeof value === 'object' && value !== null && typeof (value as { taskId?: unknown }).taskId === 'string'
        ? { value: value as TaskParams }
        : { issues: [{ message: 'params.taskId must be a string' }] },
  },
};

const INSTRUCTIONS =
  'Demo shop. Find products with search_catalog, then create_basket and pass its basket_id to add_item, get_basket, checkout or delete_basket.';

function encodeCursor(offset: number) {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string, size: number): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = match?.[1] ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= size) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid cursor "${cursor}": use a nextCursor from a previous tools/list result.`,
    );
  }
  return offset;
}

/** Whom a call is bound to (rate limit, basket ownership): a signed-in subject, a bearer token's holder, or anyone. */
export function callerOf(authInfo: AuthInfo | undefined): string {
  const subject = authInfo?.extra?.subject;
  if (typeof subject === 'string' && subject) return `subject:${subject}`;
  return authInfo ? `client:${authInfo.clientId}` : 'anonymous';
}
export function createDemoHandler(options: DemoServerOptions = {}): McpHttpHandler & { tools: readonly DemoTool[] } {
  const pageSize = Math.max(1, options.pageSize ?? 10);
  const store = new BasketStore(options.basketLifetimeMs ?? 30 * 60_000);
  // The tool list can change at run time (toggle_seasonal_offer), to show list_changed.
  const seasonal = { on: false };
  const notify = { toolsChanged: () => {} };
  const baseTools = [
    ...createDemoTools(store),
    ...createLabTools(),
    ...createSchemaLabTools(),
    createProductBrowserTool(),
    { definition: reportTaskDefinition, run: () => ({ content: [] }) },
    ...createSeasonalTools(seasonal, () => notify.toolsChanged()),
    ...generatedTools(options.extraTools ?? 0),
  ];
  const currentTools = () => baseTools.filter((tool) => seasonal.on || tool.definition.name !== SEASONAL_TOOL);
  const byName = new Map(baseTools.map((tool) => [tool.definition.name, tool]));
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (tool: DemoTool) => {
    let validate = validators.get(tool.definition.name);
    if (!validate) {
      validate = ajv.compile(tool.definition.inputSchema);
      validators.set(tool.definition.name, validate);
    }
    return validate;
  };
  const ttlMs = options.listTtlMs ?? 60_000;
  const limiter = new CallLimiter(options.rateLimit);
  const reports = new ReportTasks(options.reportTasks);

  const skills = demoSkills();

  const factory = (request: McpRequestContext) => {
    // An McpServer for what the SDK's extensions attach to (resources, skills); the tools are
    // served by hand on its low-level Server below (the high-level one cannot paginate them).
    const mcp = new McpServer(
      { name: 'toolscope-demo', title: 'Toolscope demo shop', version: '0.1.0' },
      {
        capabilities: {
          tools: { listChanged: true },
          resources: {},
          extensions: { [TASKS_EXTENSION]: {} },
          // SEP-2448: the demo returns its spans of a call when asked (./executionTelemetry.ts).
          serverExecutionTelemetry: EXECUTION_TELEMETRY,
        } as ServerCapabilities,
        instructions: INSTRUCTIONS,
        cacheHints: {
          'tools/list': { ttlMs, cacheScope: 'public' },
          'server/discover': { ttlMs, cacheScope: 'public' },
          'resources/list': { ttlMs, cacheScope: 'public' },
          'resources/read': { ttlMs: 30_000, cacheScope: 'private' },
        },
      },
    );
    const server = mcp.server;

    // The report task and the task methods only for a request that declares the extension (SEP-2663, SEP-2575).
    const requireTasks = () => {
      if (!server.getClientCapabilities()?.extensions?.[TASKS_EXTENSION])
        throw new ProtocolError(ProtocolErrorCode.MissingRequiredClientCapability, 'Missing required client capability', {
          requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
        });
    };

    server.setRequestHandler('tools/list', (req) => {
      const cursor = req.params?.cursor;
      const tools = currentTools();
      const start = cursor === undefined ? 0 : decodeCursor(cursor, tools.length);
      const end = start + pageSize;
      return {
        tools: tools.slice(start, end).map((tool) => tool.definition),
        ...(end < tools.length ? { nextCursor: encodeCursor(end) } : {}),
      };
    });

    server.setRequestHandler('tools/call', async (req, ctx) => {
      const tool = byName.get(req.params.name);
      if (!tool || (tool.definition.name === SEASONAL_TOOL && !seasonal.on)) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`);
      }
      // The caller, as the HTTP layer verified it (server/httpApp.ts): the token's subject — never
      // the client id, which every Toolscope shares (its CIMD URL), so one signed-in person could
      // otherwise read another's baskets and spend their rate limit.
      const owner = callerOf(request.authInfo);
      const admitted = limiter.take(owner);
      if (!admitted.allowed) {
        const seconds = Math.ceil(admitted.retryAfterMs / 1000);
        return {
          isError: true,
          content: [
            {
              type: 'text',
              text: `Rate limit reached: this client may make ${limiter.limit.calls} tool calls per ${limiter.limit.windowMs / 1000} s. Wait ${seconds} s, then call ${tool.definition.name} again.`,
            },
          ],
        };
      }
      const args = req.params.arguments ?? {};
      const validate = validatorFor(tool);
      // SEP-2448: asked for its spans, the call's stages are timed beneath a server span and returned.
      const traced = ExecutionTrace.of(req.params._meta, tool.definition.name, request.era);
      const valid = traced ? await traced.stage('validate arguments', () => validate(args)) : validate(args);
      if (!valid) {
        const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`);
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Invalid arguments for tool ${tool.definition.name}: ${problems.join('; ')}`,
          {
            errors: validate.errors,
          },
        );
      }
      if (tool.definition.name === REPORT_TASK_TOOL) {
        if (request.era !== 'modern') {
          return {
            isError: true,
            content: [
              {
                type: 'text',
                text: `${REPORT_TASK_TOOL} runs as a task, on the 2026-07-28 wire with the ${TASKS_EXTENSION} extension only.`,
              },
            ],
          };
        }
        requireTasks();
        return reports.start(owner, typeof args.year === 'number' ? args.year : 2026) as never;
      }
      const progressToken = req.params._meta?.progressToken;
      const run = () =>
        tool.run(args, {
          era: request.era,
          signal: ctx.mcpReq.signal,
          inputResponses: ctx.mcpReq.inputResponses,
          requestState: ctx.mcpReq.requestState<string>(),
          owner,
          notify: async (method) => {
            await ctx.mcpReq.notify({ method }).catch(() => undefined);
          },
          progress: async (progress, total, message) => {
            if (progressToken === undefined) return;
            await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total, message } });
          },
        });
      const outcome = traced ? await traced.stage(`run ${tool.definition.name}`, run) : await run();
      if (isInputRequiredResult(outcome)) return outcome;
      const projected = server.projectCallToolResult(outcome, tool.definition.outputSchema);
      return traced ? traced.attach(projected) : projected;
    });

    const unknownTask = (taskId: string) =>
      new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown task ${taskId.slice(0, 80)}: it expired, was never made, or belongs to another client.`,
      );
    server.setRequestHandler('tasks/get', { params: taskParams }, ({ taskId }) => {
      requireTasks();
      const task = reports.get(taskId, callerOf(request.authInfo));
      if (!task) throw unknownTask(taskId);
      return task;
    });
    server.setRequestHandler('tasks/update', { params: taskParams }, ({ taskId, inputResponses }, ctx) => {
      requireTasks();
      // The SDK lifts a request's inputResponses (an MRTR field) into the context.
      const given = ctx.mcpReq.inputResponses ?? inputResponses;
      const responses = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
      if (!reports.update(taskId, callerOf(request.authInfo), responses)) throw unknownTask(taskId);
      return {};
    });
    server.setRequestHandler('tasks/cancel', { params: taskParams }, ({ taskId }) => {
      requireTasks();
      if (!reports.cancel(taskId, callerOf(request.authInfo))) throw unknownTask(taskId);
      return {};
    });

    // Every demo:// and ui:// resource through one template each (products' charts and the gzip
    // copy are readable without being listed); skill:// through the Skills extension.
    const read = (uri: URL) => {
      const result = readResource(uri.href) ?? readProductBrowser(uri.href);
      if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource not found: ${uri.href}`, { uri: uri.href });
      return result;
    };
    mcp.registerResource('demo', new ResourceTemplate('demo://{+path}', { list: () => ({ resources: [...STATIC_RESOURCES] }) }), {}, read);
    mcp.registerResource(
      'apps',
      new ResourceTemplate('ui://{+path}', { list: () => ({ resources: [PRODUCT_BROWSER_RESOURCE] }) }),
      {},
      read,
    );
    skills.attach(mcp);
    return mcp;
  };

  const handler = createMcpHandler(factory, { legacy: 'stateless' });
  const closeHandler = handler.close.bind(handler);
  handler.close = async () => {
    reports.close();
    await closeHandler();
  };
  notify.toolsChanged = () => handler.notify.toolsChanged();
  return Object.assign(handler, { tools: baseTools });
}
