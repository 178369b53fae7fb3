// A split chunk's loader that forgets a failure (plain TypeScript: src/mcp uses it too; the
// React side is src/web/chunks.ts).
import { errorMessage } from './errorMessage.ts';

export type Loader<T> = () => Promise<T>;

/** A split chunk's code could not be loaded (as opposed to a crash while it renders). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(errorMessage(cause), { cause });
  }
}

/**
 * A loader for a split chunk that keeps a success and forgets a failure, so the next call loads
 * again (under a fresh URL in the built app: src/web/chunkImport.ts).
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
