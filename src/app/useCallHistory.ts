// History wired to the session: every finished call is recorded; entries replay, open for
// editing, compare and copy (link, curl, JSON-RPC, TypeScript) against the live connection.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallRun } from '../features/call/useToolCalls.ts';
import { readResult, type HistoryEntry } from '../features/history/api/historyStore.ts';
import { useHistory } from '../features/history/api/useHistory.ts';
import type { Copied, CopyKind } from '../features/history/HistoryPanel.tsx';
import { diffResults, type ResultDiff } from '../compare/diff.ts';
import { curlCommand, jsonRpcText, shareLink, shareableServer, typescriptSnippet, type CallContext } from '../mcp/callExport.ts';
import type { McpConnection } from '../mcp/connection.ts';
import { describeFailure } from '../mcp/errors.ts';
import { paramHeadersFor } from '../mcp/paramHeaders.ts';
import type { McpTool } from '../mcp/tools.ts';

interface Options {
  connection: McpConnection;
  runs: readonly CallRun[];
  tools: readonly McpTool[];
  /** Sends these arguments to the tool again (through its confirmation gate). */
  replay: (tool: string, args: Record<string, unknown>) => void;
  /** Opens the tool with these arguments in its form. */
  edit: (tool: string, args: Record<string, unknown>) => void;
}

function summary(run: CallRun): string {
  const { state } = run;
  if (state.status === 'done') {
    const blocks = state.result.content.length;
    return `${blocks} ${blocks === 1 ? 'block' : 'blocks'}${state.result.hasStructuredContent ? ' · structured' : ''}`;
  }
  return state.status === 'failed' ? describeFailure(state.failure).slice(0, 300) : 'running';
}

/** The stored result for comparing: the raw result, or — cut over 5 MB — its text as one block. */
async function comparable(entry: HistoryEntry): Promise<unknown> {
  const stored = await readResult(entry.id);
  if (stored?.text !== undefined) return { content: [{ type: 'text', text: stored.text }] };
  return stored?.result ?? { content: [] };
}

export function useCallHistory({ connection, runs, tools, replay, edit }: Options) {
  const history = useHistory(connection.url);
  const { record } = history;
  const recorded = useRef(new Set<number>());
  useEffect(() => {
    for (const run of runs) {
      if (run.state.status === 'running' || recorded.current.has(run.id)) continue;
      recorded.current.add(run.id);
      void record(
        {
          tool: run.tool,
          args: run.state.args,
          outcome: run.state.status === 'failed' ? 'failed' : run.state.result.isError ? 'tool-error' : 'ok',
          summary: summary(run),
          durationMs: run.state.durationMs,
          at: Date.now(),
          era: connection.era,
          protocolVersion: connection.protocolVersion,
        },
        run.state.status === 'done' ? run.state.result.raw : undefined,
      );
    }
  }, [runs, record, connection]);

  const [comparison, setComparison] = useState<{ title: string; diff: ResultDiff }>();
  const [compareNote, setCompareNote] = useState<string>();
  const compare = useCallback(
    async (entry: HistoryEntry, base?: HistoryEntry) => {
      // Without a chosen base: the previous call of this tool, with the same arguments if there is one.
      const older = history.entries.filter((candidate) => candidate.tool === entry.tool && candidate.id < entry.id);
      const sameArgs = older.find((candidate) => JSON.stringify(candidate.args) === JSON.stringify(entry.args));
      const before = base ?? sameArgs ?? older[0];
      if (!before || before.id === entry.id) {
        setCompareNote(`No earlier call of ${entry.tool} to compare with: call it again, or pick two calls.`);
        return;
      }
      setCompareNote(undefined);
      const [a, b] = await Promise.all([comparable(before), comparable(entry)]);
      const at = (value: HistoryEntry) => new Date(value.at).toLocaleTimeString('en-GB');
      setComparison({ title: `${before.tool} at ${at(before)} → ${entry.tool} at ${at(entry)}`, diff: diffResults(a, b) });
    },
    [history.entries],
  );

  const copy = useCallback(
    (entry: HistoryEntry, kind: CopyKind): Copied => {
      const tool = tools.find((candidate) => candidate.name === entry.tool);
      // Credentials in the server URL (user:password@, ?api_key=) are never copied either.
      const server = shareableServer(connection.url);
      const context: CallContext = {
        server: server.url,
        tool: entry.tool,
        args: entry.args,
        era: connection.era,
        protocolVersion: connection.protocolVersion,
        bearer: connection.hasBearerToken,
        headers: { ...connection.customHeaders },
        paramHeaders: connection.era === 'modern' && tool?.paramHeaders ? paramHeadersFor(tool.paramHeaders, entry.args) : undefined,
      };
      const dropped = [
        ...(entry.droppedArgs.length ? [`Not in History, so not copied (secrets): ${entry.droppedArgs.join(', ')}.`] : []),
        ...(server.dropped.length && kind !== 'link'
          ? [`Removed from the server URL as credentials: ${server.dropped.join(', ')} — add them back to run it.`]
          : []),
      ];
      const headerNames = Object.keys(connection.customHeaders);
      switch (kind) {
        case 'link': {
          const link = shareLink(window.location.href, entry);
          const needs = [
            ...(connection.hasBearerToken ? ['a bearer token'] : []),
            ...(headerNames.length ? [`the custom headers ${headerNames.join(', ')}`] : []),
          ];
          const notes = [
            ...link.notes,
            ...dropped,
            ...(needs.length ? [`This server needs ${needs.join(' and ')}: the link does not carry them.`] : []),
          ];
          return { title: 'Link copied (opens the tool filled in, not sent)', text: link.url, notes };
        }
        case 'curl':
          return {
            title: `curl copied (${connection.era === 'modern' ? 'one request' : 'initialize, then the call'})`,
            text: curlCommand(context),
            notes: dropped,
          };
        case 'json-rpc':
          return { title: 'JSON-RPC request copied', text: jsonRpcText(context), notes: dropped };
        case 'typescript':
          return { title: 'TypeScript copied (@modelcontextprotocol/client)', text: typescriptSnippet(context), notes: dropped };
      }
    },
    [connection, tools],
  );

  return {
    panel: {
      entries: history.entries,
      note: compareNote ?? history.note,
      error: history.error,
      onReplay: (entry: HistoryEntry) => replay(entry.tool, entry.args),
      onEdit: (entry: HistoryEntry) => edit(entry.tool, entry.args),
      onCompare: (entry: HistoryEntry, base?: HistoryEntry) => void compare(entry, base),
      onCopy: copy,
      onDelete: (id: number) => void history.remove(id),
      onClear: () => void history.clear(),
    },
    comparison,
    showComparison: (title: string, diff: ResultDiff) => setComparison({ title, diff }),
    closeComparison: () => setComparison(undefined),
  };
}
