// The report's rules over a tool listing: pure functions of what the server listed. Checks that
// need Ajv or a tokenizer get them injected, so the app loads those only when a report runs.
import { isRecord, own } from '../mcp/guards.ts';
import { decideIconSrc } from '../mcp/icons.ts';
import { DESTRUCTIVE_NAME, type McpTool, type ToolsPage } from '../mcp/tools.ts';
import type { Finding } from './findings.ts';
import { formatCount } from '../lib/count.ts';
import { hasInvisible } from '../lib/text.ts';
import { properties, quote } from './schemaWords.ts';
import { descriptionFindings } from './descriptionRules.ts';

export interface ListingChecks {
  /** Why the schema cannot be compiled or checked as declared (src/schema/validate.ts); undefined when fine. */
  schemaProblem: (schema: unknown) => string | undefined;
}

const SPEC_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const PORTABLE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function nameFindings(tool: McpTool): Finding[] {
  const { name } = tool;
  if (!SPEC_NAME.test(name)) {
    const bad = [...new Set([...name].filter((char) => !/[A-Za-z0-9_.-]/.test(char)))].slice(0, 5);
    const why = [
      name.length > 128 ? `${name.length} characters (the limit is 128)` : undefined,
      bad.length ? `the characters ${bad.map((char) => JSON.stringify(char)).join(', ')}` : undefined,
    ]
      .filter(Boolean)
      .join(' and ');
    return [
      {
        rule: 'name-invalid',
        severity: 'error',
        tool: name,
        message: `The name ${quote(name)} has ${why}; the spec allows 1–128 ASCII letters, digits, "_", "-" and ".".`,
        fix: 'Rename the tool to letters, digits and underscores (e.g. snake_case), at most 64 characters.',
      },
    ];
  }
  if (PORTABLE_NAME.test(name)) return [];
  const reasons = [
    name.length > 64 ? `${name.length} characters: Claude (Desktop and API) and OpenAI (Codex, Responses) accept at most 64` : undefined,
    name.includes('.') ? 'a "." — Claude Desktop refuses the whole server, OpenAI/Codex accept only [A-Za-z0-9_-]' : undefined,
  ].filter(Boolean);
  return [
    {
      rule: 'name-host-portability',
      severity: 'warning',
      tool: name,
      message: `The name ${quote(name)} is valid per the spec but has ${reasons.join('; and ')}.`,
      fix: 'Use only [A-Za-z0-9_-] and at most 64 characters (e.g. replace "." with "_").',
    },
  ];
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

// Names whose meaning a model knows without being told (an URL is an URL); "code", "data" or
// "value" are not among them.
const SELF_EXPLAINING = new Set([
  'url',
  'uri',
  'path',
  'file_path',
  'filepath',
  'filename',
  'file_name',
  'query',
  'search',
  'search_query',
  'email',
  'title',
  'name',
  'username',
  'limit',
  'offset',
  'page',
  'page_size',
  'per_page',
  'cursor',
  'text',
  'message',
  'content',
  'timezone',
  'time_zone',
  'language',
  'locale',
  'width',
  'height',
  'x',
  'y',
  'a',
  'b',
]);
const normalName = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

/** Why a parameter without a description is still clear to a model, if it is. */
function explainedElsewhere(key: string, schema: Record<string, unknown>, toolDescription: string): boolean {
  if (SELF_EXPLAINING.has(normalName(key))) return true;
  // Its values say it: an enum, a constant, a format (date-time, uri, email…).
  if (Array.isArray(own(schema, 'enum')) || own(schema, 'const') !== undefined || hasText(own(schema, 'format'))) return true;
  if (hasText(own(schema, 'title'))) return true;
  // Its parts say it: every property of an object, or the items of an array, described.
  const described = (part: unknown) => isRecord(part) && (hasText(own(part, 'description')) || allPropertiesDescribed(part));
  if (own(schema, 'type') === 'object' && allPropertiesDescribed(schema)) return true;
  if (own(schema, 'type') === 'array' && described(own(schema, 'items'))) return true;
  // The tool's description explains it by name ("… the file at `path` …").
  const words = normalName(key).replace(/_/g, ' ');
  return new RegExp(`(^|[^a-z0-9_])(${escapeRegExp(key)}|${escapeRegExp(words)})([^a-z0-9_]|$)`, 'i').test(toolDescription);
}

function allPropertiesDescribed(schema: Record<string, unknown>): boolean {
  const props = own(schema, 'properties');
  return (
    isRecord(props) &&
    Object.keys(props).length > 0 &&
    Object.values(props).every((part) => isRecord(part) && hasText(own(part, 'description')))
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function paramFindings(tool: McpTool): Finding[] {
  const toolDescription = tool.description ?? '';
  return properties(tool.inputSchema)
    .filter(([key, schema]) => !hasText(own(schema, 'description')) && !explainedElsewhere(key, schema, toolDescription))
    .map(([key]) => ({
      rule: 'param-description-missing',
      severity: 'warning',
      tool: tool.name,
      message: `The parameter ${quote(key, 60)} has no description, and neither its name, its schema nor the tool's description says what it means.`,
      fix: `Describe ${quote(key, 60)}: what it means, its format or unit, and an example.`,
    }));
}

// A bound stated in words: "up to 50", "at most 10 items", "max 200 characters", "between 1 and 5".
const PROSE_BOUND =
  /\b(?:up to|at most|no more than|max(?:imum)?|between|limit(?:ed)? to|not (?:more|longer) than)\b[^.]{0,30}?\d+(?:[.,]\d+)*/i;

const BOUND_KEYS: Record<string, readonly string[]> = {
  string: ['maxLength', 'enum', 'const', 'format'],
  array: ['maxItems'],
  number: ['maximum', 'exclusiveMaximum', 'enum', 'const'],
  integer: ['maximum', 'exclusiveMaximum', 'enum', 'const'],
};

function unboundedFindings(tool: McpTool): Finding[] {
  return properties(tool.inputSchema).flatMap(([key, schema]): Finding[] => {
    const type = own(schema, 'type');
    const description = own(schema, 'description');
    if (typeof type !== 'string' || typeof description !== 'string') return [];
    const bounds = BOUND_KEYS[type];
    const stated = PROSE_BOUND.exec(description)?.[0];
    if (!bounds || !stated || bounds.some((bound) => own(schema, bound) !== undefined)) return [];
    return [
      {
        rule: 'schema-unbounded',
        // A number's limit in words is one the author meant ("at most 30" seconds): a warning. A
        // string's or list's "up to 50" may be about what the tool returns: a note.
        severity: type === 'number' || type === 'integer' ? 'warning' : 'info',
        tool: tool.name,
        message: `The ${type} parameter ${quote(key, 60)} says ${quote(stated, 60)} in its description, but its schema sets no ${bounds[0]}.`,
        fix: `Add "${bounds[0]}" to ${quote(key, 60)}'s schema, so hosts and validators enforce what the description promises.`,
      },
    ];
  });
}

function schemaFindings(tool: McpTool, checks: ListingChecks): Finding[] {
  const schema = tool.inputSchema;
  const invalid = (message: string, fix: string): Finding[] => [
    { rule: 'schema-invalid', severity: 'error', tool: tool.name, message, fix },
  ];
  if (!isRecord(schema)) {
    return invalid(
      `inputSchema is ${JSON.stringify(schema)?.slice(0, 60) ?? 'missing'}, not a schema object.`,
      'Give an object schema: {"type": "object", "properties": {…}}.',
    );
  }
  if (own(schema, 'type') !== 'object') {
    return invalid(
      `inputSchema's root type is ${JSON.stringify(own(schema, 'type'))?.slice(0, 40) ?? 'missing'}; arguments are always an object.`,
      'Set "type": "object" at the root and put the parameters under "properties".',
    );
  }
  const problem = checks.schemaProblem(schema);
  if (problem)
    return invalid(`inputSchema: ${problem}`, 'Write the schema in JSON Schema 2020-12 (or declare draft-07) and check it compiles.');
  const props = own(schema, 'properties');
  const empty = !isRecord(props) || Object.keys(props).length === 0;
  if (empty && own(schema, 'additionalProperties') !== false) {
    return [
      {
        rule: 'schema-open-no-params',
        severity: 'info',
        tool: tool.name,
        message:
          'The tool takes no parameters and its schema accepts any object: valid (what most SDKs emit), but a model is not told to send nothing.',
        fix: 'If the tool never reads arguments, {"type": "object", "additionalProperties": false} says so.',
      },
    ];
  }
  return unboundedFindings(tool);
}

function annotationRuleFindings(tool: McpTool): Finding[] {
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
  if ([readOnlyHint, destructiveHint, idempotentHint, openWorldHint].every((hint) => hint === undefined)) {
    return [
      {
        rule: 'annotations-missing',
        severity: 'warning',
        tool: tool.name,
        message: 'No annotations: hosts treat the tool as destructive and open-world, and ask before every call.',
        fix: 'Set readOnlyHint (and, for tools that write, destructiveHint and idempotentHint) and openWorldHint.',
      },
    ];
  }
  const findings: Finding[] = [];
  if (readOnlyHint === true && destructiveHint === true) {
    findings.push({
      rule: 'annotations-contradiction',
      severity: 'warning',
      tool: tool.name,
      message: 'readOnlyHint is true and destructiveHint is true: a read-only tool cannot destroy anything.',
      fix: 'Keep the hint that is true: readOnlyHint: true alone, or readOnlyHint: false with destructiveHint: true.',
    });
  }
  if (DESTRUCTIVE_NAME.test(tool.name) && (readOnlyHint === true || destructiveHint === false)) {
    findings.push({
      rule: 'annotations-destructive-name',
      severity: 'warning',
      tool: tool.name,
      message: `The name ${quote(tool.name)} sounds destructive, but the tool is marked ${readOnlyHint === true ? 'read-only' : 'destructiveHint: false'}. A read-only claim does not switch off Toolscope’s confirmation for such a tool; hosts that trust it will.`,
      fix: 'Mark it readOnlyHint: false, destructiveHint: true — or rename it if it really only reads.',
    });
  }
  return findings;
}

function iconFindings(tool: McpTool, serverUrl: string): Finding[] {
  const shape = tool.findings.filter((finding) => finding.startsWith('icons'));
  const sources = tool.icons.flatMap((icon) => {
    const decision = decideIconSrc(icon.src, serverUrl);
    return decision.ok ? [] : [`${quote(icon.src, 60)}: ${decision.reason}`];
  });
  return [...shape, ...sources].map((reason) => ({
    rule: 'icon-invalid',
    severity: 'info',
    tool: tool.name,
    message: `An icon is dropped — ${reason}`,
    fix: 'Serve icons over https (or as a data: URL of a raster image) with src and an image/* mimeType.',
  }));
}

// What a connector directory rejects as prompt injection in a description (claude.com/docs/connectors/
// building/review-criteria: "hidden, obfuscated, or encoded instructions", interfering with other
// tools, pulling instructions from elsewhere; the ChatGPT app submission guidelines alike).
const INJECTION: readonly [RegExp, string][] = [
  [
    /\bignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier|other|system) (?:instructions|prompts?|tools?|rules)\b/i,
    'tells the model to ignore its instructions',
  ],
  [
    /\b(?:do not|don['’]t|never) (?:tell|inform|mention|reveal|show)\b[^.]{0,40}\b(?:the )?(?:user|human|person)\b/i,
    'tells the model to keep something from the person',
  ],
  [/<\/?(?:important|system|instructions?|secret)>/i, 'holds an <IMPORTANT>/<system>-style tag addressed to the model'],
  [
    /\b(?:instead of|rather than|before) (?:using|calling) (?:any|all|every) (?:other )?tools?\b/i,
    'tells the model how to use other tools',
  ],
  [
    /\b(?:fetch|read|load|follow) (?:your |the )?(?:instructions|rules|prompt) (?:from|at)\b/i,
    'sends the model after instructions elsewhere',
  ],
  // A fixed count, not an open one: `{160,}` overflows V8's regex stack on a 10 MB run (issue 79).
  [/[A-Za-z0-9+/]{160}/, 'holds a long encoded blob'],
];

export function injectionFindings(tool: McpTool): Finding[] {
  const described = properties(tool.inputSchema).map(([, schema]) => own(schema, 'description'));
  const texts = [tool.description ?? '', ...described.filter((text): text is string => typeof text === 'string')];
  const reasons = [
    ...(texts.some(hasInvisible) ? ['holds invisible or direction-changing characters (hidden text)'] : []),
    ...INJECTION.filter(([pattern]) => texts.some((text) => pattern.test(text))).map(([, reason]) => reason),
  ];
  if (!reasons.length) return [];
  return [
    {
      rule: 'description-injection',
      severity: 'error',
      tool: tool.name,
      message: `The description ${reasons.join('; and ')}.`,
      fix: 'Describe only what the tool does and returns; no instructions about other tools, secrecy, or hidden text.',
    },
  ];
}

/** Every listing rule for one tool (the tool view shows these; the report adds server-wide ones). */
export function lintTool(tool: McpTool, serverUrl: string, checks: ListingChecks): Finding[] {
  return [
    ...nameFindings(tool),
    ...descriptionFindings(tool),
    ...injectionFindings(tool),
    ...paramFindings(tool),
    ...schemaFindings(tool, checks),
    ...annotationRuleFindings(tool),
    ...iconFindings(tool, serverUrl),
  ];
}

/** Names listed more than once, across all pages. */
export function duplicateFindings(pages: readonly ToolsPage[]): Finding[] {
  const counts = new Map<string, number>();
  for (const page of pages) for (const tool of page.tools) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count > 1)
    .map(([name, count]) => ({
      rule: 'name-duplicate',
      severity: 'error',
      tool: name,
      message: `The name ${quote(name)} is listed ${count} times.`,
      fix: 'Give every tool its own name; merge or rename the copies.',
    }));
}

export function countFindings(count: number, totalTokens: number, tokenizer: string): Finding[] {
  const cost = `${formatCount(totalTokens)} tokens (${tokenizer}) on every turn`;
  if (count > 128) {
    return [
      {
        rule: 'tool-count-host-cap',
        severity: 'warning',
        message: `${count} tools: GitHub Copilot refuses requests with more than 128 tools; the list costs ${cost}.`,
        fix: 'Split the server by task, or expose fewer, broader tools (or let the person enable groups of tools).',
      },
    ];
  }
  if (count > 40) {
    return [
      {
        rule: 'tool-count-host-cap',
        severity: 'info',
        message: `${count} tools cost ${cost}; model accuracy in picking tools drops as lists grow.`,
        fix: 'Consider fewer, broader tools, or groups the person can turn on.',
      },
    ];
  }
  return [];
}

export function orderFindings(first: readonly string[], second: readonly string[] | undefined): Finding[] {
  if (!second) return [];
  const same = first.length === second.length && first.every((name, index) => second[index] === name);
  if (same) return [];
  const at = first.findIndex((name, index) => second[index] !== name);
  return [
    {
      rule: 'order-unstable',
      severity: 'warning',
      message: `Listing twice gave a different order (first difference at position ${at + 1}: ${quote(first[at] ?? '∅', 60)} then ${quote(second[at] ?? '∅', 60)}).`,
      fix: 'Return tools in a fixed order (e.g. registration order or sorted by name).',
    },
  ];
}

/** 2026-07-28 pages: ttlMs and cacheScope present, and one cacheScope for the whole list. */
export function cacheFindings(pages: readonly ToolsPage[]): Finding[] {
  const findings: Finding[] = [];
  pages.forEach((page, index) => {
    for (const finding of page.findings.filter((text) => /^(ttlMs|cacheScope) /.test(text))) {
      findings.push({
        rule: 'cache-fields',
        severity: 'warning',
        message: `Page ${index + 1}: ${finding}`,
        fix: 'Return ttlMs (an integer ≥ 0) and cacheScope ("public" or "private") on every tools/list page.',
      });
    }
  });
  const scopes = new Set(pages.map((page) => page.cacheScope).filter(Boolean));
  if (scopes.size > 1) {
    findings.push({
      rule: 'cache-fields',
      severity: 'warning',
      message: `Pages of one list disagree on cacheScope (${[...scopes].join(' and ')}).`,
      fix: 'Use one cacheScope for every page of a list.',
    });
  }
  return findings;
}
