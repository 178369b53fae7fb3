// MCP Apps (the io.modelcontextprotocol/ui extension, SEP-1865), the parts that are data: which
// UI resource a tool names and who may call it (`_meta.ui`), the UI resource as read (its HTML
// and its own `_meta.ui`), and what to declare for the loads a frame blocked (the policy itself is
// built per host profile in appHosts.ts). Pure: unit-tested, used by the app frame, the report and
// the call gate.
import { isRecord } from '../guards.ts';
import { refused } from '../../lib/refusal.ts';

export const APP_MIME = 'text/html;profile=mcp-app';
const UI_SCHEME = 'ui://';

export type AppVisibility = 'model' | 'app';

/**
 * Why an MCP App may not call this tool, or undefined when it may: only a tool of the same server
 * whose `_meta.ui.visibility` includes "app" (absent: both) — SEP-1865, "Tool visibility".
 */
export function appCallRefusal(name: string, tool: { visibility?: readonly AppVisibility[] } | undefined): string | undefined {
  if (!tool) return refused(`this server lists no tool named ${name}.`);
  const visibility = tool.visibility ?? ['model', 'app'];
  if (visibility.includes('app')) return undefined;
  return refused(`${name}'s _meta.ui.visibility is ${JSON.stringify(visibility)}, without "app" — an app may not call it.`);
}

export interface ToolApp {
  /** The `ui://` resource with the tool's interface. */
  resourceUri: string;
  /** Who may call the tool: the model (listed to it), the app (from its frame). Default both. */
  visibility: AppVisibility[];
  /** Read from the deprecated flat `_meta["ui/resourceUri"]`. */
  deprecated: boolean;
  /** What is wrong with the declaration (a server author's finding). */
  problems: string[];
}

/** Who may call a tool (`_meta.ui.visibility`, on any tool): default both; an invalid value is a problem, and the default applies. */
export function toolVisibility(meta: unknown): { visibility: AppVisibility[]; problem?: string } {
  const ui = isRecord(meta) && isRecord(meta.ui) ? meta.ui : undefined;
  if (!ui || !('visibility' in ui)) return { visibility: ['model', 'app'] };
  const raw = ui.visibility;
  if (Array.isArray(raw) && raw.length > 0 && raw.every((item) => item === 'model' || item === 'app'))
    return { visibility: [...new Set(raw as AppVisibility[])] };
  return {
    visibility: ['model', 'app'],
    problem: `_meta.ui.visibility is ${JSON.stringify(raw)?.slice(0, 120)}: it must be a non-empty array of "model" and "app"; the default (both) applies.`,
  };
}

/** A tool's app declaration, from `_meta.ui` (or the deprecated flat key); undefined for a plain tool. */
export function toolApp(meta: unknown): ToolApp | undefined {
  if (!isRecord(meta)) return undefined;
  const ui = isRecord(meta.ui) ? meta.ui : undefined;
  const nested = typeof ui?.resourceUri === 'string' ? ui.resourceUri : undefined;
  const flat = typeof meta['ui/resourceUri'] === 'string' ? meta['ui/resourceUri'] : undefined;
  const resourceUri = nested ?? flat;
  if (resourceUri === undefined) return undefined;
  const problems: string[] = [];
  if (!resourceUri.startsWith(UI_SCHEME))
    problems.push(`_meta.ui.resourceUri is ${JSON.stringify(resourceUri).slice(0, 120)}: it must be a ui:// URI.`);
  const { visibility, problem } = toolVisibility(meta);
  if (problem) problems.push(problem);
  return { resourceUri, visibility, deprecated: nested === undefined, problems };
}

/** What a UI resource declares about itself (`_meta.ui` of the content item, else of the listed resource). */
export interface UiResourceMeta {
  csp?: AppCsp;
  prefersBorder?: boolean;
  domain?: string;
}

export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

