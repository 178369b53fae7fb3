import { useEffect, useState } from 'react';
import { ConnectionBar } from '../features/connection/ConnectionBar.tsx';
import { readDeepLink, writeDeepLink } from '../features/connection/deepLink.ts';
import { preloadProtocolLayer, useConnection } from '../features/connection/useConnection.ts';
import { TrafficPanel } from '../features/traffic/TrafficPanel.tsx';
import { TrafficRecorder } from '../mcp/traffic.ts';
import { ConnectedView } from './ConnectedView.tsx';

const initialLink = readDeepLink(window.location.search);

export function App() {
  const [recorder] = useState(() => new TrafficRecorder());
  const { state, connect, disconnect } = useConnection(recorder);

  // ?server= connects at once (UI contract: deep links); otherwise warm up the SDK chunk.
  useEffect(() => {
    if (initialLink.server) void connect(initialLink.server, '');
    else void preloadProtocolLayer();
  }, [connect]);

  const connectedUrl = state.status === 'connected' ? state.connection.url : undefined;
  useEffect(() => {
    if (connectedUrl)
      window.history.replaceState(
        null,
        '',
        writeDeepLink(window.location.search, { server: connectedUrl, tool: readDeepLink(window.location.search).tool }),
      );
  }, [connectedUrl]);

  return (
    <div className="flex h-dvh flex-col gap-3 p-3">
      <header className="flex flex-col gap-2">
        <h1 className="text-lg font-bold">
          Toolscope <span className="text-sm font-normal text-slate-500">— explore and call the tools of MCP servers</span>
        </h1>
        <ConnectionBar
          state={state}
          initialUrl={initialLink.server ?? ''}
          onConnect={(url, token) => void connect(url, token)}
          onDisconnect={disconnect}
        />
      </header>
      <main className="flex min-h-0 flex-1 flex-col">
        {state.status === 'connected' ? (
          <ConnectedView
            key={state.id}
            connection={state.connection}
            connectionId={state.id}
            authContext={state.authContext}
            initialTool={initialLink.tool}
          />
        ) : (
          <p className="text-sm text-slate-500">Enter the URL of an MCP server (Streamable HTTP) and press Connect.</p>
        )}
      </main>
      <TrafficPanel recorder={recorder} />
    </div>
  );
}
