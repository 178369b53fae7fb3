import { readStored, writeStored } from '../../../web/storage.ts';
import { serverStorageKey } from '../../../lib/serverKey.ts';

import type { ConnectionPath } from '../../../mcp/establish.ts';

export type { ConnectionPath };

const key = (url: string) => serverStorageKey('path', url);
const parse = (value: unknown): ConnectionPath | undefined => (value === 'proxy' || value === 'direct' ? value : undefined);

/** The user's standing choice of path for a server (remembered in this browser). */
export const storedPath = (url: string): ConnectionPath | undefined => readStored(key(url), parse);
export const rememberPath = (url: string, path: ConnectionPath) => writeStored(key(url), path);
