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

const IDLE: CallState = { status: 'idle' };

/** One call slot per tool: each tool keeps its own progress and last result. */
export function useToolCalls(connection: McpConnection) {
  const [states, setStates] = useState<ReadonlyMap<string, CallState>>(new Map());
  const controllers = useRef(new Map<string, AbortController>());

  const set = useCallback((name: string, state: CallState) => {
    setStates((previous) => new Map(previous).set(name, state));
  }, []);

  const call = useCallback(
    async (name: string, args: Record<string, unknown>, limits: { timeoutMs: number; maxTotalTimeoutMs: number }) => {
      controllers.current.get(name)?.abort();
      const controller = new AbortController();
      controllers.current.set(name, controller);
      const startedAt = performance.now();
      set(name, { status: 'running', startedAt, args });
      try {
        const result = await connection.callTool(name, args, {
          ...limits,
          signal: controller.signal,
          onProgress: (progress) => {
            if (!controller.signal.aborted) set(name, { status: 'running', startedAt, args, progress });
          },
        });
        if (controllers.current.get(name) === controller)
          set(name, { status: 'done', result, durationMs: performance.now() - startedAt, args });
      } catch (error) {
        if (controllers.current.get(name) !== controller) return;
        const failure = failureOf(error);
        set(name, { status: 'failed', failure, durationMs: performance.now() - startedAt, args });
      }
    },
    [connection, set],
  );

  const cancel = useCallback((name: string) => controllers.current.get(name)?.abort(), []);

  const stateOf = useCallback((name: string): CallState => states.get(name) ?? IDLE, [states]);

  return { stateOf, call, cancel };
}
