import { useCallback, useSyncExternalStore } from 'react';

/** Below this the workspace shows one pane at a time (Tools · Request · Response · Dock). */
export const NARROW = '(max-width: 767.98px)';
/** From this width the request and the response sit side by side; below it they are tabs. */
export const WIDE = '(min-width: 1280px)';

/** Whether a CSS media query matches now, kept in step as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
