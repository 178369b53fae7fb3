// The report's rules on what a server offers besides tools: its prompts, resources and resource
// templates. Each rule rests on the spec (2025-11-25: server/prompts, server/resources,
// server/utilities/completion, and the schema's field docs) or a host's documentation, cited in
// RULES. Only what breaks a client is an error; what only costs a person some guessing is info —
// these rules were run on the real servers of `npm run report:real` before any could warn.
import type { Listing, McpPrompt, McpResource, McpResourceTemplate } from '../mcp/serverOffers.ts';
import { templateVariables } from '../mcp/serverOffers.ts';
import type { Finding } from './findings.ts';
import { quote } from './schemaWords.ts';

/** A list as the report read it: its entries, or why the server would not give them. */
export type OfferList<Item> = Listing<Item> | { failed: string };

export interface OffersInput {
  prompts?: OfferList<McpPrompt>;
  resources?: OfferList<McpResource>;
  templates?: OfferList<McpResourceTemplate>;
  /** Whether the server declared the completions capability. */
  completions: boolean;
}

/** At most this many names in one message; the rest counted. */
const NAMED = 5;
const names = (all: readonly string[]) =>
  all.length > NAMED
    ? `${all
        .slice(0, NAMED)
        .map((name) => quote(name))
        .join(', ')} and ${all.length - NAMED} more`
    : all.map((name) => quote(name)).join(', ');

const METHOD = { prompts: 'prompts/list', resources: 'resources/list', templates: 'resources/templates/list' } as const;

function listFindings(kind: keyof typeof METHOD, list: OfferList<unknown> | undefined): Finding[] {
  if (!list) return [];
  if ('failed' in list)
    return [
      {
        rule: 'offers-list-failed',
        severity: 'error',
        message: `The server declares ${kind === 'prompts' ? 'prompts' : 'resources'}, but ${METHOD[kind]} failed: ${list.failed}`,
        fix: `Answer ${METHOD[kind]} (an empty list when there is nothing), or do not declare the capability.`,
      },
    ];
  const findings: Finding[] = [];
  if (list.refused > 0)
    findings.push({
      rule: 'offers-list-failed',
      severity: 'error',
      message: `${METHOD[kind]} sent ${list.refused} ${list.refused === 1 ? 'entry' : 'entries'} without the ${kind === 'templates' ? 'uriTemplate' : kind === 'resources' ? 'uri' : 'name'} the schema requires: clients drop ${list.refused === 1 ? 'it' : 'them'}.`,
      fix: 'Give every entry the fields the spec’s schema requires.',
    });
  if (list.stop)
    findings.push({
      rule: 'offers-list-failed',
      severity: 'error',
      message: `${METHOD[kind]} did not end: ${list.stop}`,
      fix: 'Return no nextCursor on the last page, and never a cursor already handed out in the same listing.',
    });
  return findings;
}

const items = <Item>(list: OfferList<Item> | undefined): Item[] => (list && !('failed' in list) ? list.items : []);

function promptFindings(prompts: readonly McpPrompt[]): Finding[] {
  const findings: Finding[] = [];
  const bare = prompts.filter((prompt) => !prompt.description?.trim());
  if (bare.length)
    findings.push({
      rule: 'prompt-description-missing',
      severity: 'info',
      message: `${bare.length === 1 ? 'The prompt' : `${bare.length} prompts`} ${names(bare.map((prompt) => prompt.name))} ${bare.length === 1 ? 'has' : 'have'} no description: a person picking it from the host’s menu sees only its name.`,
      fix: 'Say in one sentence what the prompt asks the model to do.',
    });
  for (const prompt of prompts) {
    const undescribed = prompt.arguments.filter((arg) => !arg.description?.trim());
    if (!undescribed.length) continue;
    findings.push({
      rule: 'prompt-argument-undescribed',
      severity: 'info',
      message: `The prompt ${quote(prompt.name)} asks for ${names(undescribed.map((arg) => arg.name))} without a description: the host asks the person for ${undescribed.length === 1 ? 'it' : 'them'} by name alone.`,
      fix: 'Describe each argument: what it is, and an example of a good value.',
    });
  }
  return findings;
}

