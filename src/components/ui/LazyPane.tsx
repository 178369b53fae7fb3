import type { ReactNode } from 'react';
import { ChunkBoundary } from './ChunkBoundary.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/** A lazily loaded view of the main pane: its own error boundary (reset by `resetKey`) and chunk recovery. */
export function LazyPane({
  label,
  resetKey,
  onRetry,
  loading,
  children,
}: {
  label: string;
  resetKey: unknown;
  onRetry: () => void;
  loading: string;
  children: () => ReactNode;
}) {
  return (
    <ErrorBoundary label={label} resetKey={resetKey}>
      <ChunkBoundary label={label} onRetry={onRetry} loading={<p className="text-sm text-muted">{loading}</p>}>
        {children}
      </ChunkBoundary>
    </ErrorBoundary>
  );
}
