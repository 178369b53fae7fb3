// The "Servers" list in the chip's popover (the server switcher): this one first, each other with
// how many tools it lists (under its own credentials), its era, its calls still running, and what
// the list does (open, disconnect, Hosts). `useHostServers` is the set as Hosts reads it.
import { useMemo } from 'react';
import { errorMessage } from '../../lib/errorMessage.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { useServersTools } from '../../features/tools/api/toolPages.ts';
import { ServersList } from '../../features/servers/ServersList.tsx';
import type { HostsServer } from '../../features/servers/HostsView.tsx';

/** The servers connected beside this one: each keeps its own connection, sign-in, headers and trust decisions. */
export interface ServerSet {
  others: readonly { url: string; label: string; connection: McpConnection; authContext: string; running: number }[];
  /** This server's name in the list (unique among them). */
  label: string;
  open: (url: string, tool?: string) => void;
  disconnect: (url: string) => void;
}

const ALONE: ServerSet['others'] = [];

/** Every server of the tab as Hosts and the list read it: this one first, then the others with their tools. */
export function useHostServers(
  connection: McpConnection,
  servers: ServerSet | undefined,
  own: { tools: readonly McpTool[]; loading: boolean },
) {
  const others = servers?.others ?? ALONE;
  const otherTools = useServersTools(others);
  const label = servers?.label ?? connection.server.title ?? connection.server.name;
  const hostServers = useMemo(
    (): HostsServer[] => [
      { url: connection.url, label, ...connection.server, tools: own.tools, loading: own.loading },
      ...others.map((other, index) => ({
        url: other.url,
        label: other.label,
        ...other.connection.server,
        tools: otherTools[index]?.tools ?? [],
        loading: otherTools[index]?.loading ?? true,
      })),
    ],
    [connection, label, own.tools, own.loading, others, otherTools],
  );
  return { others, otherTools, label, hostServers };
}

interface Props {
  connection: McpConnection;
  servers: ServerSet;
  set: ReturnType<typeof useHostServers>;
  /** Calls running on the server on screen. */
  running: number;
  onHosts: () => void;
}

export function ServersPane({ connection, servers, set: { others, otherTools, hostServers }, running, onHosts }: Props) {
  return (
    <ServersList
      servers={hostServers.map((server, index) => {
        const other = index === 0 ? undefined : others[index - 1];
        const failed = index === 0 ? undefined : otherTools[index - 1]?.error;
        return {
          url: server.url,
          label: server.label,
          era: other ? other.connection.protocolVersion : connection.protocolVersion,
          onScreen: index === 0,
          tools: server.tools,
          loading: server.loading,
          error: failed ? errorMessage(failed) : undefined,
          running: other ? other.running : running,
        };
      })}
      onOpen={servers.open}
      onDisconnect={servers.disconnect}
      onHosts={onHosts}
    />
  );
}
