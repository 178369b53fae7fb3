// Saved calls for this server: the list (IndexedDB, through react-query), saving, export and
// import; running them is the call session's (src/session: the same checks and gate as any call).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { exportSaved, parseSavedFile } from './savedCallFile.ts';
import { suiteOf } from './suiteExport.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { toasts } from '../../web/toasts.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { serverKey } from '../../lib/serverKey.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { CallSession } from '../../session/callSession.ts';
import { readResult, type HistoryEntry } from '../../storage/callStore.ts';
import { addSaved, deleteSaved, listSaved, type SavedCall } from '../../storage/savedStore.ts';

export function useSavedCalls(connection: McpConnection, session: CallSession) {
  const server = serverKey(connection.url);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.saved(server), queryFn: () => listSaved(server), staleTime: Infinity });
  const saved = query.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.saved(server) });
  const [problem, setProblem] = useState<string>();

  /** Stores one saved call; a bound reached (count, result size) is said, not thrown. */
  const store = async (call: Omit<SavedCall, 'id'>) => {
    try {
      await addSaved(call, connection.secretValues);
      setProblem(undefined);
      if (!call.imported)
        toasts.show({
          title: `Saved “${call.name}”`,
          notes: ['In the dock’s Saved calls: ▶ runs it again and says whether the result changed.'],
        });
    } catch (error) {
      setProblem(errorMessage(error));
    }
    await refresh();
  };

  return {
    saved,
    problem,
    save: async (entry: HistoryEntry, name: string) => {
      const stored = await readResult(entry.id);
      const expected = stored?.text !== undefined ? { content: [{ type: 'text', text: stored.text }] } : stored?.result;
      await store({ server, name, tool: entry.tool, args: entry.args, expected, savedAt: Date.now() });
    },
    saveRun: (tool: string, args: Record<string, unknown>, result: unknown, name: string) =>
      store({ server, name, tool, args, expected: result, savedAt: Date.now() }),
    remove: async (id: number) => {
      await deleteSaved(id);
      await refresh();
    },
    runAll: () => void session.runSaved(saved),
    /** ▶: this one call again, checked and gated like any other; the others keep their verdicts. */
    runOne: (id: number) => {
      const call = saved.find((candidate) => candidate.id === id);
      if (call) void session.runSaved([call]);
    },
    /** "Send anyway" for a call held back for its arguments: unchecked, still through the gate. */
    sendAnyway: (id: number) => {
      const call = saved.find((candidate) => candidate.id === id);
      if (call) void session.runSaved([call], true);
    },
    exportText: () => exportSaved(connection.url, saved),
    /** The saved calls as a suite for `toolscope test`, the tools' hints read as the session knows them. */
    exportSuiteText: () => suiteOf(connection.url, saved, session.tools),
    importText: async (text: string) => {
      const parsed = parseSavedFile(text);
      if ('problem' in parsed) return setProblem(`Import failed: ${parsed.problem}`);
      // Imported arguments are not the person's until run from here once: the first run asks first.
      for (const call of parsed.calls) await store({ ...call, server, savedAt: Date.now(), imported: true });
    },
  };
}
