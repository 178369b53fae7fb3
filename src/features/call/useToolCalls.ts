import { useCallback, useRef, useState } from 'react';
import type { McpConnection } from '../../mcp/connection.ts';
import { failureOf, type McpFailure } from '../../mcp/errors.ts';
import type { CallResult } from '../../mcp/results.ts';

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export type CallState =
  | { status: 'idle' }
  | { status: 'running'; startedAt: number; progress?: Progress; args: Record<string, unknown> }
  | { status: 'done'; result: CallResult; durationMs: number; args: Record<string, unknown> }
  | { status: 'failed'; failure: McpFailure; durationMs: number; args: Record<string, unknown> };

export interface CallRun {
  id: number;
  tool: string;
  /** 'app': an MCP App's own call (it stays in the app; the response pane keeps showing the app's run). */
  origin?: 'app';
  state: Exclude<CallState, { status: 'idle' }>;
}

/** What a call needs of a tool: its name and how its arguments reach the HTTP layer. */
export type CallTarget = Parameters<McpConnection['callTool']>[0] & { name: string };

/** Runs kept per tool; older finished runs are forgotten. */
const KEEP_PER_TOOL = 20;

/**
 * Every call is its own run: several may run at once (different tools, or the same tool
 * twice), each with its own progress, result and cancel.
 */
export function useToolCalls(connection: McpConnection) {
  const [runs, setRuns] = useState<readonly CallRun[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(0);

  const update = useCallback((id: number, state: CallRun['state']) => {
    setRuns((previous) => previous.map((run) => (run.id === id ? { ...run, state } : run)));
  }, []);

  const call = useCallback(
    async (
      target: CallTarget,
      args: Record<string, unknown>,
      limits: { timeoutMs: number; maxTotalTimeoutMs: number },
      origin?: 'app',
    ): Promise<{ id: number; state: Exclude<CallState, { status: 'idle' | 'running' }> }> => {
      const tool = target.name;
      const id = ++nextId.current;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      const startedAt = performance.now();
      setRuns((previous) => {
        const mine = previous.filter((run) => run.tool === tool);
        const drop = new Set(
          mine
            .filter((run) => run.state.status !== 'running')
            .slice(0, Math.max(0, mine.length + 1 - KEEP_PER_TOOL))
            .map((run) => run.id),
        );
        return [
          ...previous.filter((run) => !drop.has(run.id)),
          { id, tool, state: { status: 'running', startedAt, args }, ...(origin ? { origin } : {}) },
        ];
      });
      let state: Exclude<CallState, { status: 'idle' | 'running' }>;
      try {
        const result = await connection.callTool(target, args, {
          ...limits,
          signal: controller.signal,
          onProgress: (progress) => {
            if (!controller.signal.aborted) update(id, { status: 'running', startedAt, args, progress });
          },
        });
        state = { status: 'done', result, durationMs: performance.now() - startedAt, args };
      } catch (error) {
        state = { status: 'failed', failure: failureOf(error), durationMs: performance.now() - startedAt, args };
      } finally {
        controllers.current.delete(id);
      }
      update(id, state);
      return { id, state };
    },
    [connection, update],
  );

  const cancel = useCallback((id: number) => controllers.current.get(id)?.abort(), []);

  /** The tool's runs, newest first. */
  const runsOf = useCallback((tool: string): CallRun[] => runs.filter((run) => run.tool === tool).reverse(), [runs]);

  /** The newest run of any tool (the palette's "Run the last call"). */
  const last = runs.at(-1);

  return { runs, runsOf, call, cancel, last };
}
