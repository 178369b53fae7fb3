// Gathering a report from a live connection: walk tools/list twice (order stability), run the
// active check when asked, then apply the rules. The app and the CLI both come through here.
import type { McpConnection } from '../mcp/connection.ts';
import { walkPages } from '../mcp/pagination.ts';
import type { ToolsPage } from '../mcp/tools.ts';
import { mergePages } from '../mcp/pageMerge.ts';
import { activeChecks } from './active.ts';
import { appResourceFindings, type AppViolation } from './appRules.ts';
import type { CallRecord } from './callRules.ts';
import { promptTexts } from './promptCost.ts';
import { buildReport, type Report, type ReportDeps } from './report.ts';

export async function listAllPages(connection: McpConnection, signal?: AbortSignal): Promise<ToolsPage[]> {
  return (await listWalk(connection, signal)).pages;
}

/** Every page, and why the walk stopped (its end, a repeated cursor, the page limit). */
export const listWalk = (connection: McpConnection, signal?: AbortSignal) =>
  walkPages((cursor) => connection.listToolsPage(cursor, signal));

export interface CollectOptions {
  active?: boolean;
  calls?: readonly CallRecord[];
  /** Loads app frames blocked (the UI's app view sees them; the CLI runs no app). */
  appViolations?: readonly AppViolation[];
  signal?: AbortSignal;
}

export async function collectReport(connection: McpConnection, deps: ReportDeps, options: CollectOptions = {}): Promise<Report> {
  const { pages, stop } = await listWalk(connection, options.signal);
  // A listing that never ends is said once; walking it a second time would only repeat it.
  const secondPages = stop.reason === 'end' ? await listAllPages(connection, options.signal) : undefined;
  const { tools } = mergePages(pages);
  const active = options.active ? await activeChecks(connection, tools) : undefined;
  const apps = await appResourceFindings(tools, (uri) => connection.readResourceRaw(uri, options.signal));
  await deps.tokenizer.prepare?.(promptTexts(tools));
  return buildReport(
    {
      server: { name: connection.server.name, version: connection.server.version, protocolVersion: connection.protocolVersion },
      serverUrl: connection.url,
      era: connection.era,
      pages,
      secondPages,
      listingStop: stop,
      calls: options.calls,
      active,
      apps,
      appViolations: options.appViolations,
    },
    deps,
  );
}
