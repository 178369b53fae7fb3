// `toolscope/testing`: an MCP server opened from your own tests (Vitest, node:test, Jest…) — reached
// the way every Toolscope command reaches one, each call checked and read as the page and
// `toolscope test` read it (the same outcome words), behind the same trust gate.
// Docs: docs/test.md in Toolscope's repository ("Your own tests: toolscope/testing").

/** How a call ended, in the page's words. Besides these four: `not-sent` (refused before sending: arguments that break the tool's inputSchema, an unknown tool), or another of the page's words (`unreachable`, `cancelled`, `timed-out`…). */
export type Outcome = 'ok' | 'tool-error' | 'protocol-error' | 'invalid-output' | 'not-sent' | (string & {});

export interface OpenOptions {
  /** Extra HTTP headers for every request (an API key). */
  headers?: Record<string, string>;
  /** A bearer token (sent as `Authorization: Bearer …`). */
  bearer?: string;
  /** `'legacy'` (the 2025 initialize) or a 2026 protocol version (`'2026-07-28'`); default: what the server offers. */
  era?: 'legacy' | (string & {});
  /** Each request's time limit, in ms (default 30,000). */
  timeoutMs?: number;
  /** Each answer's size limit, in MB (default 16). */
  maxResponseMb?: number;
  /** A command: variables set for it (over an environment without secret-named variables of yours). */
  env?: Record<string, string>;
  /** A command: its working folder. */
  cwd?: string;
  /** Call tools not marked read-only (`readOnlyHint`). Without it such a call throws, and nothing is sent. */
  allowWrites?: boolean;
  /** Call tools that may destroy data (`destructiveHint` not false, or hints that contradict). */
  allowDestructive?: boolean;
}

export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}

export interface ToolResult {
  outcome: Outcome;
  /** The time the call took, as the page measures it (ms). */
  ms: number;
  /** The result's text blocks, joined by a space ("" when none). */
  text: string;
  /** The result's content blocks, as the server sent them (empty when the call got no result). */
  content: Array<{ type: string; [key: string]: unknown }>;
  /** The result's structuredContent, when it had one. */
  structuredContent?: unknown;
  /** The tool said it failed (`isError`). */
  isError: boolean;
  /** Why, when the outcome is not ok: the error's message, the tool's own text, the output schema's complaint. */
  message?: string;
  /** The result as the server sent it, when it answered with one. */
  raw?: unknown;
}

export interface TestServer extends AsyncDisposable {
  /** The server as it said of itself, and the protocol spoken. */
  readonly server: { name: string; version?: string; protocolVersion: string; era: 'legacy' | 'modern' };
  /** Every tool (all pages). */
  listTools(): Promise<Tool[]>;
  /** Calls a tool. Throws when the trust gate refuses it (a write without `allowWrites`…); any answer is a result. */
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  /** Closes the connection and stops a command started for it. */
  close(): Promise<void>;
}

/**
 * Opens a server: a URL (`http://127.0.0.1:3000/mcp`), or a command as its words
 * (`['node', 'build/index.js']`: run as given, no shell). Rejects saying why it could not connect.
 */
export function openServer(server: string | readonly string[], options?: OpenOptions): Promise<TestServer>;
