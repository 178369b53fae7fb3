// The caller an auth middleware verified, handed to the MCP handler (and from there to tools)
// through Hono's typed context variables.
import type { AuthInfo } from '@modelcontextprotocol/server';

declare module 'hono' {
  interface ContextVariableMap {
    authInfo?: AuthInfo;
  }
}

export type { AuthInfo };
