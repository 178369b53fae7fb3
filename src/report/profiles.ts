// Will a directory accept the server? A readiness profile is a directory's published review rules,
// each judged from the report (its findings, the tools as listed, how the server was reached) as
// met, unmet, or — where no program can judge it — left to a person, never guessed. Each rule
// cites where the directory says it (also in the README's table).
//
// Verdict: "not ready" when a blocker or a requirement is unmet; else "needs a person" while an
// item only a person can judge is not confirmed (--confirm id, or its box in the page); else "ready".
import { isRecord, own } from '../mcp/guards.ts';
import type { McpTool } from '../mcp/tools.ts';
import type { AppResourceFacts } from './appRules.ts';
import type { Finding, RuleId } from './findings.ts';

export type ProfileId = 'claude-directory' | 'openai-apps';
export const PROFILE_IDS: readonly ProfileId[] = ['claude-directory', 'openai-apps'];

/** How much an unmet rule weighs: a blocker is a rejection, a requirement must be fixed, a recommendation need not. */
export type Standing = 'blocker' | 'requirement' | 'recommendation' | 'person';
export type ItemStatus = 'met' | 'unmet' | 'not-applicable' | 'person' | 'confirmed';
export type Verdict = 'ready' | 'not-ready' | 'needs-person';

/** What the report knows of how the server was reached, beyond its listing. */
export interface ReachFacts {
  transport: 'http' | 'stdio';
  /** none: nothing asked for a credential; bearer: a token or header given by hand; oauth: signed in by OAuth. */
  auth: 'none' | 'bearer' | 'oauth';
}

export interface ReadinessInput {
  tools: readonly McpTool[];
  findings: readonly Finding[];
  apps: readonly AppResourceFacts[];
  reach?: ReachFacts;
}

export interface ReadinessItem {
  id: string;
  standing: Standing;
  title: string;
  /** Where the directory says it. */
  source: string;
  status: ItemStatus;
  /** What was found: each failing tool and why, or what the person must check. */
  details: string[];
}

export interface Readiness {
  profile: ProfileId;
  verdict: Verdict;
  items: ReadinessItem[];
}

const CLAUDE_REVIEW = 'https://claude.com/docs/connectors/building/review-criteria';
const CLAUDE_BUILDING = 'https://claude.com/docs/connectors/building';
const CLAUDE_AUTH = 'https://claude.com/docs/connectors/building/authentication';
const CLAUDE_POLICY = 'https://support.claude.com/en/articles/11697096-anthropic-mcp-directory-policy';
const OPENAI_GUIDELINES = 'https://developers.openai.com/apps-sdk/app-submission-guidelines';
const OPENAI_AUTH = 'https://developers.openai.com/apps-sdk/build/auth';
const OPENAI_REFERENCE = 'https://developers.openai.com/apps-sdk/reference';
const OPENAI_FORM = 'https://developers.openai.com/apps-sdk/schemas/chatgpt-app-submission.v1.json';

type Judged = Pick<ReadinessItem, 'status' | 'details'>;
interface Rule {
  id: string;
  standing: Standing;
  title: string;
  source: string;
  judge: (input: ReadinessInput) => Judged;
}

const met = (details: string[] = []): Judged => ({ status: 'met', details });
const person = (...details: string[]): Judged => ({ status: 'person', details });
/** Met when nothing failed; unmet with each failure said. */
const unless = (failures: string[], fine: string[] = []): Judged => (failures.length ? { status: 'unmet', details: failures } : met(fine));
const findingsOf = (input: ReadinessInput, rules: readonly RuleId[], loud = true) =>
  input.findings.filter((finding) => rules.includes(finding.rule) && (!loud || finding.severity !== 'info'));
const said = (finding: Finding) => `${finding.tool ? `${finding.tool}: ` : ''}${finding.message}`;
const titleOf = (tool: McpTool) => tool.title?.trim() || tool.annotations.title?.trim();
const appTools = (input: ReadinessInput) => input.tools.filter((tool) => tool.app);

// Shared judgements (both directories ask the same thing in their own words).
const noInjection = (input: ReadinessInput) => unless(findingsOf(input, ['description-injection']).map(said));
const accurateHints = (input: ReadinessInput) =>
  unless(findingsOf(input, ['annotations-contradiction', 'annotations-destructive-name']).map(said));
