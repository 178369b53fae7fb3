// Tool definitions as the model sees them, parsed leniently: one malformed tool becomes a
// finding and never hides the others (05-architecture habit 2).
import { isRecord, optionalBoolean, optionalNumber, optionalString, own, type JsonObject } from './guards.ts';

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

// Spec naming rule: 1–128 chars of ASCII letters, digits, `_`, `-`, `.`.
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function parseIcons(value: unknown): ToolIcon[] {
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

function parseAnnotations(value: unknown): ToolAnnotations {
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
  if (!description?.trim()) findings.push('No description: a model has nothing but the name to decide when to call this tool.');
  const inputSchema = own(raw, 'inputSchema');
  if (!isRecord(inputSchema)) findings.push('inputSchema is missing or not an object; the spec requires a schema object.');
  const execution = own(raw, 'execution');
  return {
    name,
    title: optionalString(own(raw, 'title')),
    description,
    icons: parseIcons(own(raw, 'icons')),
    inputSchema,
    outputSchema: own(raw, 'outputSchema'),
    annotations: parseAnnotations(own(raw, 'annotations')),
    taskSupport: isRecord(execution) ? optionalString(own(execution, 'taskSupport')) : undefined,
    findings,
  };
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
  const ttl = optionalNumber(own(raw, 'ttlMs'));
  const scope = own(raw, 'cacheScope');
  return {
    tools,
    nextCursor: typeof cursor === 'string' ? cursor : undefined,
    ttlMs: ttl !== undefined && ttl > 0 ? Math.floor(ttl) : 0,
    cacheScope: scope === 'public' || scope === 'private' ? scope : undefined,
    findings,
  };
}

/**
 * Joins pages into one list. Names are unique per server (MCP Tools): a repeated name is a
 * finding, and only its first definition is kept so selecting by name stays unambiguous.
 */
export function mergePages(pages: readonly ToolsPage[]): { tools: McpTool[]; findings: string[] } {
  return createPageMerger()(pages);
}

/**
 * An incremental `mergePages`: called again with the same pages plus new ones (pages arrive
 * one by one), it processes only the new pages, so loading n tools stays O(n).
 */
export function createPageMerger() {
  let merged: readonly ToolsPage[] = [];
  let seen = new Map<string, number>();
  let tools: McpTool[] = [];
  let findings: string[] = [];
  return (pages: readonly ToolsPage[]): { tools: McpTool[]; findings: string[] } => {
    const extendsMerged = merged.length <= pages.length && merged.every((page, index) => pages[index] === page);
    if (!extendsMerged) {
      merged = [];
      seen = new Map();
      tools = [];
      findings = [];
    }
    if (pages.length === merged.length) return { tools, findings };
    tools = [...tools];
    findings = [...findings];
    for (let pageIndex = merged.length; pageIndex < pages.length; pageIndex++) {
      const page = pages[pageIndex];
      if (!page) continue;
      findings.push(...page.findings.map((finding) => `Page ${pageIndex + 1}: ${finding}`));
      for (const tool of page.tools) {
        const firstPage = seen.get(tool.name);
        if (firstPage !== undefined) {
          findings.push(
            `Page ${pageIndex + 1}: the name "${tool.name.slice(0, 128)}" was already used on page ${firstPage}; tool names must be unique, so this copy is hidden.`,
          );
          continue;
        }
        seen.set(tool.name, pageIndex + 1);
        tools.push(tool);
      }
    }
    merged = [...pages];
    return { tools, findings };
  };
}

/** Display name rule of the spec: `title`, else `annotations.title`, else `name`. */
export function displayName(tool: Pick<McpTool, 'name' | 'title' | 'annotations'>): string {
  return tool.title?.trim() || tool.annotations.title?.trim() || tool.name;
}

export type HintKey = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

export interface HintView {
  key: HintKey;
  /** Badge label when the hint is true, e.g. "Destructive". */
  label: string;
  value: boolean;
  /** True when the server left the hint out and the spec default applies. */
  isDefault: boolean;
  /** destructive/idempotent mean nothing for a read-only tool. */
  applicable: boolean;
}

const HINT_LABELS: Record<HintKey, string> = {
  readOnlyHint: 'Read-only',
  destructiveHint: 'Destructive',
  idempotentHint: 'Idempotent',
  openWorldHint: 'Open world',
};

// Spec defaults when absent: readOnly false, destructive true, idempotent false, openWorld true.
const HINT_DEFAULTS: Record<HintKey, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

export function hintViews(annotations: ToolAnnotations): HintView[] {
  const readOnly = annotations.readOnlyHint ?? HINT_DEFAULTS.readOnlyHint;
  return (Object.keys(HINT_LABELS) as HintKey[]).map((key) => {
    const declared = annotations[key];
    return {
      key,
      label: HINT_LABELS[key],
      value: declared ?? HINT_DEFAULTS[key],
      isDefault: declared === undefined,
      applicable: !(readOnly && (key === 'destructiveHint' || key === 'idempotentHint')),
    };
  });
}

export function toolMatches(tool: McpTool, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [tool.name, tool.title, tool.annotations.title, tool.description].some((field) => field?.toLowerCase().includes(needle));
}

export type { JsonObject };
