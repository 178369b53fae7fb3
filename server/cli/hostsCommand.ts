// `toolscope hosts --config FILE`: every entry of an mcpServers file reached as the report reaches a
// server (a stdio entry's command run as the CLI runs it), its tools listed (all pages), and the set
// seen as each host sees it (src/lint/hosts.ts): the exact names, what is dropped or renamed and why,
// collisions, caps. Exit 0 when every host takes every tool as it is, 1 when some host drops,
// renames, collides or caps a tool, 2 when it could not run (an entry unreachable, a usage error).
import { writeFile } from 'node:fs/promises';
import { printable } from '../../src/lib/printable.ts';
import { redactText } from '../../src/lib/redactUrl.ts';
import type { HostEntry } from '../../src/lib/mcpServersFile.ts';
import { rawToolList } from '../../src/lint/collect.ts';
import { hostView, type HostServer, type HostView } from '../../src/lint/hosts.ts';
import type { ReportOptions } from './args.ts';
import type { HostsPlan } from './hostsArgs.ts';
import { withServer, type ReportTarget } from './reportCommand.ts';

/** How an entry is reached: a URL as is, a stdio entry's command started (and stopped after `run`). */
export type Reach = (entry: Exclude<HostEntry, { kind: 'skipped' }>, run: (target: ReportTarget) => Promise<number>) => Promise<number>;

function markdown(servers: readonly HostServer[], views: readonly HostView[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [`# Hosts: ${servers.length} servers, ${servers.reduce((sum, server) => sum + server.tools.length, 0)} tools`, ''];
  for (const view of views) {
    lines.push(`## ${view.label}`, '', `Naming: ${view.naming}.`, '');
    lines.push(
      `${view.sent} tools sent${view.cap ? ` (cap ${view.cap})` : ''}${view.deferred ? '; definitions deferred until searched (tool search)' : ''}.`,
      '',
    );
    if (view.findings.length)
      lines.push(...view.findings.map((finding) => `- **${finding.rule}**: ${cell(finding.message)} _(${cell(finding.source)})_`), '');
    lines.push('| server | tool | the model gets | |', '| --- | --- | --- | --- |');
    lines.push(
      ...view.tools.map(
        (tool) =>
          `| ${cell(tool.server)} | ${cell(tool.tool)} | ${cell(tool.modelName ?? '—')} | ${tool.fate}${tool.why ? `: ${cell(tool.why)}` : ''} |`,
      ),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function runHosts(entries: readonly HostEntry[], options: ReportOptions, plan: HostsPlan, reach: Reach): Promise<number> {
  const servers: HostServer[] = [];
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
          const { tools, stop } = await rawToolList(connection);
          if (stop) return failed(`${entry.name}: ${stop}`);
          servers.push({
            key: entry.name,
            name: connection.server.name,
            ...(connection.server.title ? { title: connection.server.title } : {}),
            tools: tools.flatMap((tool) => (typeof tool.name === 'string' ? [{ name: tool.name }] : [])),
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
  const views = plan.hosts.map((host) => hostView(host, servers));
  const text = printable(
    redactText(
      plan.format === 'json'
        ? `${JSON.stringify({ servers: servers.map(({ key, name, title, tools }) => ({ key, name, ...(title ? { title } : {}), tools: tools.length })), hosts: views }, null, 2)}\n`
        : markdown(servers, views),
      secrets,
    ),
  );
  if (plan.output) await writeFile(plan.output, text);
  else process.stdout.write(text);
  const findings = views.reduce((sum, view) => sum + view.findings.length, 0);
  console.error(`${servers.length} servers, ${plan.hosts.length} hosts: ${findings} findings.`);
  return findings ? 1 : 0;
}
