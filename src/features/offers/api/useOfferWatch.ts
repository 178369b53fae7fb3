import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import type { McpConnection } from '../../../mcp/connection.ts';

/**
 * Keeps the Prompts and Resources views true to the server: a list_changed lists again, and the
 * resource last opened is subscribed (when the server offers it) so resources/updated reads it again.
 */
export function useOfferWatch(connection: McpConnection, authContext: string, enabled: boolean, watchedUri: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || (!connection.offers.prompts && !connection.offers.resources)) return;
    const server = serverKey(connection.url);
    let stop: (() => void) | undefined;
    let live = true;
    const { prompts, resources, subscribe } = connection.offers;
    void connection.changes
      .watchOffers(
        (change) => {
          const keys =
            change.kind === 'prompts'
              ? [queryKeys.offers(server, authContext, 'prompts')]
              : change.kind === 'resources'
                ? [queryKeys.offers(server, authContext, 'resources'), queryKeys.offers(server, authContext, 'templates')]
                : [queryKeys.offerRead(server, authContext, change.uri)];
          for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
        },
        { prompts, resources, subscribe },
        watchedUri ? [watchedUri] : [],
      )
      .then((stopWatching) => {
        if (live) stop = stopWatching;
        else stopWatching();
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [connection, authContext, enabled, watchedUri, queryClient]);
}
