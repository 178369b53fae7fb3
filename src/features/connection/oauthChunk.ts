import { retryableImport } from '../../lib/chunks.ts';

/** The OAuth steps, loaded on the first sign-in or token refresh; a failed load is retried afresh. */
export const loadOAuth = retryableImport(() => import('../../mcp/oauth.ts'));