// RFC 6570 §2.3: varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded;
// a modifier is ":" 1-4 digits (not starting with 0) or "*". §2.2: an operator is one of + # . / ; ? &
// (= , ! @ | are reserved for future extensions).
const VARCHAR = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})';
const VARSPEC = new RegExp(`^${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9]\\d{0,3}|\\*)?$`);

/** Why a URI template breaks RFC 6570, or undefined when it does not. */
export function templateProblem(uriTemplate: string): string | undefined {
  const outside = uriTemplate.replace(/\{[^{}]*\}/g, '');
  if (/[{}]/.test(outside)) return 'its braces do not pair';
  for (const [, body = ''] of uriTemplate.matchAll(/\{([^{}]*)\}/g)) {
    const list = /^[+#./;?&]/.test(body) ? body.slice(1) : body;
    if (/^[=,!@|]/.test(body)) return `the operator "${body[0]}" in {${body}} is reserved by RFC 6570`;
    const bad = list.split(',').find((spec) => !VARSPEC.test(spec));
    if (bad !== undefined)
      return `{${body}} holds ${bad ? `the variable ${quote(bad)}` : 'an empty variable'}, which RFC 6570 does not allow`;
  }
  return undefined;
}

function resourceFindings(resources: readonly McpResource[], templates: readonly McpResourceTemplate[], completions: boolean): Finding[] {
  const findings: Finding[] = [];
  const untyped = [
    ...resources.filter((resource) => !resource.mimeType).map((resource) => resource.uri),
    ...templates.filter((template) => !template.mimeType).map((template) => template.uriTemplate),
  ];
  if (untyped.length)
    findings.push({
      rule: 'resource-mime-missing',
      severity: 'info',
      message: `${untyped.length === 1 ? 'The resource' : `${untyped.length} resources and templates`} ${names(untyped)} declare${untyped.length === 1 ? 's' : ''} no MIME type: a client cannot tell how to show ${untyped.length === 1 ? 'it' : 'them'} or whether a model can read ${untyped.length === 1 ? 'it' : 'them'} before reading.`,
      fix: 'Set mimeType on each resource and template whose type is known (text/markdown, application/json, image/png…).',
    });
  for (const template of templates) {
    const problem = templateProblem(template.uriTemplate);
    if (problem)
      findings.push({
        rule: 'resource-template-invalid',
        severity: 'error',
        message: `The template ${quote(template.uriTemplate)} (${quote(template.name)}) is not an RFC 6570 URI template: ${problem}. Clients cannot expand it.`,
        fix: 'Write the template per RFC 6570 (e.g. "file:///logs/{name}.log", "repo://{owner}/{repo}{/path*}").',
      });
  }
  const variables = templates.filter((template) => templateVariables(template.uriTemplate).length > 0);
  if (!completions && variables.length)
    findings.push({
      rule: 'template-completion-missing',
      severity: 'info',
      message: `${variables.length === 1 ? 'The template' : `${variables.length} templates`} ${names(variables.map((template) => template.uriTemplate))} take${variables.length === 1 ? 's' : ''} values, and the server declares no completions: a person must know each value by heart.`,
      fix: 'Declare the completions capability and answer completion/complete for each template variable (ref/resource).',
    });
  return findings;
}

/** Every finding about the server's prompts, resources and templates. */
export function offerFindings(input: OffersInput): Finding[] {
  return [
    ...listFindings('prompts', input.prompts),
    ...listFindings('resources', input.resources),
    ...listFindings('templates', input.templates),
    ...promptFindings(items(input.prompts)),
    ...resourceFindings(items(input.resources), items(input.templates), input.completions),
  ];
}