const describedWell = (input: ReadinessInput) => unless(findingsOf(input, ['description-missing', 'description-thin']).map(said));
/** Parameters described and bounded, tools a search tells apart: what a reviewer would also ask, short of rejecting. */
const wellShaped = (input: ReadinessInput) =>
  unless(findingsOf(input, ['param-description-missing', 'schema-unbounded', 'tools-confusable']).map(said));
const appResourcesServed = (input: ReadinessInput): Judged =>
  appTools(input).length
    ? unless(findingsOf(input, ['app-resource-missing', 'app-mime', 'app-visibility-invalid']).map(said))
    : { status: 'not-applicable', details: ['No tool declares a UI (_meta.ui.resourceUri).'] };

function signIn(input: ReadinessInput, host: string): Judged {
  const auth = input.reach?.auth;
  if (auth === 'none') return met(['The server answered without any credential (authless): fine for public data.']);
  if (auth === 'oauth') return person(`Signed in by OAuth; confirm the server registers ${host} by CIMD or DCR (not a fixed client).`);
  return person(
    auth === 'bearer'
      ? `The report used a token given by hand; ${host} cannot use a static token. Confirm the server also offers OAuth (DCR or CIMD), or serves without sign-in.`
      : `How the server signs in was not seen; ${host} needs OAuth (DCR or CIMD) or no sign-in.`,
  );
}

/** Parameters that take an HTTP method, and the methods their enum allows. */
function methodParams(tool: McpTool): { key: string; methods?: string[] }[] {
  const props = isRecord(tool.inputSchema) ? own(tool.inputSchema, 'properties') : undefined;
  if (!isRecord(props)) return [];
  return Object.entries(props).flatMap(([key, schema]) => {
    if (!/^(?:http_?)?(?:method|verb)$/i.test(key) || !isRecord(schema)) return [];
    const values = own(schema, 'enum');
    return [{ key, ...(Array.isArray(values) ? { methods: values.map((value) => String(value).toUpperCase()) } : {}) }];
  });
}
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readWriteSplit(input: ReadinessInput): Judged {
  const mixed: string[] = [];
  const open: string[] = [];
  for (const tool of input.tools) {
    for (const param of methodParams(tool)) {
      if (!param.methods) open.push(`${tool.name}: "${param.key}" takes any method`);
      else if (param.methods.some((m) => SAFE.has(m)) && param.methods.some((m) => UNSAFE.has(m)))
        mixed.push(`${tool.name}: "${param.key}" allows ${param.methods.join(', ')} — read and write in one tool`);
    }
  }
  if (mixed.length) return { status: 'unmet', details: mixed };
  if (open.length) return person(...open.map((line) => `${line}: confirm it only reads, or split it into read and write tools.`));
  return met();
}

// A custom query tool: the caller builds the endpoint, query or body.
const FREEFORM = /^(?:endpoint|api_?path|url_?path|path_?template|request_?body|body|graphql|graphql_?query|sql|soql|jql|raw_?query)$/i;
function queryToolsNameTheirApi(input: ReadinessInput): Judged {
  const custom = input.tools.filter((tool) => {
    const props = isRecord(tool.inputSchema) ? own(tool.inputSchema, 'properties') : undefined;
    return methodParams(tool).length > 0 || (isRecord(props) && Object.keys(props).some((key) => FREEFORM.test(key)));
  });
  if (!custom.length) return { status: 'not-applicable', details: ['No tool takes a free-form endpoint, query or body.'] };
  return unless(
    custom
      .filter((tool) => !/https?:\/\/|\bAPI\b/.test(tool.description ?? ''))
      .map((tool) => `${tool.name} takes a free-form request but its description names no API (no link, no "… API").`),
  );
}

