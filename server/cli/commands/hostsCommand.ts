// `toolscope hosts --config FILE`: every entry of an mcpServers file reached as the report reaches a
// server (a stdio entry's command run as the CLI runs it), its tools listed (all pages), and the set
// seen as each host sees it (src/report/hosts.ts): the exact names, what is dropped or renamed and why,
// collisions, caps, the definitions' tokens — and, with --queries, tool search over the union.
// Exit 0 when every host takes every tool as it is and every query is met, 1 when some host drops,
// renames, collides or caps a tool or a query misses, 2 when it could not run (an entry unreachable,
// a usage error).
import { writeFile } from 'node:fs/promises';
import { printable } from '../../../src/lib/printable.ts';
import { redactValues } from '../../../src/lib/redactUrl.ts';
import type { HostEntry } from '../../../src/lib/mcpServersFile.ts';
import { hostView } from '../../../src/report/hosts.ts';
import { promptCost } from '../../../src/report/promptCost.ts';
import { reportDeps } from '../../../src/report/deps.ts';
import { unionQueryOutcomes } from '../../../src/report/queries.ts';
import { describeStop, walkPages } from '../../../src/mcp/pagination.ts';
import { mergePages } from '../../../src/mcp/pageMerge.ts';
import type { McpTool } from '../../../src/mcp/tools.ts';
import { HOSTS_FORMATS } from '../hostsFormats.ts';
import type { ReportOptions } from '../args.ts';
import { parseHosts, type HostsPlan } from '../hostsArgs.ts';
import { withServer, type ServerTarget } from '../reach.ts';
import { readConfig, readQueries } from '../files.ts';
import { entryTarget, onServer } from '../targets.ts';
import { ANSWER_CAP_BYTES } from '../../../src/lib/answerCap.ts';
import type { Command } from '../cliCommand.ts';
import { HOSTS_OPTIONS } from '../cliOptions.ts';

type Hosts = { kind: 'hosts'; file: string; report: ReportOptions; plan: HostsPlan };

export const hosts: Command<Hosts> = {
  name: 'hosts',
  options: HOSTS_OPTIONS,
  usage: `  toolscope hosts --config FILE [--host ID]… [--queries FILE] [--format json|markdown|junit|sarif]
                  [--output FILE] [--timeout S]
                                              every entry of an mcpServers file as each host sees
                                              the set: the model's names, drops, collisions, caps,
                                              tokens; --queries ranks over every server (an
                                              "expect" may name server/tool)
                                              (hosts: vscode, claude-code, cursor, windsurf,
                                              claude-desktop, chatgpt; default all)
Exit status of hosts: 0 every host takes every tool as it is (and every query is met), 1 a host
drops, renames, collides or caps a tool, or a query misses, 2 an entry could not be listed.`,
  parse: (argv) => {
    const parsed = parseHosts(argv);
    if (parsed.kind === 'help') return parsed;
    const report: ReportOptions = {
      format: 'json',
      confirm: [],
      headers: [],
      active: false,
      timeoutMs: parsed.timeoutMs,
      maxResponseBytes: ANSWER_CAP_BYTES,
      lockFail: 'breaking',
    };
    return { kind: 'hosts', file: parsed.file, report, plan: parsed.plan };
  },
  run: ({ file, report, plan }) => runHosts(readConfig(file), report, plan),
};

/** How an entry is reached: a URL as is, a stdio entry's command started (and stopped after `run`). */
const reach = (entry: Exclude<HostEntry, { kind: 'skipped' }>, run: (target: ServerTarget) => Promise<number>) =>
  onServer(entryTarget(entry), run);

async function runHosts(entries: readonly HostEntry[], options: ReportOptions, plan: HostsPlan): Promise<number> {
  // A queries file that cannot be read is a usage error, before any server is started.
  const asked = readQueries(plan.queriesFile);
  const servers: { key: string; name: string; title?: string; tools: readonly McpTool[] }[] = [];
  // Every entry's credentials (its headers, URL secrets): none is printed, whatever a server echoes.
  const secrets: (string | undefined)[] = [];
  for (const entry of entries) {
    if (entry.kind === 'skipped') {
      console.error(printable(`${entry.name}: not opened — ${entry.reason}.`));
      continue;
    }
    const headers = entry.kind === 'http' ? Object.entries(entry.headers).map(([name, value]) => `${name}: ${value}`) : [];
    const code = await reach(entry, (target) =>
      withServer(
        target,
        { ...options, headers: [...options.headers, ...headers] },
        'listing',
        async (connection, { failed, secrets: known }) => {
          secrets.push(...known);
          const walk = await walkPages((cursor) => connection.listToolsPage(cursor));
          const stop = describeStop(walk.stop);
          if (stop) return failed(`${entry.name}: ${stop}`);
          servers.push({
            key: entry.name,
            name: connection.server.name,
            ...(connection.server.title ? { title: connection.server.title } : {}),
            tools: mergePages(walk.pages).tools,
          });
          return 0;
        },
      ),
    );
    if (code !== 0) {
      console.error(printable(`${entry.name}: could not be listed; the hosts view needs every entry.`));
      return 2;
    }
  }
  if (!servers.length) {
    console.error('No server to look at: the config has no entry Toolscope can open.');
    return 2;
  }
  const { tokenizer } = reportDeps;
  const views = plan.hosts.map((host) => {
    const view = hostView(host, servers);
    const sent = new Set(view.tools.filter((tool) => tool.fate !== 'dropped').map((tool) => `${tool.server}\u0000${tool.tool}`));
    const tools = servers.flatMap((server) => server.tools.filter((tool) => sent.has(`${server.key}\u0000${tool.name}`)));
    return { ...view, tokens: promptCost(tools, tokenizer).totalTokens, tokenizer: tokenizer.name };
  });
  const queries = asked ? unionQueryOutcomes(servers, asked) : undefined;
  const text = printable(HOSTS_FORMATS[plan.format](redactValues({ servers, views, ...(queries ? { queries } : {}) }, secrets)));
  if (plan.output) await writeFile(plan.output, text);
  else process.stdout.write(text);
  const findings = views.reduce((sum, view) => sum + view.findings.length, 0);
  const missed = queries?.outcomes.filter((outcome) => !outcome.met).length ?? 0;
  console.error(
    `${servers.length} servers, ${plan.hosts.length} hosts: ${findings} findings${queries ? `; queries: ${queries.outcomes.length - missed} met, ${missed} missed` : ''}.`,
  );
  return findings || missed ? 1 : 0;
}
