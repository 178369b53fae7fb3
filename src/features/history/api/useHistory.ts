import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey, serverStorageKey } from '../../../lib/serverKey.ts';
import { readStored, removeStored, writeStored } from '../../../lib/storage.ts';
import {
  MAX_CALLS,
  addEntry,
  clearServer,
  deleteEntry,
  listEntries,
  type HistoryEntry,
  type NewEntry,
} from '../../../storage/callStore.ts';
import { errorMessage } from '../../../lib/errorMessage.ts';
import { afterPaint } from '../../../lib/idle.ts';

/**
 * This server's call history (newest first), and the ways to change it. `known`: the
 * connection's secret values, never kept (see src/storage/callStore.ts).
 */
export function useHistory(serverUrl: string, known: () => readonly string[] = () => []) {
  const server = serverKey(serverUrl);
  const noResultsKey = serverStorageKey('no-results', serverUrl);
  const [keepResults, setKeepResultsState] = useState(() => readStored(noResultsKey, (value) => value === true) !== true);
  const setKeepResults = useCallback(
    (keep: boolean) => {
      if (keep) removeStored(noResultsKey);
      else writeStored(noResultsKey, true);
      setKeepResultsState(keep);
    },
    [noResultsKey],
  );
  const queryClient = useQueryClient();
  const key = queryKeys.history(server);
  const query = useQuery({ queryKey: key, queryFn: () => listEntries(server), staleTime: Infinity });
  const [note, setNote] = useState<string>();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.history(server) }), [queryClient, server]);

  const record = useCallback(
    async (entry: Omit<NewEntry, 'server'>, result: unknown) => {
      try {
        await afterPaint();
        const { stored, dropped } = await addEntry({ ...entry, server }, result, { known: known(), results: keepResults });
        if (!dropped) {
          // Newest first: put it on top, without reading every entry back from the database.
          queryClient.setQueryData<HistoryEntry[]>(queryKeys.history(server), (entries) => (entries ? [stored, ...entries] : entries));
          return;
        }
        setNote(
          `History keeps ${MAX_CALLS} calls and 200 MB per server: the ${dropped === 1 ? 'oldest call was' : `${dropped} oldest calls were`} dropped.`,
        );
      } catch (error) {
        setNote(`This call was not kept in History: ${errorMessage(error)}`);
      }
      await refresh();
    },
    [server, refresh, queryClient, known, keepResults],
  );
  const remove = useCallback(
    async (id: number) => {
      await deleteEntry(id);
      await refresh();
    },
    [refresh],
  );
  const clear = useCallback(async () => {
    await clearServer(server);
    setNote(undefined);
    await refresh();
  }, [server, refresh]);

  return { entries: query.data ?? [], error: query.error, note, record, remove, clear, keepResults, setKeepResults };
}
