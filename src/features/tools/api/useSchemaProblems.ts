// Which listed tools have an inputSchema whose arguments cannot be fully checked (it does not
// compile, or names a dialect Toolscope checks as another) — said in the list, before anyone
// opens the tool. Only the rows on screen are checked, a few at a time in idle moments, so a
// list of 10,000 tools costs nothing up front; each schema is compiled once (and reused by the
// checks before a call).
import { useEffect, useState } from 'react';
import { retryableImport } from '../../../lib/chunks.ts';
import type { McpTool } from '../../../mcp/tools.ts';

const loadValidate = retryableImport(() => import('../../../schema/validate.ts'));
const BATCH = 8;
const known = new WeakMap<McpTool, string | null>();

const idle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 500 }) : setTimeout(run, 16);
const cancelIdle = (handle: number | ReturnType<typeof setTimeout>) =>
  typeof cancelIdleCallback === 'function' && typeof handle === 'number' ? cancelIdleCallback(handle) : clearTimeout(handle);

/** The problem of each given tool's schema, once known (undefined until then, or when there is none). */
export function useSchemaProblems(tools: readonly McpTool[]): (tool: McpTool) => string | undefined {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const pending = tools.filter((tool) => !known.has(tool));
    if (!pending.length) return undefined;
    let handle: number | ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const step = (schemaProblem: (schema: unknown) => string | undefined) => {
      if (!live) return;
      for (const tool of pending.splice(0, BATCH)) known.set(tool, schemaProblem(tool.inputSchema) ?? null);
      setVersion((version) => version + 1);
      if (pending.length) handle = idle(() => step(schemaProblem));
    };
    loadValidate()
      .then(({ schemaProblem }) => {
        handle = idle(() => step(schemaProblem));
      })
      .catch(() => undefined); // the note at call time still says it
    return () => {
      live = false;
      if (handle !== undefined) cancelIdle(handle);
    };
  }, [tools]);
  return (tool) => known.get(tool) ?? undefined;
}
