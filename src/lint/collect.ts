// Gathering a report from a live connection: walk tools/list twice (order stability), run the
// active check when asked, then apply the rules. The app and the CLI both come through here.
import type { McpConnection } from '../mcp/connection.ts';
import { walkPages } from '../mcp/pagination.ts';
import type { ToolsPage } from '../mcp/tools.ts';
import { mergePages } from '../mcp/pageMerge.ts';
import { activeChecks } from './active.ts';
import type { CallRecord } from './callRules.ts';
import { buildReport, type Report, type ReportDeps } from './report.ts';

export async function listAllPages(connection: McpConnection, signal?: AbortSignal): Promise<ToolsPage[]> {
  return (await walkPages((cursor) => connection.listToolsPage(cursor, signal))).pages;
}

export interface CollectOptions {
  active?: boolean;
  calls?: readonly CallRecord[];
  signal?: AbortSignal;
}

export async function collectReport(connection: McpConnection, deps: ReportDeps, options: CollectOptions = {}): Promise<Report> {
  const pages = await listAllPages(connection, options.signal);
  const secondPages = await listAllPages(connection, options.signal);
  const active = options.active ? await activeChecks(connection, mergePages(pages).tools) : undefined;
  return buildReport(
    {
      server: { name: connection.server.name, version: connection.server.version, protocolVersion: connection.protocolVersion },
      serverUrl: connection.url,
      era: connection.era,
      pages,
      secondPages,
      calls: options.calls,
      active,
    },
    deps,
  );
}
