import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import type { ListFreshness as Freshness } from './api/toolPages.ts';
import { ago, roughDuration } from '../../lib/age.ts';

/**
 * A clock that ticks once a minute while mounted (the line reads to the minute; a per-second tick
 * re-rendered it for nothing), and once more at `deadline`, so "stale" shows the moment it is true.
 */
function useMinuteClock(deadline: number | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 60_000);
    const wait = deadline === undefined ? -1 : deadline - Date.now();
    const alarm = wait >= 0 && wait < 2 ** 31 - 1 ? setTimeout(tick, wait + 50) : undefined;
    return () => {
      clearInterval(timer);
      clearTimeout(alarm);
    };
  }, [deadline]);
  return now;
}

/** How fresh the tool list is, by the server's ttlMs, and a Reload that bypasses the cache. */
export function ListFreshness({ freshness, onReload }: { freshness?: Freshness; onReload: () => void }) {
  const now = useMinuteClock(freshness && freshness.ttlMs > 0 ? freshness.updatedAt + freshness.ttlMs : undefined);
  if (!freshness) return null;
  const age = now - freshness.updatedAt;
  const left = freshness.updatedAt + freshness.ttlMs - now;
  const origin =
    freshness.source === 'cache' ? `From cache${freshness.sharedPublic ? ' (public list)' : ''}, listed ${ago(age)}` : `Listed ${ago(age)}`;
  const state =
    freshness.source === 'cache' && freshness.refreshing
      ? 'refreshing…'
      : freshness.ttlMs === 0
        ? 'the server allows no caching'
        : left > 0
          ? `fresh for ${roughDuration(left)} more`
          : 'stale';
  return (
    <div className="flex items-center justify-between gap-2 text-xs text-muted">
      <p>
        {origin} · {state}
      </p>
      <Button
        variant="ghost"
        className="px-2 py-0.5 text-xs"
        aria-label="Reload tool list"
        title="List again, bypassing the cache"
        onClick={onReload}
      >
        Reload
      </Button>
    </div>
  );
}