export interface UiResource {
  uri: string;
  mimeType?: string;
  html: string;
  meta: UiResourceMeta;
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

function uiMeta(meta: unknown): UiResourceMeta | undefined {
  if (!isRecord(meta) || !isRecord(meta.ui)) return undefined;
  const { csp, prefersBorder, domain } = meta.ui;
  return {
    ...(isRecord(csp)
      ? {
          csp: {
            connectDomains: strings(csp.connectDomains),
            resourceDomains: strings(csp.resourceDomains),
            frameDomains: strings(csp.frameDomains),
            baseUriDomains: strings(csp.baseUriDomains),
          },
        }
      : {}),
    ...(typeof prefersBorder === 'boolean' ? { prefersBorder } : {}),
    ...(typeof domain === 'string' ? { domain } : {}),
  };
}

function decodeBase64(blob: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The UI resource from a `resources/read` result: the first content item for the URI (text or
 * base64 blob), its `_meta.ui` — or, when the item has none, the listed resource's. A string says
 * why there is none.
 */
export function resolveUiResource(result: unknown, uri: string, listedMeta?: unknown): UiResource | string {
  const contents: unknown[] | undefined = isRecord(result) && Array.isArray(result.contents) ? (result.contents as unknown[]) : undefined;
  if (!contents?.length) return `resources/read of ${uri} returned no contents.`;
  const item: unknown = contents.find((candidate) => isRecord(candidate) && candidate.uri === uri) ?? contents[0];
  if (!isRecord(item)) return `resources/read of ${uri} returned a content item that is not an object.`;
  const html = typeof item.text === 'string' ? item.text : typeof item.blob === 'string' ? decodeBase64(item.blob) : undefined;
  if (html === undefined) return `resources/read of ${uri} returned neither text nor a UTF-8 base64 blob.`;
  return {
    uri,
    mimeType: typeof item.mimeType === 'string' ? item.mimeType : undefined,
    html,
    meta: uiMeta(item._meta) ?? uiMeta(listedMeta) ?? {},
  };
}

/** Whether this MIME type is the one an app resource must have (parameters compared without spaces or case). */
export const isAppMime = (mimeType: string | undefined) => mimeType?.replace(/\s+/g, '').toLowerCase() === APP_MIME;

/** Whether a call from an app to this tool is allowed: its visibility must include "app". */
export function appMayCall(meta: unknown): { allowed: true } | { allowed: false; reason: string } {
  const { visibility } = toolVisibility(meta);
  return visibility.includes('app')
    ? { allowed: true }
    : {
        allowed: false,
        reason: refused(`the tool's _meta.ui.visibility is ${JSON.stringify(visibility)}, without "app" — an app may not call it.`),
      };
}

/** The message the app frame sends for an uncaught error or unhandled rejection in the app. */
export const APP_ERROR_METHOD = 'toolscope/app-error';

/**
 * The app's HTML as the host frames it: listeners first in the document that report each uncaught
 * error (or Error logged to console.error, as frameworks do) to the host — only the app knows its
 * errors. Its policy is not here: the sandbox serves it as a header, and the browser reports its
 * violations to the sandbox (server/sandbox.ts), out of the app's reach. Put after a leading
 * doctype (else the page would fall into quirks mode), before all else.
 */
export function withErrorReporting(html: string): string {
  const head =
    `<script>(function(){var p=function(m,x){try{parent.postMessage({jsonrpc:'2.0',method:m,params:x},'*')}catch(_){}};` +
    `addEventListener('error',function(e){p('${APP_ERROR_METHOD}',{message:String(e.error&&e.error.name?e.error.name+': '+e.error.message:e.message).slice(0,300)})});` +
    `addEventListener('unhandledrejection',function(e){var r=e.reason;p('${APP_ERROR_METHOD}',{message:String(r&&r.name?r.name+': '+r.message:r).slice(0,300)})});` +
    // Frameworks catch a handler's error and log it (Vue's handleError): an Error logged is an app error too.
    `var c=console.error;console.error=function(){for(var i=0;i<arguments.length;i++){var a=arguments[i];if(a instanceof Error){p('${APP_ERROR_METHOD}',{message:String(a.name+': '+a.message).slice(0,300)});break}}return c.apply(console,arguments)}})()</script>`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${head}${html.slice(doctype[0].length)}` : `${head}${html}`;
}

/** The `_meta.ui.csp` field that allows a load blocked under this directive (undefined: none can, e.g. eval). */
function cspFieldFor(directive: string): keyof AppCsp | undefined {
  const name = directive.replace(/-(elem|attr)$/, '');
  if (name === 'connect-src') return 'connectDomains';
  if (name === 'frame-src' || name === 'child-src') return 'frameDomains';
  if (name === 'base-uri') return 'baseUriDomains';
  if (['img-src', 'media-src', 'font-src', 'style-src', 'script-src', 'worker-src', 'default-src'].includes(name)) return 'resourceDomains';
  return undefined;
}

/**
 * What an app should declare so that the loads its frame refused would be allowed: the origins per
 * `_meta.ui.csp` field, merged with what it already declares. Loads no declaration can allow (eval,
 * inline code, data: where a host forbids it) are listed apart, with why.
 */
export function cspToAllow(
  blocked: readonly { directive: string; blocked: string }[],
  declared: AppCsp = {},
): { csp: AppCsp; cannot: string[] } {
  const csp: AppCsp = {};
  const cannot: string[] = [];
  for (const { directive, blocked: what } of blocked) {
    const field = cspFieldFor(directive);
    let origin: string | undefined;
    try {
      const url = new URL(what);
      origin =
        url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'wss:' || url.protocol === 'ws:' ? url.origin : undefined;
    } catch {
      origin = undefined;
    }
    if (!field || !origin) {
      cannot.push(`${directive} ${what}`);
      continue;
    }
    const list = new Set([...(declared[field] ?? []), ...(csp[field] ?? []), origin]);
    csp[field] = [...list];
  }
  return { csp, cannot };
}
