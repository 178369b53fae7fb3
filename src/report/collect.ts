// Gathering a report from a live connection: walk tools/list twice (order stability), run the
// active check when asked, then apply the rules. The app and the CLI both come through here.
import type { McpConnection } from '../mcp/connection.ts';
import { describeStop, walkPages } from '../mcp/pagination.ts';
import { compareLock, lockFindings, type LockFail, type Lockfile } from './lockfile.ts';
import type { McpTool, ToolsPage } from '../mcp/tools.ts';
import { mergePages } from '../mcp/pageMerge.ts';
import { activeChecks, type ActiveTrust } from './active.ts';
import { appResourceFindings, type AppViolation } from './appRules.ts';
import type { CallRecord } from './callRules.ts';
import { promptTexts } from './promptCost.ts';
import { buildReport, type Report, type ReportDeps, type ReportInput } from './report.ts';
import type { SkillFileCheck, SkillsInput } from './skillRules.ts';
import type { ToolQuery } from './queries.ts';
import type { ReachFacts } from './profiles.ts';
import type { SkillRead } from '../mcp/skills.ts';
import { readServerCard } from '../registry/serverCard.ts';
import { serverCardFindings } from './serverCardRules.ts';
import { failureOf } from '../mcp/errors.ts';
import type { Listing } from '../mcp/serverOffers.ts';
import type { OfferList, OffersInput } from './offerRules.ts';

export async function listAllPages(connection: McpConnection, signal?: AbortSignal): Promise<ToolsPage[]> {
  return (await listWalk(connection, signal)).pages;
}

/** Every page, and why the walk stopped (its end, a repeated cursor, the page limit). */
export const listWalk = (connection: McpConnection, signal?: AbortSignal) =>
  walkPages((cursor) => connection.listToolsPage(cursor, signal));

export interface CollectOptions {
  active?: boolean;
  /** The trust gate the active check asks (the page's session, the agent's; the CLI's by default). */
  trust?: ActiveTrust;
  calls?: readonly CallRecord[];
  /** Loads app frames blocked (the UI's app view sees them; the CLI runs no app). */
  appViolations?: readonly AppViolation[];
  /** How the server was reached, for the readiness profiles. */
  reach?: ReachFacts;
  /** Queries whose expected tool must come up (the CLI's --queries). */
  queries?: readonly ToolQuery[];
  /** A lockfile the tools are compared with (the CLI's --lock), and when a drift is an error. */
  lock?: { file: Lockfile; fail: LockFail };
  signal?: AbortSignal;
}

/** What a report reads besides the tool list: each app tool's UI resource, the skills (when offered), the Server Card (HTTP), the prompts and resources (when declared). */
export type ReportReads = Pick<ReportInput, 'apps' | 'appResources' | 'skills' | 'serverCard' | 'offers'>;

/** Everything a report asks the server for: two walks of the list, the reads, the active checks when asked. */
export type GatheredReport = ReportReads & Pick<ReportInput, 'pages' | 'secondPages' | 'listingStop' | 'active' | 'lock'>;

/** The reads of a report over a listing already made (the app's chip reads them beside the workspace's list). */
export async function readForReport(connection: McpConnection, tools: readonly McpTool[], signal?: AbortSignal): Promise<ReportReads> {
  const { findings: apps, resources: appResources } = await appResourceFindings(tools, (uri) => connection.readResourceRaw(uri, signal));
  const skills = connection.offersSkills ? await gatherSkills(connection, signal) : undefined;
  const serverCard = connection.reach.transport === 'http' ? await gatherServerCard(connection, signal) : undefined;
  const offers = await gatherOffers(connection, signal);
  return { apps, appResources, ...(skills ? { skills } : {}), ...(serverCard ? { serverCard } : {}), ...(offers ? { offers } : {}) };
}

export async function gatherReport(
  connection: McpConnection,
  options: Pick<CollectOptions, 'active' | 'trust' | 'signal' | 'lock'> = {},
): Promise<GatheredReport> {
  const { pages, stop } = await listWalk(connection, options.signal);
  // A listing that never ends is said once; walking it a second time would only repeat it.
  const secondPages = stop.reason === 'end' ? await listAllPages(connection, options.signal) : undefined;
  const { tools } = mergePages(pages);
  const active = options.active ? await activeChecks(connection, tools, options.trust) : undefined;
  const lock = options.lock ? await gatherLock(connection, options.lock, options.signal) : undefined;
  return {
    pages,
    secondPages,
    listingStop: stop,
    active,
    ...(lock ? { lock } : {}),
    ...(await readForReport(connection, tools, options.signal)),
  };
}

