import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import type { ListFreshness as Freshness } from './api/toolPages.ts';

const seconds = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 90 ? `${s} s` : s < 5400 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;
};

/** A clock that ticks once a second while mounted (only this line re-renders). */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** How fresh the tool list is, by the server's ttlMs, and a Reload that bypasses the cache. */
export function ListFreshness({ freshness, onReload }: { freshness?: Freshness; onReload: () => void }) {
  const now = useNow();
  if (!freshness) return null;
  const age = now - freshness.updatedAt;
  const left = freshness.updatedAt + freshness.ttlMs - now;
  const origin =
    freshness.source === 'cache'
      ? `From cache${freshness.sharedPublic ? ' (public list)' : ''}, listed ${seconds(age)} ago`
      : `Listed ${age < 2000 ? 'just now' : `${seconds(age)} ago`}`;
  const state =
    freshness.source === 'cache' && freshness.refreshing
      ? 'refreshing…'
      : freshness.ttlMs === 0
        ? 'the server allows no caching'
        : left > 0
          ? `fresh for ${seconds(left)} more`
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
