// tools/list as the server sent it, not parsed into McpTool: the lockfile (src/report/lockfile.ts)
// digests each tool whole (SEP-2636: the entire Tool), so nothing the parser would drop or reshape
// may be lost. Through the connection's one request path (Traffic sees each page).
import { isRecord, own } from './guards.ts';

type Request = (method: string, params: Record<string, unknown>, options?: { signal?: AbortSignal }) => Promise<unknown>;

export class ToolDefinitions {
  readonly #request: Request;

  constructor(request: Request) {
    this.#request = request;
  }

  /** One page: its tool objects as sent (entries that are not objects left out), and its cursor. */
  async page(cursor?: string, signal?: AbortSignal): Promise<{ items: Record<string, unknown>[]; nextCursor?: string }> {
    const raw = await this.#request('tools/list', cursor === undefined ? {} : { cursor }, { signal });
    const tools = isRecord(raw) ? own(raw, 'tools') : undefined;
    const next = isRecord(raw) ? own(raw, 'nextCursor') : undefined;
    return { items: Array.isArray(tools) ? tools.filter(isRecord) : [], nextCursor: typeof next === 'string' ? next : undefined };
  }
}
