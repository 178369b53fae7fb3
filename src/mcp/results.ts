// tools/call and resources/read results, parsed leniently into discriminated unions. Anything
// unrecognised is kept as an `unknown` block with the raw JSON — never dropped silently.
import { isRecord, optionalNumber, optionalString, own } from './guards.ts';
import type { CallTrace } from './recording/serverSpans.ts';

export interface ContentAnnotations {
  audience?: string[];
  priority?: number;
  lastModified?: string;
}

export type ContentBlock =
  | { type: 'text'; text: string; annotations?: ContentAnnotations }
  | { type: 'image'; data: string; mimeType: string; annotations?: ContentAnnotations }
  | { type: 'audio'; data: string; mimeType: string; annotations?: ContentAnnotations }
  | {
      type: 'resource_link';
      uri: string;
      name: string;
      title?: string;
      description?: string;
      mimeType?: string;
      size?: number;
      annotations?: ContentAnnotations;
    }
  | { type: 'resource'; resource: ResourceContents; annotations?: ContentAnnotations }
  | { type: 'unknown'; raw: unknown; reason: string };

export type ResourceContents =
  { uri: string; mimeType?: string; kind: 'text'; text: string } | { uri: string; mimeType?: string; kind: 'blob'; blob: string };

export interface CallResult {
  content: ContentBlock[];
  /** `undefined` when the server sent none; any JSON value otherwise (2026). */
  structuredContent?: unknown;
  hasStructuredContent: boolean;
  isError: boolean;
  raw: unknown;
  /** The W3C trace context the call carried (when it did), and the server's own spans of it (SEP-2448). */
  trace?: CallTrace;
}

/** A content block's or a resource's annotations (audience, priority, lastModified); anything else left out. */
export function parseContentAnnotations(value: unknown): ContentAnnotations | undefined {
  if (!isRecord(value)) return undefined;
  const audience = own(value, 'audience');
  return {
    audience: Array.isArray(audience) ? audience.filter((role): role is string => typeof role === 'string') : undefined,
    priority: optionalNumber(own(value, 'priority')),
    lastModified: optionalString(own(value, 'lastModified')),
  };
}

export function parseResourceContents(value: unknown): ResourceContents | undefined {
  if (!isRecord(value)) return undefined;
  const uri = optionalString(own(value, 'uri'));
  if (uri === undefined) return undefined;
  const mimeType = optionalString(own(value, 'mimeType'));
  const text = own(value, 'text');
  if (typeof text === 'string') return { uri, mimeType, kind: 'text', text };
  const blob = own(value, 'blob');
  if (typeof blob === 'string') return { uri, mimeType, kind: 'blob', blob };
  return undefined;
}

export function parseContentBlock(raw: unknown): ContentBlock {
  if (!isRecord(raw)) return { type: 'unknown', raw, reason: 'Content block is not an object.' };
  const type = own(raw, 'type');
  const annotations = parseContentAnnotations(own(raw, 'annotations'));
  switch (type) {
    case 'text': {
      const text = own(raw, 'text');
      return typeof text === 'string'
        ? { type, text, annotations }
        : { type: 'unknown', raw, reason: 'Text block without a "text" string.' };
    }
    case 'image':
    case 'audio': {
      const data = own(raw, 'data');
      const mimeType = own(raw, 'mimeType');
      if (typeof data !== 'string' || typeof mimeType !== 'string') {
        return { type: 'unknown', raw, reason: `${type} block needs "data" (base64) and "mimeType" strings.` };
      }
      return { type, data, mimeType, annotations };
    }
    case 'resource_link': {
      const uri = optionalString(own(raw, 'uri'));
      const name = optionalString(own(raw, 'name'));
      if (uri === undefined || name === undefined) return { type: 'unknown', raw, reason: 'resource_link needs "uri" and "name".' };
      return {
        type,
        uri,
        name,
        title: optionalString(own(raw, 'title')),
        description: optionalString(own(raw, 'description')),
        mimeType: optionalString(own(raw, 'mimeType')),
        size: optionalNumber(own(raw, 'size')),
        annotations,
      };
    }
    case 'resource': {
      const resource = parseResourceContents(own(raw, 'resource'));
      return resource
        ? { type, resource, annotations }
        : { type: 'unknown', raw, reason: 'Embedded resource needs "uri" and "text" or "blob".' };
    }
    default:
      return { type: 'unknown', raw, reason: `Unknown content type ${JSON.stringify(type)}.` };
  }
}

export function parseCallResult(raw: unknown): CallResult {
  const record = isRecord(raw) ? raw : {};
  const content = own(record, 'content');
  const hasStructuredContent = Object.prototype.hasOwnProperty.call(record, 'structuredContent');
  return {
    content: Array.isArray(content) ? content.map(parseContentBlock) : [{ type: 'unknown', raw, reason: 'Result has no "content" array.' }],
    structuredContent: hasStructuredContent ? own(record, 'structuredContent') : undefined,
    hasStructuredContent,
    isError: own(record, 'isError') === true,
    raw,
  };
}

export function parseReadResult(raw: unknown): ResourceContents[] {
  const contents = isRecord(raw) ? own(raw, 'contents') : undefined;
  return Array.isArray(contents) ? contents.map(parseResourceContents).filter((entry) => entry !== undefined) : [];
}

/** Decodes base64 to bytes (throws on invalid input). */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Approximate decoded size of a base64 string, in bytes. */
export const base64Size = (base64: string) => Math.floor((base64.replace(/[\s=]/g, '').length * 3) / 4);

/** An answer's size as sent: the UTF-8 bytes of its JSON (the "Outcome" line's size, for a call, a get or a read). */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
