import { useQuery } from '@tanstack/react-query';
import type { McpConnection } from '../../../mcp/connection.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';

/**
 * The server's skills (skills/list) as these credentials see them: one query for the sidebar's list
 * and the open skill, fresh as long as the server says (2026-07-28 ttlMs), as the tool list is.
 * `enabled` false reads only what is cached (the sidebar's count before the list is opened).
 */
export function useSkillListing(connection: McpConnection, authContext: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.skills(serverKey(connection.url), authContext),
    queryFn: async () => (await connection.skills()).list(),
    staleTime: (query) => query.state.data?.ttlMs ?? 0,
    enabled,
  });
}
