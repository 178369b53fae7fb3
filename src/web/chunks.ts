import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { retryableImport, type Loader } from '../lib/retryableImport.ts';

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
