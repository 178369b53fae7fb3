// 2026-07-28 `x-mcp-header`: a tool may mark primitive properties of its arguments to be
// mirrored as `Mcp-Param-{Name}` HTTP headers (so gateways can route without reading the body).
// A declaration that breaks the spec's constraints makes the whole tool unusable: clients must
// leave it out of what can be called, and say why.
import { isRecord, own } from '../guards.ts';

export interface ParamHeader {
  /** Property names from the arguments' root to the value. */
  path: string[];
  /** As declared: the header is `Mcp-Param-{name}`. */
  name: string;
}

export type ParamHeaderScan = { valid: true; headers: ParamHeader[] } | { valid: false; reason: string };

const KEY = 'x-mcp-header';
// RFC 9110 §5.6.2 token.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
// Subschemas not reachable through a plain chain of `properties`: a declaration there is invalid.
const UNREACHABLE = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
] as const;
const UNREACHABLE_KEYS = new Set<string>(UNREACHABLE);
const MAP_VALUED = new Set<string>(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);
const MAX_NODES = 5_000;

const where = (path: readonly string[]) => (path.length ? path.join('.') : 'the schema root');

const NO_HEADERS: ParamHeaderScan = Object.freeze({ valid: true, headers: Object.freeze([]) as unknown as ParamHeader[] });

/**
 * Whether `x-mcp-header` is an own key anywhere in the value (every object and array, not only
 * schema keywords; true too when the value is too big to look through). Allocates nothing, so the
 * tools that declare no header — nearly all — cost a walk of their schema and no more.
 */
function mentionsHeaderKey(value: unknown): boolean {
  let budget = MAX_NODES;
  const look = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    if (--budget < 0) return true;
    if (Array.isArray(node)) return node.some(look);
    if (Object.prototype.hasOwnProperty.call(node, KEY)) return true;
    for (const key in node)
      if (Object.prototype.hasOwnProperty.call(node, key) && look((node as Record<string, unknown>)[key])) return true;
    return false;
  };
  return look(value);
}

/** Finds and checks every `x-mcp-header` in a tool's inputSchema (bounded, never recursing through $ref). */
export function scanParamHeaders(inputSchema: unknown): ParamHeaderScan {
  // Every finding below starts at a declaration: without the key anywhere there is none to find.
  if (!mentionsHeaderKey(inputSchema)) return NO_HEADERS;
  const headers: ParamHeader[] = [];
  const seen = new Map<string, string>();
  let visited = 0;
  const visit = (node: unknown, path: string[], reachable: boolean): string | undefined => {
    if (!isRecord(node) || ++visited > MAX_NODES) return undefined;
    const declared = own(node, KEY);
    if (declared !== undefined) {
      if (!reachable || path.length === 0)
        return `${where(path)}: x-mcp-header is allowed only on properties reached through "properties" alone (not under items, anyOf, $defs …)`;
      if (typeof declared !== 'string' || declared.length === 0) return `${where(path)}: x-mcp-header must be a non-empty string`;
      if (!TOKEN.test(declared))
        return `${where(path)}: x-mcp-header ${JSON.stringify(declared).slice(0, 60)} is not a valid HTTP header name (no spaces, colons, control or non-ASCII characters)`;
      const type = own(node, 'type');
      if (typeof type !== 'string' || !PRIMITIVE.has(type))
        return `${where(path)}: x-mcp-header is allowed only on string, integer or boolean properties, not ${JSON.stringify(type) ?? 'an untyped one'}`;
      const earlier = seen.get(declared.toLowerCase());
      if (earlier !== undefined) return `x-mcp-header "${declared}" is declared twice (also as "${earlier}"; names are case-insensitive)`;
      seen.set(declared.toLowerCase(), declared);
      headers.push({ path, name: declared });
    }
    const properties = own(node, 'properties');
    if (isRecord(properties)) {
      for (const [key, child] of Object.entries(properties)) {
        const fault = visit(child, [...path, key], reachable);
        if (fault) return fault;
      }
    }
    // The node's own keys, once (a schema node has a handful; probing all 18 keywords on each of
    // 10,000 tools' nodes was most of a page's parse time).
    for (const keyword of Object.keys(node)) {
      if (!UNREACHABLE_KEYS.has(keyword)) continue;
      const sub = own(node, keyword);
      if (sub === undefined) continue;
      const branches: unknown[] = Array.isArray(sub) ? sub : MAP_VALUED.has(keyword) && isRecord(sub) ? Object.values(sub) : [sub];
      for (const branch of branches) {
        const fault = visit(branch, [...path, `<${keyword}>`], false);
        if (fault) return fault;
      }
    }
    return undefined;
  };
  const fault = visit(inputSchema, [], true);
  return fault ? { valid: false, reason: fault } : { valid: true, headers };
}

function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)))
    return String(value);
  return undefined;
}

const SENTINEL = /^=\?base64\?.*\?=$/;

/**
 * A value as an HTTP field value: plain when it is printable ASCII (inner spaces allowed, no tab)
 * with no leading or trailing whitespace, else `=?base64?{UTF-8 as Base64}?=` (so are empty
 * values and values that look like the sentinel themselves).
 */
export function encodeParamValue(text: string): string {
  const plain = text.length > 0 && text === text.trim() && !SENTINEL.test(text) && /^[\x20-\x7e]*$/.test(text);
  if (plain) return text;
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}

/** The `Mcp-Param-*` headers for one call: absent or null values send no header. */
export function paramHeadersFor(headers: readonly ParamHeader[], args: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of headers) {
    let value: unknown = args;
    for (const key of header.path) value = isRecord(value) ? own(value, key) : undefined;
    const text = headerText(value);
    if (text !== undefined) out[`Mcp-Param-${header.name}`] = encodeParamValue(text);
  }
  return out;
}
