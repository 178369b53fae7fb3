// Tool definitions as the model sees them, parsed leniently: one malformed tool becomes a
// finding and never hides the others (one bad tool must not hide the other 999).
import { toolApp, toolVisibility, type AppVisibility, type ToolApp } from './apps/mcpApps.ts';
import { isRecord, optionalBoolean, optionalNumber, optionalString, own, type JsonObject } from './guards.ts';
import { hasInvisible } from '../lib/text.ts';
import { scanParamHeaders, type ParamHeader } from './wire/paramHeaders.ts';

export interface ToolIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  icons: ToolIcon[];
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations: ToolAnnotations;
  /** 2025-11-25 task support ("required" means a plain call fails). */
  taskSupport?: string;
  /** Problems with this definition that a server author should fix. */
  findings: string[];
  /** 2026-07-28: arguments mirrored as `Mcp-Param-*` headers on every call. */
  paramHeaders?: ParamHeader[];
  /** Why this tool cannot be called at all (the spec says clients leave it out); shown greyed. */
  unusable?: string;
  /** MCP Apps: the UI this tool shows (`_meta.ui.resourceUri`). */
  app?: ToolApp;
  /** MCP Apps: who may call it (`_meta.ui.visibility`); absent: both the model and apps. */
  visibility?: AppVisibility[];
  /** MCP Apps: why `_meta.ui.visibility` was ignored (not a list of "model" / "app"). */
  visibilityProblem?: string;
}

export interface ToolsPage {
  tools: McpTool[];
  nextCursor?: string;
  /** Milliseconds the page may be cached (2026-07-28); 0 when absent or invalid. */
  ttlMs: number;
  cacheScope?: 'public' | 'private';
  /** Problems with the page itself (e.g. an entry that is not a tool at all). */
  findings: string[];
}

/** The longest a list result may be cached, whatever its ttlMs says. */
export const MAX_TTL_MS = 24 * 60 * 60_000;

// Spec naming rule: 1–128 chars of ASCII letters, digits, `_`, `-`, `.`.
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
/** Any character trim() would keep (\s is exactly what it removes). */
const NOT_BLANK = /\S/;
const NO_META_VISIBILITY: ReturnType<typeof toolVisibility> = { visibility: ['model', 'app'] };

/** What the 2026 schema says about each icon entry that Toolscope drops or must doubt. */
export function iconShapeFindings(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [`icons is ${JSON.stringify(value)?.slice(0, 40)}, not an array: no icon is shown.`];
  return value.flatMap((icon, index) => {
    const at = `icons[${index}]`;
    if (!isRecord(icon)) return [`${at} is not an object: dropped.`];
    const findings: string[] = [];
    if (typeof own(icon, 'src') !== 'string' || !own(icon, 'src')) findings.push(`${at} has no src: dropped.`);
    const theme = own(icon, 'theme');
    if (theme !== undefined && theme !== 'light' && theme !== 'dark') {
      findings.push(`${at}.theme: ${JSON.stringify(theme)?.slice(0, 40)} — the 2026 schema allows "light" or "dark".`);
    }
    const mimeType = own(icon, 'mimeType');
    if (mimeType !== undefined && (typeof mimeType !== 'string' || !mimeType.startsWith('image/'))) {
      findings.push(`${at}.mimeType: ${JSON.stringify(mimeType)?.slice(0, 60)} is not an image type.`);
    }
    return findings;
  });
}

/** A list's icons (tools, prompts, resources alike), each with a src; anything else left out. */
export function parseIcons(value: unknown): ToolIcon[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((icon) => {
    const src = optionalString(own(icon, 'src'));
    if (!src) return [];
    const sizes = own(icon, 'sizes');
    return [
      {
        src,
        mimeType: optionalString(own(icon, 'mimeType')),
        sizes: Array.isArray(sizes) ? sizes.filter((size): size is string => typeof size === 'string') : undefined,
      },
    ];
  });
}

/** A tool's annotations as the spec defines them (anything else, or of another type, left out). */
export function parseToolAnnotations(value: unknown): ToolAnnotations {
  if (!isRecord(value)) return {};
  return {
    title: optionalString(own(value, 'title')),
    readOnlyHint: optionalBoolean(own(value, 'readOnlyHint')),
    destructiveHint: optionalBoolean(own(value, 'destructiveHint')),
    idempotentHint: optionalBoolean(own(value, 'idempotentHint')),
    openWorldHint: optionalBoolean(own(value, 'openWorldHint')),
  };
}

