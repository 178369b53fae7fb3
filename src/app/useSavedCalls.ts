// Saved calls for this server: pin a history entry with a name, export / import them as JSON,
// and run them all in order (a smoke test after each server change) — through the same checks
// and gate as any call (runSaved), the confirmations asked once for the whole run; each call is a
// run of the page like any other (its tool's runs, History).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallRequests } from '../features/call/callRequests.ts';
import type { CallLimits } from '../features/call/callRequest.ts';
import { runSaved, type RunState } from '../features/call/runSaved.ts';
import {
  addSaved,
  deleteSaved,
  listSaved,
  markSavedRun,
  readResult,
  type HistoryEntry,
  type SavedCall,
} from '../features/history/api/historyStore.ts';
import { errorMessage } from '../lib/errorMessage.ts';
import { exportSaved, parseSavedFile } from '../compare/savedCallFile.ts';
import { queryKeys } from '../lib/queryKeys.ts';
import { serverKey } from '../lib/serverKey.ts';
import type { McpConnection } from '../mcp/connection.ts';
import type { McpTool } from '../mcp/tools.ts';

/** Sends one call as a run of this page (so it shows in its tool's runs and enters History). */
export type SendRun = (
  tool: McpTool | string,
  args: Record<string, unknown>,
  limits: CallLimits,
) => Promise<({ result: unknown } | { failure: string }) & { runId: number }>;

export function useSavedCalls(connection: McpConnection, tools: readonly McpTool[], requests: CallRequests, send: SendRun) {
  const server = serverKey(connection.url);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.saved(server), queryFn: () => listSaved(server), staleTime: Infinity });
  const saved = query.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.saved(server) });
  const [verdicts, setVerdicts] = useState<ReadonlyMap<number, RunState>>(new Map());
  const [problem, setProblem] = useState<string>();

  /** Stores one saved call; a bound reached (count, result size) is said, not thrown. */
  const store = async (call: Omit<SavedCall, 'id'>) => {
    try {
      await addSaved(call, connection.secretValues);
      setProblem(undefined);
    } catch (error) {
      setProblem(errorMessage(error));
    }
    await refresh();
  };

  const save = async (entry: HistoryEntry, name: string) => {
    const stored = await readResult(entry.id);
    const expected = stored?.text !== undefined ? { content: [{ type: 'text', text: stored.text }] } : stored?.result;
    await store({ server, name, tool: entry.tool, args: entry.args, expected, savedAt: Date.now() });
  };

  /** Saves a call of this session with its result as the expected one. */
  const saveRun = (tool: string, args: Record<string, unknown>, result: unknown, name: string) =>
    store({ server, name, tool, args, expected: result, savedAt: Date.now() });

  const run = (calls: readonly SavedCall[], unchecked = false) =>
    runSaved(
      calls,
      {
        tools,
        decide: (tool, args, options) => requests.decide(tool, args, options),
        ask: (question) => requests.ask(question),
        call: send,
        // A whole run starts afresh; one call sent anyway keeps the others' verdicts.
        onStart: () => {
          if (!unchecked) setVerdicts(new Map());
        },
        onState: (id, state) => {
          setVerdicts((previous) => new Map(previous).set(id, state));
          // Sent from here once: an imported call is the person's now.
          if ('runId' in state && state.runId !== undefined && calls.find((call) => call.id === id)?.imported)
            void markSavedRun(id).then(refresh);
        },
      },
      unchecked,
    );

  /** "Send anyway" for a call held back for its arguments: unchecked, still through the gate. */
  const sendAnyway = (id: number) => {
    const call = saved.find((candidate) => candidate.id === id);
    if (call) void run([call], true);
  };

  const importText = async (text: string) => {
    const parsed = parseSavedFile(text);
    if ('problem' in parsed) {
      setProblem(`Import failed: ${parsed.problem}`);
      return;
    }
    // Imported arguments are not the person's until run from here once: the first run asks first.
    for (const call of parsed.calls) await store({ ...call, server, savedAt: Date.now(), imported: true });
  };

  return {
    saved,
    verdicts,
    problem,
    save,
    saveRun,
    remove: async (id: number) => {
      await deleteSaved(id);
      await refresh();
    },
    runAll: () => void run(saved),
    sendAnyway,
    exportText: () => exportSaved(connection.url, saved),
    importText,
  };
}