const CLAUDE: readonly Rule[] = [
  {
    id: 'claude-annotations',
    standing: 'blocker',
    title: 'Every tool has a title and readOnlyHint: true, or a destructiveHint',
    source: CLAUDE_REVIEW,
    judge: (input) =>
      unless(
        input.tools.flatMap((tool) => {
          const missing = [
            titleOf(tool) ? '' : 'a title',
            tool.annotations.readOnlyHint === true || typeof tool.annotations.destructiveHint === 'boolean'
              ? ''
              : 'readOnlyHint: true or a destructiveHint',
          ].filter(Boolean);
          return missing.length ? [`${tool.name}: lacks ${missing.join(' and ')}`] : [];
        }),
      ),
  },
  { id: 'claude-hints-accurate', standing: 'blocker', title: 'Hints match the tool', source: CLAUDE_REVIEW, judge: accurateHints },
  {
    id: 'claude-name-length',
    standing: 'blocker',
    title: 'Tool names are 64 characters or fewer',
    source: CLAUDE_REVIEW,
    judge: (input) =>
      unless([
        ...input.tools.filter((tool) => tool.name.length > 64).map((tool) => `${tool.name.slice(0, 70)}…: ${tool.name.length} characters`),
        ...findingsOf(input, ['name-invalid']).map(said),
      ]),
  },
  {
    id: 'claude-read-write',
    standing: 'blocker',
    title: 'Read and write are separate tools',
    source: CLAUDE_REVIEW,
    judge: readWriteSplit,
  },
  {
    id: 'claude-no-injection',
    standing: 'blocker',
    title: 'No prompt-injection patterns in descriptions',
    source: CLAUDE_REVIEW,
    judge: noInjection,
  },
  {
    id: 'claude-query-docs',
    standing: 'requirement',
    title: 'A custom query tool names its API',
    source: CLAUDE_REVIEW,
    judge: queryToolsNameTheirApi,
  },
  {
    id: 'claude-descriptions',
    standing: 'requirement',
    title: 'Narrow, accurate descriptions',
    source: CLAUDE_REVIEW,
    judge: describedWell,
  },
  {
    id: 'claude-transport',
    standing: 'requirement',
    title: 'A remote server over Streamable HTTP',
    source: CLAUDE_BUILDING,
    judge: (input) =>
      input.reach?.transport === 'stdio'
        ? person(
            'Reached over stdio: the directory lists remote servers (Streamable HTTP) and desktop extensions (MCPB); submit one of those.',
          )
        : met(['Reached over Streamable HTTP.']),
  },
  {
    id: 'claude-auth',
    standing: 'requirement',
    title: 'Sign-in by OAuth (DCR or CIMD), or none',
    source: CLAUDE_AUTH,
    judge: (input) => signIn(input, 'Claude'),
  },
  {
    id: 'claude-parameters',
    standing: 'recommendation',
    title: 'Parameters described, limits in the schema, tools told apart',
    source: CLAUDE_REVIEW,
    judge: wellShaped,
  },
  {
    id: 'claude-app-resources',
    standing: 'blocker',
    title: 'Each app’s UI resource is served',
    source: CLAUDE_REVIEW,
    judge: appResourcesServed,
  },
  {
    id: 'claude-app-assets',
    standing: 'person',
    title: 'App screenshots: 3–5 PNGs, at least 1000 px wide',
    source: CLAUDE_REVIEW,
    judge: (input) =>
      appTools(input).length
        ? person('Prepare 3–5 screenshots of the app’s response (PNG, ≥ 1000 px wide, no prompt text).')
        : { status: 'not-applicable', details: [] },
  },
  {
    id: 'claude-tested-by-reviewers',
    standing: 'person',
    title: 'Every tool does what its description and hints say',
    source: CLAUDE_REVIEW,
    judge: () => person('Reviewers call every tool: confirm each one works with the test account and matches its description and hints.'),
  },
  {
    id: 'claude-listing',
    standing: 'person',
    title: 'Privacy policy, documentation, support contact, test account',
    source: CLAUDE_POLICY,
    judge: () =>
      person('Publish a privacy policy, usage documentation and a support contact; give reviewers a test account with sample data.'),
  },
];

