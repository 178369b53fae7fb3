import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import type { McpConnection } from '../../../mcp/connection.ts';

export function resourceReadOptions(connection: McpConnection, uri: string) {
  return queryOptions({
    queryKey: queryKeys.resource(serverKey(connection.url), connection.authContext, uri),
    queryFn: ({ signal }) => connection.readResource(uri, signal),
    // The connection honours the result's ttlMs itself; a press of the link always asks it.
    staleTime: 0,
    retry: false,
  });
}

/** resources/read for a resource link, on demand: nothing is read until `read()` is called. */
export function useResourceRead(connection: McpConnection, uri: string) {
  const [requested, setRequested] = useState(false);
  const query = useQuery({ ...resourceReadOptions(connection, uri), enabled: requested });
  return {
    query,
    read: () => {
      if (requested) void query.refetch();
      else setRequested(true);
    },
  };
}
