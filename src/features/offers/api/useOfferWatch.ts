import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import type { McpConnection } from '../../../mcp/connection.ts';
import { useOfferCounts } from './offerQueries.ts';

/**
 * Keeps the Prompts and Resources views true to the server: a list_changed lists again, and the
 * resource last opened is subscribed (when the server offers it) so resources/updated reads it again.
 */
export function useOfferWatch(connection: McpConnection, authContext: string, watchedUri: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!connection.offers.prompts && !connection.offers.resources) return;
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
  }, [connection, authContext, watchedUri, queryClient]);
}

/** The server's prompts and resources, listed at connect and watched from then on: how many of each. */
export function useServerOffers(connection: McpConnection, authContext: string, watchedUri: string | undefined) {
  useOfferWatch(connection, authContext, watchedUri);
  return useOfferCounts(connection, authContext);
}
