import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { controlStdio, readStdioEvents, type StdioSession } from '../../mcp/wire/stdio.ts';
import { ConsoleStore } from './consoleStore.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

/** Restarts this launch's stdio server: given by the app when the connection is its bridge. */
/** For a connection to this launch's stdio server: restarting it, and whether its child runs now. */
export interface RestartServer {
  restart: () => void;
  runs: boolean;
}
export const RestartServerContext = createContext<RestartServer | undefined>(undefined);
export const useRestartServer = () => useContext(RestartServerContext);

/**
 * Follows the stdio server this launch of Toolscope runs: its status and console, live (the
 * stream is resumed after the last line seen when it drops), and the two things the page may
 * ask of it — restart and stop.
 */
export function useStdioServer(session: StdioSession | undefined) {
  const [store] = useState(() => new ConsoleStore());
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!session) return;
    const controller = new AbortController();
    void (async () => {
      for (let attempt = 0; !controller.signal.aborted; attempt++) {
        try {
          await readStdioEvents(
            session,
            store.lastSeq,
            (event) => {
              attempt = 0;
              store.setLive(true);
              if (event.kind === 'status') store.setStatus(event.status);
              else store.addLine(event.line);
            },
            controller.signal,
          );
        } catch {
          // Toolscope's server went away or refused: try again, more slowly each time.
        }
        store.setLive(false);
        if (controller.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** attempt, 5000)));
      }
    })();
    return () => controller.abort();
  }, [session, store]);

  const control = useCallback(
    async (action: 'restart' | 'stop') => {
      if (!session) return;
      setProblem('');
      try {
        const status = await controlStdio(session, action);
        if (status) store.setStatus(status);
      } catch (error) {
        setProblem(errorMessage(error));
      }
    },
    [session, store],
  );

  return {
    snapshot,
    problem,
    restart: useCallback(() => control('restart'), [control]),
    stop: useCallback(() => control('stop'), [control]),
  };
}
