// Who Toolscope says it is and what it handles, in one place: the SDK client declares these, and
// the deep-link prefetch (src/prefetch/walk.ts) sends the same envelope before the SDK has loaded.
export const CLIENT_INFO = { name: 'toolscope', version: '0.1.0' } as const;
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/**
 * Elicitation (form and URL), answered by a person; tasks (2026: the extension, the server decides
 * per call); MCP Apps (SEP-1865 2026-01-26, "Client (Host) Capabilities": `mimeTypes` is required),
 * so a server that registers its UI tools only for hosts that render them (ext-apps' getUiCapability) does.
 */
export const CLIENT_CAPABILITIES = {
  elicitation: { form: {}, url: {} },
  extensions: { [TASKS_EXTENSION]: {}, [APPS_EXTENSION]: { mimeTypes: ['text/html;profile=mcp-app'] } },
};
