// Who Toolscope says it is and what it handles, in one place: the SDK client declares these, and
// the deep-link prefetch (src/prefetch/walk.ts) sends the same envelope before the SDK has loaded.
export const CLIENT_INFO = { name: 'toolscope', version: '0.1.0' } as const;
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Elicitation (form and URL), answered by a person; tasks (2026: the extension, the server decides per call). */
export const CLIENT_CAPABILITIES = { elicitation: { form: {}, url: {} }, extensions: { [TASKS_EXTENSION]: {} } };
