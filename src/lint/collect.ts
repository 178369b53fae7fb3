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
import type { SkillFileCheck, SkillsInput } from './skillRules.ts';
import type { ToolQuery } from './queries.ts';
import type { ReachFacts } from './profiles.ts';
import type { SkillRead } from '../mcp/skills.ts';
import { failureOf } from '../mcp/errors.ts';

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
  /** How the server was reached, for the readiness profiles. */
  reach?: ReachFacts;
  /** Queries whose expected tool must come up (the CLI's --queries). */
  queries?: readonly ToolQuery[];
  signal?: AbortSignal;
}

export async function collectReport(connection: McpConnection, deps: ReportDeps, options: CollectOptions = {}): Promise<Report> {
  const { pages, stop } = await listWalk(connection, options.signal);
  // A listing that never ends is said once; walking it a second time would only repeat it.
  const secondPages = stop.reason === 'end' ? await listAllPages(connection, options.signal) : undefined;
  const { tools } = mergePages(pages);
  const active = options.active ? await activeChecks(connection, tools) : undefined;
  const { findings: apps, resources: appResources } = await appResourceFindings(tools, (uri) =>
    connection.readResourceRaw(uri, options.signal),
  );
  const skills = connection.offersSkills ? await gatherSkills(connection, options.signal) : undefined;
  // The skills' texts are counted too (skill-token-cost), ahead with the tools' where counting is elsewhere.
  const skillTexts = skills?.files.flatMap((file) => (file.ok && file.text !== undefined ? [file.text] : [])) ?? [];
  await deps.tokenizer.prepare?.([...promptTexts(tools), ...skillTexts]);
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
      appResources,
      appViolations: options.appViolations,
      ...(skills ? { skills } : {}),
      capabilities: connection.serverCapabilities,
      ...(options.queries ? { queries: options.queries } : {}),
      ...(options.reach ? { reach: options.reach } : {}),
    },
    deps,
  );
}

/** A read as the rules see it: verified (with its text), or refused and why. */
function fileCheck(skill: string, read: SkillRead): SkillFileCheck {
  return read.ok
    ? { skill, uri: read.file.uri, ok: true, ...(read.file.text !== undefined ? { text: read.file.text } : {}) }
    : { skill, uri: read.uri, ok: false, reason: read.reason, message: read.message };
}

/**
 * The server's skills for the report (the person asked for it): the list, then each skill's
 * SKILL.md and — only when that passed verification, as a host would load it — the files it lists.
 */
export async function gatherSkills(connection: McpConnection, signal?: AbortSignal): Promise<SkillsInput> {
  const host = await connection.skills();
  let listing;
  try {
    listing = await host.list(signal);
  } catch (error) {
    return { skills: [], invalid: [{ index: 0, reason: `skills/list failed: ${failureOf(error).message}` }], files: [] };
  }
  const files: SkillFileCheck[] = [];
  for (const skill of listing.skills) {
    const manifest = await host.read(skill, undefined, signal);
    files.push(fileCheck(skill.uri, manifest));
    if (!manifest.ok || skill.resources === 'dynamic') continue;
    for (const resource of skill.resources) {
      if (resource.uri !== skill.uri) files.push(fileCheck(skill.uri, await host.read(skill, resource.uri, signal)));
    }
  }
  return { skills: listing.skills, invalid: listing.invalid, files };
}
