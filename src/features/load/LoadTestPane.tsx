// The load test's door: the panel (and the HDR histogram under it) loads when "Load test" is
// chosen, with the app's "Try again" if its code cannot load.
import type { ComponentProps } from 'react';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { retryableLazy } from '../../web/chunks.ts';

const LoadTestPanel = retryableLazy(() => import('./LoadTestPanel.tsx'));

export type LoadTestProps = ComponentProps<typeof LoadTestPanel.Component>;

export function LoadTestPane(props: LoadTestProps) {
  return (
    <ChunkBoundary label="the load test" onRetry={LoadTestPanel.retry} loading={<p className="text-sm text-muted">Loading load test…</p>}>
      {() => <LoadTestPanel.Component {...props} />}
    </ChunkBoundary>
  );
}