/** Parses one entry of `tools`; returns a finding instead when it is not a usable tool. */
export function parseTool(raw: unknown, index: number): McpTool | string {
  if (!isRecord(raw)) return `Entry ${index + 1} of the page is not an object; skipped.`;
  const name = own(raw, 'name');
  if (typeof name !== 'string' || name.length === 0) return `Entry ${index + 1} has no name; skipped.`;
  const findings: string[] = [];
  if (!TOOL_NAME.test(name)) {
    findings.push('Name breaks the MCP naming rule: 1–128 characters of ASCII letters, digits, "_", "-" or ".".');
  }
  const description = optionalString(own(raw, 'description'));
  // (Whether anything but whitespace is there — as trim() would tell — without a trimmed copy per tool.)
  if (description === undefined || !NOT_BLANK.test(description))
    findings.push('No description: a model has nothing but the name to decide when to call this tool.');
  const inputSchema = own(raw, 'inputSchema');
  if (!isRecord(inputSchema)) findings.push('inputSchema is missing or not an object; the spec requires a schema object.');
  else if (own(inputSchema, 'type') !== 'object') {
    findings.push(
      `inputSchema.type is ${JSON.stringify(own(inputSchema, 'type')) ?? 'missing'}: the spec requires "object" (arguments are always an object).`,
    );
  }
  const outputSchema = own(raw, 'outputSchema');
  if (outputSchema !== undefined && !isRecord(outputSchema)) {
    findings.push(`outputSchema is ${JSON.stringify(outputSchema)}: leave it out, or give a schema object.`);
  }
  const rawIcons = own(raw, 'icons');
  if (rawIcons !== undefined) findings.push(...iconShapeFindings(rawIcons));
  const rawAnnotations = own(raw, 'annotations');
  if (isRecord(rawAnnotations)) {
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
      const value = own(rawAnnotations, hint);
      if (value !== undefined && typeof value !== 'boolean') {
        findings.push(`annotations.${hint} is ${JSON.stringify(value)?.slice(0, 40)}, not a boolean: ignored (the spec default applies).`);
      }
    }
  }
  const execution = own(raw, 'execution');
  const meta = own(raw, '_meta');
  // Most tools have no _meta: nothing to read there, and the default visibility (both).
  const app = meta === undefined ? undefined : toolApp(meta);
  const { visibility, problem: visibilityProblem } = meta === undefined ? NO_META_VISIBILITY : toolVisibility(meta);
  if (app) findings.push(...app.problems);
  else if (visibilityProblem) findings.push(visibilityProblem);
  const title = optionalString(own(raw, 'title'));
  const annotations = parseToolAnnotations(own(raw, 'annotations'));
  findings.push(...annotationFindings(name, title, annotations));
  if (
    hasInvisible(name) ||
    (title !== undefined && hasInvisible(title)) ||
    (annotations.title !== undefined && hasInvisible(annotations.title))
  ) {
    findings.push(
      'The name or a title contains control or bidi characters that can make it read differently from what it is; they are shown as ⟨U+…⟩.',
    );
  }
  const tool: McpTool = {
    name,
    title,
    description,
    icons: rawIcons === undefined ? [] : parseIcons(rawIcons),
    inputSchema,
    outputSchema: isRecord(outputSchema) ? outputSchema : undefined,
    annotations,
    taskSupport: isRecord(execution) ? optionalString(own(execution, 'taskSupport')) : undefined,
    findings,
  };
  // Set only when there (one literal and three assignments: spreads cost 10,000 tools dearly).
  if (app) tool.app = app;
  if (visibility.length !== 2) tool.visibility = visibility;
  if (visibilityProblem) tool.visibilityProblem = visibilityProblem;
  return tool;
}

// Verbs that destroy: a tool named like this but marked non-destructive deserves a second look.
export const DESTRUCTIVE_NAME =
  /(?:^|[_.-])(delete|drop|remove|destroy|purge|wipe|erase|truncate|kill|revoke)(?:$|[_.-])|^(delete|drop|remove|destroy|purge|wipe|erase|truncate|kill|revoke)[A-Z]/i;

