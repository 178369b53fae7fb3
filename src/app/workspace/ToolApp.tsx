// An app tool's MCP App in the tool workspace: the app above the result (loaded on demand), and
// "Focus app" — the request pane folded to a strip so the app gets its room (on by itself for a
// tool without arguments; the design review's ≥ 95 % scale at 1440).
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import type { AppCall, GateAppTool } from '../../features/apps/AppView.tsx';
import type { McpConnection } from '../../mcp/connection.ts';
import { isRecord } from '../../mcp/guards.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { retryableLazy } from '../../web/chunks.ts';

const AppView = retryableLazy(() => import('../../features/apps/AppView.tsx'));

export interface ToolApps {
  sandboxOrigin?: string;
  callFromApp: AppCall;
  gateAppTool?: GateAppTool;
  record?: (direction: 'to app' | 'from app', message: unknown) => void;
  onViolation?: (directive: string, blocked: string) => void;
}

const takesArguments = (schema: unknown) => isRecord(schema) && isRecord(schema.properties) && Object.keys(schema.properties).length > 0;

/** Whether the request pane folds away for the app: the person's switch, once the app shows on a wide screen. */
export function useFocusApp(tool: McpTool, appShown: boolean, wide: boolean) {
  // On by itself for an app that takes no arguments, and for any app on a screen too narrow for both panes.
  const [on, setOn] = useState(() => Boolean(tool.app) && (!takesArguments(tool.inputSchema) || !wide));
  // Wide, the request folds away; narrower, the panes already take turns: the result's text and
  // the run list step aside under the app instead.
  return { on, setOn, folded: wide && on && appShown, alone: !wide && on && appShown };
}

/** Where the result's text would be, while the app is in focus on a narrow screen. */
export function AppAlone({ onShow }: { onShow: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
      Focus app is on: the result’s text and the earlier runs are hidden.
      <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={onShow}>
        Show them
      </Button>
    </p>
  );
}

/** The folded request: a strip whose one button brings it back. */
export function FoldedRequest({ onShow }: { onShow: () => void }) {
  return (
    <div className="hidden w-12 shrink-0 flex-col items-center border-r border-line pt-1 xl:flex">
      <Button variant="ghost" className="px-1 text-xs [writing-mode:vertical-rl]" onClick={onShow}>
        Show request
      </Button>
    </div>
  );
}

export function ToolApp(props: {
  tool: McpTool;
  connection: McpConnection;
  args: Record<string, unknown>;
  result: unknown;
  apps: ToolApps;
  onViolation: (directive: string, blocked: string) => void;
  focus: { on: boolean; onChange: (on: boolean) => void };
}) {
  const { tool, connection, args, result, apps, onViolation, focus } = props;
  if (!tool.app) return null;
  const app = tool.app;
  return (
    <ChunkBoundary label="the MCP App" onRetry={AppView.retry} loading={<p className="text-sm text-muted">Loading the app host…</p>}>
      {() => (
        <AppView.Component
          tool={{ ...tool, app }}
          connection={connection}
          args={args}
          result={result}
          sandboxOrigin={apps.sandboxOrigin}
          callFromApp={apps.callFromApp}
          gateAppTool={apps.gateAppTool}
          recordApp={apps.record ? (direction, message) => apps.record?.(direction, message) : undefined}
          onViolation={onViolation}
          focus={focus}
        />
      )}
    </ChunkBoundary>
  );
}
