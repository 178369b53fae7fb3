// Which listed tools have an inputSchema whose arguments cannot be fully checked (it does not
// compile, or names a dialect Toolscope checks as another) — said in the list, before anyone
// opens the tool. Only the rows on screen are checked, in idle moments and only as long as each
// moment lasts, and not while pages are still streaming in (an idle moment then is a wait for
// the next page, which should be handled the moment it lands), so a list of 10,000 tools costs
// nothing up front; each schema is compiled once (and reused by the checks before a call).
import { useEffect, useState } from 'react';
import { retryableImport } from '../../../lib/retryableImport.ts';
import { whenIdle } from '../../../web/idle.ts';
import type { McpTool } from '../../../mcp/tools.ts';

const loadValidate = retryableImport(() => import('../../../schema/validate.ts'));
const known = new WeakMap<McpTool, string | null>();

/**
 * The problem of each given tool's schema, once known (undefined until then, or when there is
 * none). Nothing is checked while `paused`.
 */
export function useSchemaProblems(tools: readonly McpTool[], paused = false): (tool: McpTool) => string | undefined {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const pending = paused ? [] : tools.filter((tool) => !known.has(tool));
    if (!pending.length) return undefined;
    let cancel: (() => void) | undefined;
    let live = true;
    const step = (schemaProblem: (schema: unknown) => string | undefined, timeLeft: () => number) => {
      if (!live) return;
      // At least one per moment (a compile can outlast what is left), more while time remains.
      do {
        const tool = pending.shift();
        if (tool) known.set(tool, schemaProblem(tool.inputSchema) ?? null);
      } while (pending.length && timeLeft() > 4);
      setVersion((version) => version + 1);
      if (pending.length) cancel = whenIdle((left) => step(schemaProblem, left), 1000);
    };
    loadValidate()
      .then(({ schemaProblem }) => {
        cancel = whenIdle((left) => step(schemaProblem, left), 1000);
      })
      .catch(() => undefined); // the note at call time still says it
    return () => {
      live = false;
      cancel?.();
    };
  }, [tools, paused]);
  return (tool) => known.get(tool) ?? undefined;
}