/** Contradictions and risks in a tool's annotations (they are hints, possibly untrustworthy). */
export function annotationFindings(name: string, title: string | undefined, annotations: ToolAnnotations): string[] {
  const findings: string[] = [];
  if (annotations.readOnlyHint === true && annotations.destructiveHint === true) {
    findings.push(
      'Contradiction: readOnlyHint is true but destructiveHint is also true. A read-only tool cannot destroy anything; one of the hints is wrong.',
    );
  }
  if (annotations.readOnlyHint !== true && annotations.destructiveHint === false && DESTRUCTIVE_NAME.test(name)) {
    findings.push(
      `Risk: the name "${name.slice(0, 128)}" sounds destructive, yet destructiveHint is false. Hosts will skip confirmation for it.`,
    );
  }
  if (annotations.title?.trim() && title?.trim() && title.trim() !== annotations.title.trim()) {
    findings.push(
      `Two different titles: "${title.slice(0, 200)}" (title) and "${annotations.title.slice(0, 200)}" (annotations.title). Hosts show title first.`,
    );
  }
  return findings;
}

/**
 * What a 2026-07-28 list result says about caching, when it says it wrong: `ttlMs` must be an
 * integer ≥ 0 and `cacheScope` "public" or "private" (both required). The list is still shown,
 * uncached where the hint is unusable.
 */
export function cacheHintFindings(raw: unknown): string[] {
  if (!isRecord(raw)) return [];
  const findings: string[] = [];
  const ttl = own(raw, 'ttlMs');
  if (ttl === undefined) findings.push('ttlMs is missing: a 2026-07-28 list result must say how long it may be cached. Not cached.');
  else if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0) {
    findings.push(`ttlMs is ${JSON.stringify(ttl)?.slice(0, 40)}: it must be an integer ≥ 0. Not cached.`);
  }
  const scope = own(raw, 'cacheScope');
  if (scope === undefined)
    findings.push('cacheScope is missing: a 2026-07-28 list result must say "public" or "private". Treated as private.');
  else if (scope !== 'public' && scope !== 'private') {
    findings.push(`cacheScope is ${JSON.stringify(scope)?.slice(0, 40)}: only "public" or "private". Treated as private.`);
  }
  return findings;
}

/**
 * 2026-07-28 HTTP rules for a parsed tool: its `x-mcp-header` declarations, or — when one is
 * invalid — why it cannot be called (and a finding naming the declaration).
 */
export function withParamHeaders(tool: McpTool): McpTool {
  const scan = scanParamHeaders(tool.inputSchema);
  if (!scan.valid) {
    const unusable = `Not callable: ${scan.reason}. The 2026-07-28 spec says clients must leave such a tool out.`;
    return { ...tool, unusable, findings: [...tool.findings, unusable] };
  }
  return scan.headers.length ? { ...tool, paramHeaders: scan.headers } : tool;
}

export function parseToolsPage(raw: unknown): ToolsPage {
  if (!isRecord(raw)) return { tools: [], ttlMs: 0, findings: ['tools/list result is not an object.'] };
  const findings: string[] = [];
  const entries = own(raw, 'tools');
  if (!Array.isArray(entries)) findings.push('tools/list result has no "tools" array.');
  const tools: McpTool[] = [];
  (Array.isArray(entries) ? entries : []).forEach((entry, index) => {
    const parsed = parseTool(entry, index);
    if (typeof parsed === 'string') findings.push(parsed);
    else tools.push(parsed);
  });
  const cursor = own(raw, 'nextCursor');
  if (cursor !== undefined && typeof cursor !== 'string') {
    findings.push(`nextCursor is ${JSON.stringify(cursor)?.slice(0, 60)}, not a string: the list stops here (cursors are opaque strings).`);
  }
  const ttl = optionalNumber(own(raw, 'ttlMs'));
  const scope = own(raw, 'cacheScope');
  return {
    tools,
    nextCursor: typeof cursor === 'string' ? cursor : undefined,
    // Capped at 24 h, as the SDK caps it: a server cannot pin a stale list for good.
    ttlMs: ttl !== undefined && ttl > 0 ? Math.min(Math.floor(ttl), MAX_TTL_MS) : 0,
    cacheScope: scope === 'public' || scope === 'private' ? scope : undefined,
    findings,
  };
}

export type { JsonObject };

/** A tools/list page as read in its era: 2026 tools carry their Mcp-Param headers, and a missing resultType or cache hint is a finding. */
export function listedToolsPage(raw: unknown, modern: boolean): ToolsPage {
  const page = parseToolsPage(raw);
  if (!modern) return page;
  page.tools = page.tools.map(withParamHeaders);
  if (isRecord(raw)) {
    if (own(raw, 'resultType') === undefined)
      page.findings.push('The result has no resultType: a 2026-07-28 server must send resultType "complete". Read as complete.');
    page.findings.push(...cacheHintFindings(raw));
  }
  return page;
}
