// The UI resources (ui://) this server's tools name, each previewable on its own: the app framed
// and bridged as after a call, but with no tool result (a host shows an app before its tool
// returns, too). Reached from the palette ("App resources").
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { retryableLazy } from '../../web/chunks.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { revealInvisible } from '../../lib/text.ts';
import type { McpTool } from '../../mcp/tools.ts';
import type { AppCall, GateAppTool } from './AppView.tsx';

const AppView = retryableLazy(() => import('./AppView.tsx'));

type AppTool = McpTool & { app: NonNullable<McpTool['app']> };

interface Props {
  tools: readonly McpTool[];
  connection: McpConnection;
  sandboxOrigin?: string;
  callFromApp: AppCall;
  gateAppTool?: GateAppTool;
}

export default function AppResources({ tools, connection, sandboxOrigin, callFromApp, gateAppTool }: Props) {
  // One entry per resource, with the tools that name it (the first one hosts the preview).
  const byUri = new Map<string, AppTool[]>();
  for (const tool of tools) if (tool.app) byUri.set(tool.app.resourceUri, [...(byUri.get(tool.app.resourceUri) ?? []), tool as AppTool]);
  // ui:// resources the server lists that no tool names (a host could still be asked to show them).
  const [listed, setListed] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    connection
      .listResourcesRaw()
      .then((resources) => {
        if (live)
          setListed(resources.map((item) => item.uri).filter((uri): uri is string => typeof uri === 'string' && uri.startsWith('ui://')));
      })
      .catch(() => undefined); // a server without resources lists none
    return () => {
      live = false;
    };
  }, [connection]);
  for (const uri of listed)
    if (!byUri.has(uri))
      byUri.set(uri, [
        {
          name: uri,
          icons: [],
          inputSchema: {},
          annotations: {},
          findings: [],
          app: { resourceUri: uri, visibility: ['model', 'app'], deprecated: false, problems: [] },
        },
      ]);
  const [open, setOpen] = useState<string>();
  const shown = open ? byUri.get(open)?.[0] : undefined;
  return (
    <section aria-label="App resources" className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">App resources</h2>
      {byUri.size ? (
        <ul className="flex flex-col divide-y divide-line rounded-md border border-line text-sm">
          {[...byUri].map(([uri, named]) => (
            <li key={uri} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-mono break-all">{revealInvisible(uri)}</span>
              <span className="text-xs text-muted">
                {named[0]?.name === uri
                  ? 'listed, named by no tool'
                  : `named by ${named.map((tool) => revealInvisible(tool.name)).join(', ')}`}
              </span>
              <Button className="ml-auto px-2 py-0.5 text-xs" aria-label={`Preview ${uri}`} onClick={() => setOpen(uri)}>
                Preview
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No tool of this server names a UI (_meta.ui.resourceUri).</p>
      )}
      {shown ? (
        <ChunkBoundary label="the MCP App" onRetry={AppView.retry} loading={<p className="text-sm text-muted">Loading the app host…</p>}>
          {() => (
            <AppView.Component
              key={shown.app.resourceUri}
              tool={shown}
              connection={connection}
              args={{}}
              result={undefined}
              sandboxOrigin={sandboxOrigin}
              callFromApp={callFromApp}
              gateAppTool={gateAppTool}
            />
          )}
        </ChunkBoundary>
      ) : null}
    </section>
  );
}