/** Every tool as the server listed it (all pages), or where the walk had to stop. */
export async function rawToolList(connection: McpConnection, signal?: AbortSignal) {
  const walk = await walkPages((cursor) => connection.toolDefinitions.page(cursor, signal));
  return { tools: walk.pages.flatMap((page) => page.items), stop: describeStop(walk.stop) };
}

/** The lockfile's findings: the tools served now against those it holds. */
async function gatherLock(connection: McpConnection, lock: NonNullable<CollectOptions['lock']>, signal?: AbortSignal) {
  const { tools } = await rawToolList(connection, signal);
  return lockFindings(await compareLock(lock.file, tools), lock.fail);
}

/**
 * The report's input: what was gathered (or, for the app's chip before a report is made, the
 * workspace's listing and the reads), the connection's facts, and the session's calls.
 */
export function reportInputOf(
  connection: McpConnection,
  gathered: Omit<GatheredReport, 'listingStop'> & Partial<Pick<GatheredReport, 'listingStop'>>,
  options: Omit<CollectOptions, 'active' | 'signal'> = {},
): ReportInput {
  return {
    server: { name: connection.server.name, version: connection.server.version, protocolVersion: connection.protocolVersion },
    serverUrl: connection.url,
    era: connection.era,
    ...gathered,
    calls: options.calls,
    appViolations: options.appViolations,
    capabilities: connection.serverCapabilities,
    ...(options.queries ? { queries: options.queries } : {}),
    ...(options.reach ? { reach: options.reach } : {}),
  };
}

/** Every text the report counts tokens of: the tools' and the skills' (skill-token-cost). */
export function countedTexts(input: ReportInput): string[] {
  const skillTexts = input.skills?.files.flatMap((file) => (file.ok && file.text !== undefined ? [file.text] : [])) ?? [];
  return [...promptTexts(mergePages(input.pages).tools), ...skillTexts];
}

/** A report over an input, its token counts made ready first (a worker's, say). */
export async function reportFrom(input: ReportInput, deps: ReportDeps): Promise<Report> {
  await deps.tokenizer.prepare?.(countedTexts(input));
  return buildReport(input, deps);
}

export async function collectReport(connection: McpConnection, deps: ReportDeps, options: CollectOptions = {}): Promise<Report> {
  return reportFrom(reportInputOf(connection, await gatherReport(connection, options), options), deps);
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

/** The server's Server Card (its `/server-card`, or its origin's catalog) and what it says against the live server. */
export async function gatherServerCard(connection: McpConnection, signal?: AbortSignal): Promise<NonNullable<ReportInput['serverCard']>> {
  const read = await readServerCard(connection.url, (url, init) => connection.fetchBeside(url, init), signal);
  const served = {
    server: connection.server,
    url: connection.url,
    stdio: false,
    headerNames: Object.keys(connection.customHeaders),
    protocolVersion: connection.protocolVersion,
  };
  return { read, findings: serverCardFindings(read, served) };
}

/** A list read for the report: what came, or why it failed (a failure is itself a finding). */
async function listed<Item>(list: () => Promise<Listing<Item>>): Promise<OfferList<Item>> {
  try {
    return await list();
  } catch (error) {
    return { failed: failureOf(error).message };
  }
}

/** The prompts, resources and templates the server declares (undefined when it declares neither). */
export async function gatherOffers(connection: McpConnection, signal?: AbortSignal): Promise<OffersInput | undefined> {
  const offers = connection.offers;
  if (!offers.prompts && !offers.resources) return undefined;
  return {
    completions: offers.completions,
    ...(offers.prompts ? { prompts: await listed(() => offers.listPrompts(signal)) } : {}),
    ...(offers.resources
      ? { resources: await listed(() => offers.listResources(signal)), templates: await listed(() => offers.listTemplates(signal)) }
      : {}),
  };
}
