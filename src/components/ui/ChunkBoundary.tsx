import { Suspense, useState, type ReactNode } from 'react';
import { ChunkLoadError } from '../../lib/retryableImport.ts';
import { Button } from './Button.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

interface Props {
  /** What the chunk shows, for the message ("the form"). */
  label: string;
  /** Forgets the failed load (see `retryableLazy`). */
  onRetry: () => void;
  /** Shown while the chunk loads. */
  loading: ReactNode;
  /** Renders the lazy component; called again after "Try again" so it picks the fresh one. */
  children: () => ReactNode;
}

/**
 * Where a lazily loaded part of the page goes: while it loads, `loading`; when its code cannot
 * be fetched (Toolscope's own server restarted or unreachable), a message with "Try again" that
 * loads it afresh — never a blank panel, never a reload that loses what was typed.
 */
export function ChunkBoundary({ label, onRetry, loading, children }: Props) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      label={label}
      resetKey={attempt}
      fallback={(error) => {
        // A crash while rendering is not a load failure: the boundary above reports it.
        if (!(error instanceof ChunkLoadError)) throw error;
        return (
          <div role="alert" className="flex flex-col gap-1 text-sm text-danger">
            <div className="flex flex-wrap items-center gap-2">
              <span>Toolscope could not load {label}: its code did not arrive. Is Toolscope’s own server still running?</span>
              <Button
                className="px-2 py-0.5 text-xs"
                onClick={() => {
                  onRetry();
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            </div>
            <span className="text-xs break-all opacity-80">{error.message}</span>
          </div>
        );
      }}
    >
      <Suspense fallback={loading}>{children()}</Suspense>
    </ErrorBoundary>
  );
}
