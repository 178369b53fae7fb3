// The server report: every rule over a listing (and any calls made), a score, and the model's view.
import { appCallFindings, appCspFindings, appListingFindings, type AppResourceFacts, type AppViolation } from './appRules.ts';
import { mergePages } from '../mcp/pageMerge.ts';
import { type McpTool, type ToolsPage } from '../mcp/tools.ts';
import { judgeReadiness, type ProfileId, type ReachFacts, type Readiness } from './profiles.ts';
import { callFindings, type CallRecord, type ValidateOutput } from './callRules.ts';
import { SEVERITY_ORDER, type Finding } from './findings.ts';
import { promptCost, type PromptCost, type Tokenizer } from './promptCost.ts';
import { cacheFindings, countFindings, duplicateFindings, lintTool, orderFindings, type ListingChecks } from './rules.ts';
import { score } from './score.ts';
import { skillFindings, type SkillsInput } from './skillRules.ts';
import { deprecationFindings } from './deprecationRules.ts';
import { confusableFindings } from './confusable.ts';
import { authFindings } from './authRules.ts';
import { queryOutcomes, type QueryOutcome, type ToolQuery } from './queries.ts';
import type { CardRead } from '../registry/serverCard.ts';
import { offerFindings, type OffersInput } from './offerRules.ts';
import type { PageStop } from '../mcp/pagination.ts';
import { formatCount } from '../lib/count.ts';
import type { Era } from '../mcp/era.ts';

export interface ReportServer {
  name: string;
  version?: string;
  protocolVersion: string;
}

export interface ReportInput {
  server: ReportServer;
  serverUrl: string;
  era: Era;
  /** Every page of one walk of tools/list, in order. */
  pages: readonly ToolsPage[];
  /** A second walk, to check the order is stable. */
  secondPages?: readonly ToolsPage[];
  /** Why the walk stopped, when it did not reach the end by itself. */
  listingStop?: PageStop;
  calls?: readonly CallRecord[];
  /** Findings of the active checks, when the person ran them. */
  active?: readonly Finding[];
  /** Findings from reading each app tool's UI resource (collect.ts). */
  apps?: readonly Finding[];
  /** What reading each app tool's UI resource showed (collect.ts), for the readiness profiles. */
  appResources?: readonly AppResourceFacts[];
  /** Loads the app frames blocked at run time (the UI's app view). */
  appViolations?: readonly AppViolation[];
  /** The server's skills, their files read and verified (collect.ts), when it offers the extension. */
  skills?: SkillsInput;
  /** The server's Server Card, when one was looked for (HTTP servers): what was found, and its findings (collect.ts). */
  serverCard?: { read: CardRead; findings: readonly Finding[] };
  /** Tools added, removed or changed since the lockfile (collect.ts, --lock). */
  lock?: readonly Finding[];
  /** The server's prompts, resources and templates, when it declares them (collect.ts). */
  offers?: OffersInput;
  /** The capabilities the server declared (as sent), for what 2026-07-28 deprecates. */
  capabilities?: unknown;
  /** Queries whose expected tool must come up (--queries): each one reported. */
  queries?: readonly ToolQuery[];
  /** How the server was reached (transport, sign-in), for the readiness profiles. */
  reach?: ReachFacts;
}

export interface ReportDeps extends ListingChecks {
  validateOutput: ValidateOutput;
  tokenizer: Tokenizer;
}

export interface Report {
  server: ReportServer;
  tools: number;
  score: number;
  findings: Finding[];
  model: PromptCost;
  /** Whether the active checks (error-channel) ran. */
  active: boolean;
  /** Calls the call-based rules looked at. */
  callsChecked: number;
  /** Each query of --queries, met or not (absent without queries). */
  queries?: QueryOutcome[];
  /** What the readiness profiles judge besides the findings (readinessOf). */
  listed: readonly McpTool[];
  appResources: readonly AppResourceFacts[];
  reach?: ReachFacts;
}

/** A directory's verdict on this report; items a person has checked are confirmed by id. */
export const readinessOf = (report: Report, profile: ProfileId, confirmed?: ReadonlySet<string>): Readiness =>
  judgeReadiness(profile, { tools: report.listed, findings: report.findings, apps: report.appResources, reach: report.reach }, confirmed);

const TOOL_TOKENS_WARN = 1000;
const TOOL_TOKENS_INFO = 500;
const LIST_TOKENS_WARN = 20_000;

/**
 * Whether these token counts cross no threshold of the token rules: then any counts no larger give
 * the same findings (and the same score). The app's quick score counts UTF-8 bytes first — never
 * fewer than a byte-level BPE's tokens — and loads the exact tokenizer only when this says no.
 */
