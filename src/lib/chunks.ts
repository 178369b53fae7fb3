import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { errorMessage } from './errorMessage.ts';

type Loader<T> = () => Promise<T>;

/** A split chunk's code could not be loaded (as opposed to a crash while it renders). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(errorMessage(cause), { cause });
  }
}

/**
 * A loader for a split chunk that keeps a success and forgets a failure, so the next call loads
 * again (under a fresh URL in the built app: src/lib/chunkImport.ts).
 */
export function retryableImport<T>(load: Loader<T>): Loader<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
    });
    return pending;
  };
}

export interface RetryableLazy<P extends object> {
  /** The component to render now (a new one after `retry`, since React keeps a lazy's failure). */
  readonly Component: LazyExoticComponent<ComponentType<P>>;
  /** Forget a failed load: the next render loads the chunk again. */
  retry: () => void;
  /** Start loading the chunk before it is rendered (a failure is kept for the render to report). */
  preload: () => void;
}

/** `React.lazy` that can recover from a failed chunk load (see `retryableImport`). */
export function retryableLazy<P extends object>(load: Loader<{ default: ComponentType<P> }>): RetryableLazy<P> {
  const retryable = retryableImport(load);
  let component = lazy(retryable);
  return {
    get Component() {
      return component;
    },
    retry: () => {
      component = lazy(retryable);
    },
    preload: () => void retryable().catch(() => undefined),
  };
}
