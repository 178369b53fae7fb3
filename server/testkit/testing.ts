// `toolscope/testing` (issue 83): a server opened from an author's own tests. Reached the one way
// every command reaches a server (../cli/reach.ts; a command through the page's stdio bridge,
// ../cli/targets.ts); every tool listed once; each call behind the same trust gate as `toolscope
// test` (../suite/runSuite.ts: a write needs allowWrites, a possible destruction allowDestructive —
// refused by a throw, nothing sent), then through the page's call session and read as a suite reads
// it (../suite/observeCall.ts: the same outcome words). Its public types are types/testing.d.ts,
// which this file is checked against.
import type * as Public from '../../types/testing.d.ts';
import { ANSWER_CAP_BYTES } from '../../src/lib/answerCap.ts';
import { refused } from '../../src/lib/refusal.ts';
import type { McpTool } from '../../src/mcp/tools.ts';
import { DEFAULT_SAFETY } from '../../src/session/safety.ts';
import { unattendedSession } from '../../src/workspace/unattended.ts';
import type { StdioChild } from '../stdio/child.ts';
import { eraHintOf, reach, type ServerTarget } from '../cli/reach.ts';
import { openStdio } from '../cli/targets.ts';
import { gateOf, listAll } from '../suite/runSuite.ts';
import { observeCall, textOf } from '../suite/observeCall.ts';

const publicTool = (tool: McpTool): Public.Tool => ({
  name: tool.name,
  ...(tool.title !== undefined ? { title: tool.title } : {}),
  ...(tool.description !== undefined ? { description: tool.description } : {}),
  inputSchema: tool.inputSchema as Record<string, unknown>,
  ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
  annotations: { ...tool.annotations },
});

/** Where the server is: a URL as is, or a command started now (its words as given, no shell). */
async function targetOf(server: string | readonly string[], options: Public.OpenOptions, children: Set<StdioChild>) {
  if (typeof server === 'string') {
    if (!/^https?:\/\//i.test(server))
      throw new TypeError(
        `openServer: "${server.slice(0, 80)}" is not an http(s) URL; give a command as its words, e.g. ['node', 'build/index.js'].`,
      );
    return { target: { url: server } satisfies ServerTarget, stop: () => Promise.resolve() };
  }
  const [command, ...args] = server;
  if (!command) throw new TypeError('openServer: the command is empty.');
  const started = await openStdio(
    { command, args, env: Object.entries(options.env ?? {}), ...(options.cwd !== undefined ? { cwd: options.cwd } : {}) },
    children,
  );
  return {
    target: { url: 'http://stdio.toolscope.invalid/mcp', label: command, fetch: started.fetch } satisfies ServerTarget,
    stop: started.stop,
  };
}

export const openServer: typeof Public.openServer = async (server, options = {}) => {
  const children = new Set<StdioChild>();
  const { target, stop } = await targetOf(server, options, children);
  let reached: Awaited<ReturnType<typeof reach>>;
  try {
    const eraHint = eraHintOf(options.era);
    reached = await reach(target, {
      timeoutMs: options.timeoutMs ?? 30_000,
      maxResponseBytes: options.maxResponseMb === undefined ? ANSWER_CAP_BYTES : Math.round(options.maxResponseMb * 1024 * 1024),
      headers: options.headers ?? {},
      ...(options.bearer ? { bearer: options.bearer } : {}),
      ...(eraHint ? { eraHint } : {}),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const { connection } = reached;
  const close = async () => {
    await connection.close().catch(() => undefined);
    await stop();
  };
  const listed = await listAll(connection);
  if ('stop' in listed) {
    await close();
    throw new Error(`openServer: the tools could not all be listed: ${listed.stop}`);
  }
  const permissions = { allowWrites: options.allowWrites === true, allowDestructive: options.allowDestructive === true };
  const session = unattendedSession(connection, permissions.allowWrites || permissions.allowDestructive, DEFAULT_SAFETY);
  session.setTools([...listed.tools], false);
  const option = { writes: 'allowWrites', destructive: 'allowDestructive' } as const;
  return {
    server: {
      name: connection.server.name,
      ...(connection.server.version ? { version: connection.server.version } : {}),
      protocolVersion: connection.protocolVersion,
      era: connection.era,
    },
    listTools: () => Promise.resolve(listed.tools.map(publicTool)),
    call: async (name, args = {}) => {
      // The gate first, as `toolscope test` decides it: a refusal is the test's setup, not the server's answer.
      const tool = listed.tools.find((candidate) => candidate.name === name);
      const gate = tool && gateOf(tool, permissions);
      if (gate) throw new Error(refused(`${name}: ${gate.why} — pass { ${option[gate.needs]}: true } to openServer.`));
      const done = await observeCall(session, name, args, 'Not sent: the test’s gate refused it.');
      if (!done.sent) return { outcome: 'not-sent', ms: 0, text: '', content: [], isError: false, message: done.refused };
      const { observed, raw } = done;
      const result = observed.result as { content?: Public.ToolResult['content']; structuredContent?: unknown; isError?: true } | undefined;
      const content = result?.content ?? [];
      return {
        outcome: observed.outcome,
        ms: Math.round(observed.ms * 10) / 10,
        text: textOf(content),
        content,
        ...(result && 'structuredContent' in result ? { structuredContent: result.structuredContent } : {}),
        isError: result?.isError === true,
        ...(observed.message !== undefined ? { message: observed.message } : {}),
        ...(raw !== undefined ? { raw } : {}),
      };
    },
    close,
    [Symbol.asyncDispose]: close,
  };
};
