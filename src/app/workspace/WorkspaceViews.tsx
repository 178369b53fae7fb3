// The views that take the work area's place instead of a tool — the app resources, Skills
// and the server report (with Find a tool, its tab) — each loaded when the person first opens it (the report brings Ajv and
// the o200k tokenizer).
import type { ActiveTrust } from '../../report/active.ts';
import { LazyPane } from '../../components/ui/LazyPane.tsx';
import type { AppCall, GateAppTool } from '../../apphost/hostSession.ts';
import type { CallRecord } from '../../report/callRules.ts';
import type { GatheredReport } from '../../report/collect.ts';
import type { Finding } from '../../report/findings.ts';
import type { AppViolation } from '../../report/appRules.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { McpTool } from '../../mcp/tools.ts';
import type { OfferRecord } from '../../features/offers/OfferView.tsx';
import { retryableLazy } from '../../web/chunks.ts';
import type { MainView } from './useWorkspaceState.ts';
import type { HostsServer } from '../../features/servers/HostsView.tsx';
import { pageTokenizer } from '../../features/report/api/tokenCounter.ts';
import { unionKeys } from '../../report/hosts.ts';
import { unionTools } from '../../report/queries.ts';
import { useMemo } from 'react';

const AppResources = retryableLazy(() => import('../../features/apps/AppResources.tsx'));
const ReportView = retryableLazy(() => import('../../features/report/ReportView.tsx'));
const SkillsPane = retryableLazy(() => import('./SkillsPane.tsx'));
const OfferPane = retryableLazy(() => import('./OfferPane.tsx'));
const FindPanel = retryableLazy(() => import('../../features/tools/FindPanel.tsx'));
const HostsView = retryableLazy(() => import('../../features/servers/HostsView.tsx'));
const ModelPanel = retryableLazy(() => import('../../features/model/ModelPanel.tsx'));

interface Props {
  view: Exclude<MainView, { kind: 'tool' }>;
  setView: (view: MainView) => void;
  connection: McpConnection;
  authContext: string;
  tools: readonly McpTool[];
  onOpenTool: (name: string) => void;
  sandboxOrigin?: string;
  callFromApp: AppCall;
  gateAppTool: GateAppTool;
  records: readonly CallRecord[];
  appViolations: readonly AppViolation[];
  /** The findings behind the chip's score (the skills view lists its skill's). */
  findings?: readonly Finding[];
  /** What the last report asked the server, kept here so the chip scores the same input. */
  made?: GatheredReport;
  onMade: (gathered: GatheredReport) => void;
  /** Each prompt get and resource read as it ended (History keeps it). */
  recordOffer: OfferRecord;
  /** Every connected server with its tools (this one first): the "Hosts" view, and Find across them. */
  hostServers: readonly HostsServer[];
  /** Opens a tool of another connected server (its own workspace). */
  openOnServer?: (url: string, tool: string) => void;
  /** Sends a call through the call session's gate (the model's choice, "Run it"). */
  runCall: (tool: string, args: Record<string, unknown>) => void;
  /** The call session's trust gate (the report's active check asks it too). */
  trust: ActiveTrust;
}

export function WorkspaceView({
  view,
  setView,
  connection,
  authContext,
  tools,
  onOpenTool,
  records,
  appViolations,
  findings,
  made,
  onMade,
  recordOffer,
  hostServers,
  openOnServer,
  runCall,
  trust,
  ...apps
}: Props) {
  // With several servers, Find ranks over all of them: each tool as `server/tool` (the server's config name).
  const union = useMemo(() => {
    if (hostServers.length < 2) return undefined;
    const keys = unionKeys(hostServers);
    const at = new Map(hostServers.map((server) => [keys.get(server.url) ?? server.url, server.url]));
    return {
      tools: unionTools(hostServers.map((server) => ({ key: keys.get(server.url) ?? server.url, name: server.name, tools: server.tools }))),
      open: (name: string) => {
        const slash = name.indexOf('/');
        const url = at.get(name.slice(0, slash));
        const tool = name.slice(slash + 1);
        if (url === connection.url) onOpenTool(tool);
        else if (url) openOnServer?.(url, tool);
      },
    };
  }, [hostServers, connection.url, onOpenTool, openOnServer]);
  switch (view.kind) {
    case 'model':
      return (
        <LazyPane label="the model panel" resetKey={connection} onRetry={ModelPanel.retry} loading="Loading the model panel…">
          {() => (
            <ModelPanel.Component
              server={{ ...(hostServers[0] ?? { url: connection.url, label: connection.server.name, ...connection.server }), tools }}
              servers={hostServers}
              onRun={runCall}
              onOpenOnServer={openOnServer}
              onBack={() => setView({ kind: 'report', tab: 'find' })}
            />
          )}
        </LazyPane>
      );
    case 'hosts':
      return (
        <LazyPane label="the hosts view" resetKey={connection} onRetry={HostsView.retry} loading="Loading the hosts view…">
          {() => <HostsView.Component servers={hostServers} tokenizer={pageTokenizer} />}
        </LazyPane>
      );
    case 'app-resources':
      return (
        <LazyPane label="the app resources" resetKey={connection} onRetry={AppResources.retry} loading="Loading the app resources…">
          {() => <AppResources.Component tools={tools} connection={connection} {...apps} />}
        </LazyPane>
      );
    case 'skills':
      return (
        <LazyPane label="the skills" resetKey={connection} onRetry={SkillsPane.retry} loading="Loading the skills view…">
          {() => <SkillsPane.Component connection={connection} authContext={authContext} findings={findings} open={view.skill} />}
        </LazyPane>
      );
    case 'offers':
      return (
        <LazyPane label={`the ${view.tab}`} resetKey={connection} onRetry={OfferPane.retry} loading={`Loading the ${view.tab} view…`}>
          {() => (
            <OfferPane.Component
              connection={connection}
              authContext={authContext}
              tab={view.tab}
              pick={view.pick}
              fill={view.fill}
              record={recordOffer}
            />
          )}
        </LazyPane>
      );
    case 'report':
      return (
        <LazyPane
          label="the server report"
          resetKey={connection}
          onRetry={ReportView.retry}
          loading="Loading the report (rules and tokenizer)…"
        >
          {() => (
            <ReportView.Component
              connection={connection}
              calls={records}
              trust={trust}
              appViolations={appViolations}
              onOpenTool={onOpenTool}
              tab={view.tab}
              find={
                <LazyPane label="the tool search" resetKey={connection} onRetry={FindPanel.retry} loading="Loading the tool search…">
                  {() => (
                    <FindPanel.Component
                      tools={union?.tools ?? tools}
                      onOpenTool={union?.open ?? onOpenTool}
                      onAskModel={() => setView({ kind: 'model' })}
                    />
                  )}
                </LazyPane>
              }
              onTab={(tab) => setView(tab ? { kind: 'report', tab } : { kind: 'tool' })}
              made={made}
              onMade={onMade}
            />
          )}
        </LazyPane>
      );
  }
}
