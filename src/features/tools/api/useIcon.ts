import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { loadIcon } from '../iconLoader.ts';

/** A checked, displayable URL for a remote icon (undefined while loading or when refused). */
export function useIcon(src: string, mimeType: string | undefined): string | undefined {
  const query = useQuery({
    queryKey: queryKeys.icon(src, mimeType),
    queryFn: async () => (await loadIcon(src, mimeType)) ?? null,
    // An icon does not change under the same URL within a session.
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? undefined;
}