export function belowTokenThresholds(model: PromptCost): boolean {
  return model.perTool.every((cost) => cost.tokens <= TOOL_TOKENS_INFO) && model.totalTokens <= LIST_TOKENS_WARN;
}

function tokenFindings(model: PromptCost): Finding[] {
  const perTool = model.perTool.flatMap((cost): Finding[] =>
    cost.tokens > TOOL_TOKENS_INFO
      ? [
          {
            rule: 'token-cost',
            severity: cost.tokens > TOOL_TOKENS_WARN ? 'warning' : 'info',
            tool: cost.name,
            message: `The definition costs ${formatCount(cost.tokens)} tokens (${model.tokenizer}), ${formatCount(cost.bytes)} bytes, on every turn.`,
            fix: 'Shorten the description and the schema: drop repetition, move long examples to documentation, flatten deep schemas.',
          },
        ]
      : [],
  );
  const total: Finding = {
    rule: 'token-cost',
    severity: model.totalTokens > LIST_TOKENS_WARN ? 'warning' : 'info',
    message: `The tool list costs ${formatCount(model.totalTokens)} tokens (${model.tokenizer}), ${formatCount(model.totalBytes)} bytes, on every turn.`,
    fix:
      model.totalTokens > LIST_TOKENS_WARN
        ? 'Trim the most expensive tools (see the model’s view) or split the server.'
        : 'Nothing to do; keep it in view as the server grows.',
  };
  return [...perTool, total];
}

/** A walk of tools/list that had to be stopped: the server's pagination never ends. */
export function paginationFindings(stop: PageStop | undefined): Finding[] {
  if (!stop || stop.reason === 'end') return [];
  return [
    {
      rule: 'pagination-unbounded',
      severity: 'error',
      message:
        stop.reason === 'repeated-cursor'
          ? `tools/list handed out the cursor ${JSON.stringify(stop.cursor.slice(0, 60))} twice: the listing loops forever (stopped there).`
          : `tools/list was still handing out cursors after ${formatCount(stop.pages)} pages (stopped there).`,
      fix: 'Return no nextCursor on the last page, and never a cursor already handed out in the same listing.',
    },
  ];
}

const rank = (finding: Finding) => SEVERITY_ORDER.indexOf(finding.severity);

export function buildReport(input: ReportInput, deps: ReportDeps): Report {
  const { tools } = mergePages(input.pages);
  const searched = input.queries ? queryOutcomes(tools, input.queries) : undefined;
  const model = promptCost(tools, deps.tokenizer);
  const names = input.pages.flatMap((page) => page.tools.map((tool) => tool.name));
  const findings = [
    ...tools.flatMap((tool) => lintTool(tool, input.serverUrl, deps)),
    ...duplicateFindings(input.pages),
    ...confusableFindings(tools),
    ...countFindings(tools.length, model.totalTokens, model.tokenizer),
    ...orderFindings(
      names,
      input.secondPages?.flatMap((page) => page.tools.map((tool) => tool.name)),
    ),
    ...(input.era === 'modern' ? cacheFindings(input.pages) : []),
    ...tokenFindings(model),
    ...callFindings(input.calls ?? [], tools, deps.validateOutput),
    ...authFindings(input.calls ?? []),
    ...appListingFindings(tools),
    ...appCallFindings(input.calls ?? [], tools),
    ...(input.apps ?? []),
    ...appCspFindings(input.appViolations ?? []),
    ...(input.active ?? []),
    ...paginationFindings(input.listingStop),
    ...(input.skills ? skillFindings(input.skills, tools, deps) : []),
    ...(input.serverCard?.findings ?? []),
    ...(input.offers ? offerFindings(input.offers) : []),
    ...(input.lock ?? []),
    ...deprecationFindings(input.capabilities, input.calls ?? []),
    ...(searched?.findings ?? []),
  ].sort((a, b) => rank(a) - rank(b) || (a.tool ?? '').localeCompare(b.tool ?? '') || a.rule.localeCompare(b.rule));
  return {
    server: input.server,
    tools: tools.length,
    score: score(
      tools.map((tool) => tool.name),
      findings,
    ),
    findings,
    model,
    active: input.active !== undefined,
    callsChecked: input.calls?.length ?? 0,
    ...(searched ? { queries: searched.outcomes } : {}),
    listed: tools,
    appResources: input.appResources ?? [],
    ...(input.reach ? { reach: input.reach } : {}),
  };
}