const OPENAI: readonly Rule[] = [
  {
    id: 'openai-hints-explicit',
    standing: 'blocker',
    title: 'readOnlyHint, destructiveHint and openWorldHint set to true or false on every tool',
    source: OPENAI_GUIDELINES,
    judge: (input) =>
      unless(
        input.tools.flatMap((tool) => {
          const missing = (['readOnlyHint', 'destructiveHint', 'openWorldHint'] as const).filter(
            (hint) => typeof tool.annotations[hint] !== 'boolean',
          );
          return missing.length ? [`${tool.name}: ${missing.join(', ')} not set`] : [];
        }),
      ),
  },
  { id: 'openai-hints-accurate', standing: 'blocker', title: 'Hints match the tool', source: OPENAI_GUIDELINES, judge: accurateHints },
  {
    id: 'openai-no-injection',
    standing: 'blocker',
    title: 'Descriptions do not steer the model',
    source: OPENAI_GUIDELINES,
    judge: noInjection,
  },
  {
    id: 'openai-names',
    standing: 'requirement',
    title: 'Tool names ChatGPT accepts ([A-Za-z0-9_-], at most 64)',
    source: OPENAI_GUIDELINES,
    judge: (input) => unless(findingsOf(input, ['name-invalid', 'name-host-portability']).map(said)),
  },
  {
    id: 'openai-descriptions',
    standing: 'requirement',
    title: 'Clear, accurate descriptions',
    source: OPENAI_GUIDELINES,
    judge: describedWell,
  },
  {
    id: 'openai-transport',
    standing: 'requirement',
    title: 'A public HTTPS endpoint',
    source: OPENAI_GUIDELINES,
    judge: (input) =>
      input.reach?.transport === 'stdio'
        ? person('Reached over stdio: ChatGPT connects only to a remote server; deploy it and run the report on its URL.')
        : met(['Reached over HTTP.']),
  },
  {
    id: 'openai-auth',
    standing: 'requirement',
    title: 'Sign-in by OAuth 2.1 (DCR or CIMD), or none',
    source: OPENAI_AUTH,
    judge: (input) => signIn(input, 'ChatGPT'),
  },
  {
    id: 'openai-parameters',
    standing: 'recommendation',
    title: 'Parameters described, limits in the schema, tools told apart',
    source: OPENAI_GUIDELINES,
    judge: wellShaped,
  },
  {
    id: 'openai-app-resources',
    standing: 'blocker',
    title: 'Each app’s UI resource is served',
    source: OPENAI_REFERENCE,
    judge: appResourcesServed,
  },
  {
    id: 'openai-app-csp',
    standing: 'requirement',
    title: 'Each UI resource declares its CSP (_meta.ui.csp)',
    source: OPENAI_REFERENCE,
    judge: (input) =>
      input.apps.length
        ? unless(input.apps.filter((app) => !app.cspDeclared).map((app) => `${app.tool}: ${app.uri} declares no _meta.ui.csp`))
        : { status: 'not-applicable', details: [] },
  },
  {
    id: 'openai-hint-justifications',
    standing: 'person',
    title: 'A justification for each hint of each tool',
    source: OPENAI_FORM,
    judge: () => person('The submission form asks why each hint is set as it is, per tool.'),
  },
  {
    id: 'openai-test-cases',
    standing: 'person',
    title: 'Test cases: at least 5, and 3 negative ones',
    source: OPENAI_FORM,
    judge: () => person('Write at least 5 prompts the app should answer and 3 it should not (the form asks for them).'),
  },
  {
    id: 'openai-privacy',
    standing: 'person',
    title: 'A published privacy policy',
    source: OPENAI_GUIDELINES,
    judge: () => person('Publish a privacy policy: what data the app collects, why, and who receives it.'),
  },
];

export const PROFILES: Record<ProfileId, readonly Rule[]> = { 'claude-directory': CLAUDE, 'openai-apps': OPENAI };

/** Every item id of a profile (what --confirm accepts: an item a person has checked). */
export const profileItemIds = (profile: ProfileId) => PROFILES[profile].map((rule) => rule.id);

export function judgeReadiness(profile: ProfileId, input: ReadinessInput, confirmed: ReadonlySet<string> = new Set()): Readiness {
  const items = PROFILES[profile].map(({ judge, ...rule }): ReadinessItem => {
    const judged = judge(input);
    return { ...rule, ...judged, status: judged.status === 'person' && confirmed.has(rule.id) ? 'confirmed' : judged.status };
  });
  const failing = items.some((item) => item.status === 'unmet' && (item.standing === 'blocker' || item.standing === 'requirement'));
  const open = items.some((item) => item.status === 'person');
  return { profile, verdict: failing ? 'not-ready' : open ? 'needs-person' : 'ready', items };
}

/** The CLI's exit status for a verdict: 0 ready, 1 not ready, 3 incomplete (2 is "could not run"). */
export const VERDICT_EXIT: Record<Verdict, number> = { ready: 0, 'not-ready': 1, 'needs-person': 3 };
export const VERDICT_TEXT: Record<Verdict, string> = { ready: 'Ready', 'not-ready': 'Not ready', 'needs-person': 'Needs a person' };
