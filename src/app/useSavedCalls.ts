// Saved calls for this server: pin a history entry with a name, export / import them as JSON,
// and run them all in order (a smoke test after each server change) — through the same
// confirmation gate as any call, asked once for the whole run.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { SafetySettings } from '../features/call/safetySettings.ts';
import { addSaved, deleteSaved, listSaved, readResult, type HistoryEntry, type SavedCall } from '../features/history/api/historyStore.ts';
import { exportSaved, judge, parseSavedFile, type Verdict } from '../history/savedCalls.ts';
import { serverKey } from '../lib/serverKey.ts';
import type { McpConnection } from '../mcp/connection.ts';
import { describeFailure, failureOf } from '../mcp/errors.ts';
import { callGate, type McpTool } from '../mcp/tools.ts';

export type RunState = Verdict | { status: 'running' };

export function useSavedCalls(connection: McpConnection, tools: readonly McpTool[], safety: SafetySettings) {
  const server = serverKey(connection.url);
  const key = ['saved', server] as const;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: () => listSaved(server), staleTime: Infinity });
  const saved = query.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['saved', server] });
  const [verdicts, setVerdicts] = useState<ReadonlyMap<number, RunState>>(new Map());
  const [confirming, setConfirming] = useState<string[]>();
  const [problem, setProblem] = useState<string>();

  const save = async (entry: HistoryEntry, name: string) => {
    const stored = await readResult(entry.id);
    const expected = stored?.text !== undefined ? { content: [{ type: 'text', text: stored.text }] } : stored?.result;
    await addSaved({ server, name, tool: entry.tool, args: entry.args, expected, savedAt: Date.now() });
    await refresh();
  };

  const execute = useCallback(
    async (calls: readonly SavedCall[]) => {
      for (const call of calls) {
        setVerdicts((previous) => new Map(previous).set(call.id, { status: 'running' }));
        const tool = tools.find((candidate) => candidate.name === call.tool);
        const gate = callGate(tool ?? { name: call.tool, annotations: {} }, safety.policy, safety.readOnlyMode);
        let verdict: Verdict;
        if (gate.action === 'refuse') verdict = { status: 'failed', message: `Refused, not sent: ${gate.reason}` };
        else {
          try {
            const result = await connection.callTool(tool ?? call.tool, call.args, { timeoutMs: safety.timeoutSeconds * 1000 });
            verdict = judge(call.expected, { result: result.raw });
          } catch (error) {
            verdict = judge(call.expected, { failure: describeFailure(failureOf(error)) });
          }
        }
        setVerdicts((previous) => new Map(previous).set(call.id, verdict));
      }
    },
    [connection, tools, safety],
  );

  const runAll = (confirmed = false) => {
    const asking = saved.filter((call) => {
      const tool = tools.find((candidate) => candidate.name === call.tool);
      return callGate(tool ?? { name: call.tool, annotations: {} }, safety.policy, safety.readOnlyMode).action === 'confirm';
    });
    if (asking.length && !confirmed) {
      setConfirming(asking.map((call) => `${call.name} (${call.tool})`));
      return;
    }
    setConfirming(undefined);
    setVerdicts(new Map());
    void execute(saved);
  };

  const importText = async (text: string) => {
    const parsed = parseSavedFile(text);
    if ('problem' in parsed) {
      setProblem(`Import failed: ${parsed.problem}`);
      return;
    }
    for (const call of parsed.calls) await addSaved({ ...call, server, savedAt: Date.now() });
    setProblem(undefined);
    await refresh();
  };

  return {
    saved,
    verdicts,
    confirming,
    problem,
    save,
    remove: async (id: number) => {
      await deleteSaved(id);
      await refresh();
    },
    runAll,
    cancelRun: () => setConfirming(undefined),
    exportText: () => exportSaved(connection.url, saved),
    importText,
  };
}
