// `toolscope mcp`: Toolscope as a stdio MCP server for a coding agent (../../agent/agentServer.ts):
// connect, list_tools, call_tool, report, traffic. No command and no URL from the command line — the
// agent names them, within what these options allow; only a config file's stdio entries ever run.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { errorMessage } from '../../../src/lib/errorMessage.ts';
import { printable } from '../../../src/lib/printable.ts';
import { redactText } from '../../../src/lib/redactUrl.ts';
import { createAgentServer, withSkills } from '../../agent/agentServer.ts';
import type { StdioChild } from '../../stdio/child.ts';
import { ANSWER_CAP_MB } from '../args.ts';
import { MCP_OPTIONS, UsageError, parseOptions, parsePositive } from '../cliOptions.ts';
import { readConfig } from '../files.ts';
import { entrySpec, openStdio } from '../targets.ts';
import type { Command } from '../cliCommand.ts';

export interface McpOptions {
  allowDestructive: boolean;
  allowWrites: boolean;
  allowSwitch: boolean;
  allowHosts: string[];
  config?: string;
  /** The one entry of the config file the agent may open. */
  server?: string;
  /** Per request and per response, as the CLI's report (--timeout, --max-mb). */
  timeoutMs: number;
  maxResponseBytes: number;
}

type Mcp = { kind: 'mcp'; mcp: McpOptions };

export const mcp: Command<Mcp> = {
  name: 'mcp',
  options: MCP_OPTIONS,
  usage: `  toolscope mcp [--allow-writes] [--allow-destructive] [--allow-host HOST]… [--config FILE
                [--server NAME]] [--allow-switch]
                                              Toolscope as a stdio MCP server for a coding agent:
                                              connect, list_tools, call_tool, report, traffic; one
                                              server per run (--server pins an entry, --allow-switch
                                              lets it change), read-only calls unless allowed
mcp options:
  --allow-writes        let call_tool call tools not marked read-only (refused otherwise)
  --allow-destructive   let call_tool call tools that may change or destroy data (refused otherwise)
  --allow-host HOST     a host beyond loopback that connect may reach (repeatable)
  --config FILE         an mcpServers file: the agent may connect to its entries by name, and
                        only its stdio entries' commands ever run
  --timeout S, --max-mb N   per request and per answer, as report's (default 30 s, 16 MB)`,
  parse: (argv) => parseMcp(argv),
  run: async ({ mcp: options }) => {
    await serveAgent(options);
    return undefined;
  },
};

/** `toolscope mcp`: no command and no URL from the command line — the agent names them, within what these allow. */
function parseMcp(args: string[]): Mcp | { kind: 'help' } {
  if (args.includes('--')) throw new UsageError('toolscope mcp runs no command of its own: name stdio servers in a --config file.');
  const { values, positionals } = parseOptions(args, MCP_OPTIONS);
  if (values.help) return { kind: 'help' };
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0] ?? ''}" (see toolscope --help).`);
  const allowHosts = (values['allow-host'] ?? []).map((host) => host.trim().toLowerCase());
  for (const host of allowHosts)
    if (!/^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/.test(host))
      throw new UsageError(`--allow-host ${host}: expected a host name or address, without scheme or port.`);
  if (values.server !== undefined && values.config === undefined)
    throw new UsageError('--server needs --config FILE (the entry is one of its).');
  if (values.server !== undefined && values['allow-switch'])
    throw new UsageError('--server pins one entry; --allow-switch lets the agent change: give one.');
  return {
    kind: 'mcp',
    mcp: {
      allowDestructive: values['allow-destructive'] ?? false,
      allowWrites: values['allow-writes'] ?? false,
      allowSwitch: values['allow-switch'] ?? false,
      allowHosts,
      config: values.config,
      ...(values.server !== undefined ? { server: values.server } : {}),
      timeoutMs: parsePositive('timeout', values.timeout, 30, 3600) * 1000,
      maxResponseBytes: Math.round(parsePositive('max-mb', values['max-mb'], ANSWER_CAP_MB, 4096) * 1024 * 1024),
    },
  };
}

/** `toolscope mcp`: the agent's server on this process's stdin/stdout (nothing else may write to stdout). */
async function serveAgent(options: McpOptions): Promise<void> {
  // stdout is the protocol's channel: whatever anything in this process logs goes to stderr, so a
  // dependency's console.log can never put a line into the JSON-RPC stream.
  const toStderr = (...parts: unknown[]) => console.error(...parts);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  const entries = options.config ? readConfig(options.config) : [];
  if (options.server !== undefined && !entries.some((entry) => entry.name === options.server))
    throw new UsageError(`--server ${options.server}: ${options.config ?? 'the config file'} has no such entry.`);
  const children = new Set<StdioChild>();
  const factory = createAgentServer({
    allowDestructive: options.allowDestructive,
    allowWrites: options.allowWrites,
    allowSwitch: options.allowSwitch,
    ...(options.server !== undefined ? { pinned: options.server } : {}),
    allowHosts: options.allowHosts,
    limits: { timeoutMs: options.timeoutMs, responseBytes: options.maxResponseBytes },
    entries,
    environment: process.env,
    // Only a configured entry runs: its command and arguments as the file gives them, no shell.
    openStdio: (entry) => openStdio(entrySpec(entry), children),
  });
  // Children never outlive toolscope mcp: the agent closing its end, a signal, or exit stops them.
  process.on('exit', () => {
    for (const child of children) child.kill();
  });
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void Promise.allSettled([...children].map((child) => child.stop(1000))).then(() => process.exit(0));
  };
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  serveStdio(await withSkills(factory), {
    legacy: 'serve',
    onerror: (error) => console.error(printable(redactText(`toolscope mcp: ${errorMessage(error)}`))),
  });
}
