import { useCallback, useEffect, useRef, useState } from 'react';
import type { McpConnection } from '../../mcp/connection.ts';
import type { ElicitationAnswer, ElicitationAsker, ElicitationRequest } from '../../mcp/elicitation.ts';

export interface PendingElicitation {
  id: number;
  request: ElicitationRequest;
  /** The task that asks, when the protocol says. */
  asker?: ElicitationAsker;
}

/** Queues the server's questions and lets the person answer them one at a time. */
export function useElicitations(connection: McpConnection) {
  const [queue, setQueue] = useState<readonly PendingElicitation[]>([]);
  const resolvers = useRef(new Map<number, (answer: ElicitationAnswer) => void>());
  const nextId = useRef(0);

  const settle = useCallback((id: number, answer: ElicitationAnswer) => {
    const resolve = resolvers.current.get(id);
    resolvers.current.delete(id);
    setQueue((previous) => previous.filter((entry) => entry.id !== id));
    resolve?.(answer);
  }, []);

  useEffect(() => {
    const pending = resolvers.current;
    connection.setElicitationHandler(
      (request, signal, asker) =>
        new Promise<ElicitationAnswer>((resolve) => {
          const id = ++nextId.current;
          pending.set(id, resolve);
          setQueue((previous) => [...previous, { id, request, ...(asker ? { asker } : {}) }]);
          // The call was cancelled or timed out: the question no longer needs an answer.
          signal.addEventListener('abort', () => settle(id, { action: 'cancel' }), { once: true });
        }),
    );
    return () => {
      connection.setElicitationHandler(undefined);
      for (const [id] of pending) settle(id, { action: 'cancel' });
    };
  }, [connection, settle]);

  return { current: queue[0], waiting: queue.length, answer: settle };
}
