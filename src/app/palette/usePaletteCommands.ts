// The connected server's palette commands (paletteCommands.ts builds them), handed to the palette
// each time what they depend on changes, and taken back when the workspace goes.
import { useEffect } from 'react';
import type { McpConnection } from '../../mcp/connection.ts';
import type { HintFilter } from '../../mcp/toolHints.ts';
import type { McpTool } from '../../mcp/tools.ts';
import type { CallSession } from '../../session/callSession.ts';
import type { CallRun } from '../../session/runs.ts';
import { HINT_FILTERS } from '../../features/tools/hintFilters.ts';
import { dock } from '../../web/dockStore.ts';
import { panes } from '../../web/panesStore.ts';
import { useStableCallback } from '../../web/stableCallback.ts';
import { copyWithToast } from '../../web/toasts.ts';
import type { Command } from './commands.ts';
import { serverCommands } from './paletteCommands.ts';
import type { MainView } from '../workspace/useWorkspaceState.ts';

interface Wiring {
  connection: McpConnection;
  tools: readonly McpTool[];
  runs: readonly CallRun[];
  session: CallSession;
  onCommands: (build: () => readonly Command[]) => void;
  select: (name: string) => void;
  sendAgain: (name: string, args: Record<string, unknown>, origin: 'replay' | 'run-last') => void;
  setHint: (hint: HintFilter) => void;
  setView: (view: MainView) => void;
  copyCurl: (tool: string, args: Record<string, unknown>) => { title: string; text: string; notes: string[] };
}

export function usePaletteCommands({
  connection,
  tools,
  runs,
  session,
  onCommands,
  select,
  sendAgain,
  setHint,
  setView,
  copyCurl,
}: Wiring) {
  const last = runs.at(-1);
  const running = runs.filter((run) => run.state.status === 'running').length;
  const copyLastAsCurl = useStableCallback(() => {
    if (last) copyWithToast(copyCurl(last.tool, last.state.args));
  });
  const cancelRunning = useStableCallback(() => {
    for (const run of runs) if (run.state.status === 'running') session.cancel(run.id);
  });
  useEffect(() => {
    const lastCall = last && { tool: last.tool, args: last.state.args };
    // A view the person opens from the palette is the request pane's (on a phone, show it).
    const show = (view: MainView) => {
      setView(view);
      panes.show('request');
    };
    onCommands(() =>
      serverCommands(
        { tools, last: lastCall, filters: HINT_FILTERS, running, skills: connection.offersSkills },
        {
          openTool: select,
          runLast: (name, args) => sendAgain(name, args, 'run-last'),
          filter: setHint,
          report: (tab) => setView({ kind: 'report', tab }),
          appResources: () => setView({ kind: 'app-resources' }),
          toggleDock: (tab) => dock.toggle(tab),
          copyLastAsCurl,
          cancelRunning,
          skills: () => show({ kind: 'skills' }),
          find: () => show({ kind: 'report', tab: 'find' }),
          hosts: () => show({ kind: 'hosts' }),
          model: () => show({ kind: 'model' }),
        },
      ),
    );
    return () => onCommands(() => []);
  }, [tools, onCommands, select, last, sendAgain, setView, setHint, running, copyLastAsCurl, cancelRunning, connection]);
}
