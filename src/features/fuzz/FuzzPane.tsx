// "Fuzz"'s door: the panel (and fast-check, the argument checks) loads when "Fuzz" is chosen, with
// the app's "Try again" if its code cannot load.
import type { ComponentProps } from 'react';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { retryableLazy } from '../../web/chunks.ts';

const FuzzPanel = retryableLazy(() => import('./FuzzPanel.tsx'));

export type FuzzProps = ComponentProps<typeof FuzzPanel.Component>;

export function FuzzPane(props: FuzzProps) {
  return (
    <ChunkBoundary label="the fuzzer" onRetry={FuzzPanel.retry} loading={<p className="text-sm text-muted">Loading the fuzzer…</p>}>
      {() => <FuzzPanel.Component {...props} />}
    </ChunkBoundary>
  );
}
