// One number for what one answer may weigh, wherever Toolscope reads a server: the page's
// connection and its deep-link prefetch (src/mcp/wire/responseCap.ts, src/prefetch/walk.ts), and the
// CLI's and the agent's default --max-mb (server/cli/limits.ts). Issue 79: a 20 MB tools/list is
// refused with its size by all of them alike.
export const ANSWER_CAP_BYTES = 16 * 1024 * 1024;
