// Comparing two call results: structured content and JSON text as a structural diff (paths
// added, removed, changed), other text line by line, media by type, size and a hash.
import { isRecord } from '../mcp/guards.ts';

export interface JsonChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

export interface LineOp {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export interface MediaSummary {
  type: string;
  mimeType?: string;
  bytes: number;
  hash: string;
}

export type BlockDiff =
  | { index: number; kind: 'json'; changes: JsonChange[] }
  | { index: number; kind: 'text'; lines: LineOp[] }
  | { index: number; kind: 'media'; before?: MediaSummary; after?: MediaSummary }
  | { index: number; kind: 'block'; changes: JsonChange[] };

export interface ResultDiff {
  same: boolean;
  isError?: { before: boolean; after: boolean };
  structured: JsonChange[];
  blocks: BlockDiff[];
}

const MAX_CHANGES = 500;
const segment = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

/** Paths where `b` differs from `a` (objects by key, arrays by index), at most 500. */
export function diffJson(a: unknown, b: unknown, path = '', out: JsonChange[] = []): JsonChange[] {
  if (out.length >= MAX_CHANGES) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
      const at = `${path}[${index}]`;
      if (index >= a.length) out.push({ path: at, kind: 'added', after: b[index] });
      else if (index >= b.length) out.push({ path: at, kind: 'removed', before: a[index] });
      else diffJson(a[index], b[index], at, out);
      if (out.length >= MAX_CHANGES) break;
    }
    return out;
  }
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const at = `${path}${segment(key)}`;
      if (!Object.hasOwn(b, key)) out.push({ path: at, kind: 'removed', before: a[key] });
      else if (!Object.hasOwn(a, key)) out.push({ path: at, kind: 'added', after: b[key] });
      else diffJson(a[key], b[key], at, out);
      if (out.length >= MAX_CHANGES) break;
    }
    return out;
  }
  if (!Object.is(a, b)) out.push({ path: path || '(root)', kind: 'changed', before: a, after: b });
  return out;
}

const MAX_LCS_CELLS = 4_000_000;

/** A line diff (longest common subsequence); very long texts compare their differing middle as one block. */
export function diffLines(a: string, b: string): LineOp[] {
  const left = a.split('\n');
  const right = b.split('\n');
  let start = 0;
  while (start < left.length && start < right.length && left[start] === right[start]) start++;
  let endA = left.length;
  let endB = right.length;
  while (endA > start && endB > start && left[endA - 1] === right[endB - 1]) {
    endA--;
    endB--;
  }
  const head = left.slice(0, start).map((text): LineOp => ({ kind: 'same', text }));
  const tail = left.slice(endA).map((text): LineOp => ({ kind: 'same', text }));
  const midA = left.slice(start, endA);
  const midB = right.slice(start, endB);
  if (midA.length * midB.length > MAX_LCS_CELLS) {
    return [
      ...head,
      ...midA.map((text): LineOp => ({ kind: 'removed', text })),
      ...midB.map((text): LineOp => ({ kind: 'added', text })),
      ...tail,
    ];
  }
  // lengths[i][j]: LCS of midA[i:] and midB[j:].
  const width = midB.length + 1;
  const lengths = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        midA[i] === midB[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const middle: LineOp[] = [];
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      middle.push({ kind: 'same', text: midA[i] ?? '' });
      i++;
      j++;
    } else if (j < midB.length && (i >= midA.length || (lengths[i * width + j + 1] ?? 0) >= (lengths[(i + 1) * width + j] ?? 0))) {
      middle.push({ kind: 'added', text: midB[j] ?? '' });
      j++;
    } else {
      middle.push({ kind: 'removed', text: midA[i] ?? '' });
      i++;
    }
  }
  return [...head, ...middle, ...tail];
}

/** FNV-1a, 32 bit, as hex: enough to tell two payloads apart at a glance (not a security hash). */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function media(block: unknown): MediaSummary | undefined {
  if (!isRecord(block) || (block.type !== 'image' && block.type !== 'audio') || typeof block.data !== 'string') return undefined;
  return {
    type: block.type,
    mimeType: typeof block.mimeType === 'string' ? block.mimeType : undefined,
    bytes: Math.floor((block.data.length * 3) / 4),
    hash: fnv1a(block.data),
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch {
    return { ok: false };
  }
}

function diffBlock(index: number, a: unknown, b: unknown): BlockDiff | undefined {
  const mediaA = media(a);
  const mediaB = media(b);
  if (mediaA || mediaB) {
    const same = mediaA && mediaB && mediaA.hash === mediaB.hash && mediaA.mimeType === mediaB.mimeType && mediaA.bytes === mediaB.bytes;
    return same ? undefined : { index, kind: 'media', before: mediaA, after: mediaB };
  }
  const textA = isRecord(a) && a.type === 'text' && typeof a.text === 'string' ? a.text : undefined;
  const textB = isRecord(b) && b.type === 'text' && typeof b.text === 'string' ? b.text : undefined;
  if (textA !== undefined && textB !== undefined) {
    if (textA === textB) return undefined;
    const jsonA = parseJson(textA);
    const jsonB = parseJson(textB);
    if (jsonA.ok && jsonB.ok) {
      const changes = diffJson(jsonA.value, jsonB.value);
      return changes.length ? { index, kind: 'json', changes } : undefined;
    }
    return { index, kind: 'text', lines: diffLines(textA, textB) };
  }
  const changes = diffJson(a, b);
  return changes.length ? { index, kind: 'block', changes } : undefined;
}

/** Two raw tools/call results (as the server sent them), compared. */
export function diffResults(before: unknown, after: unknown): ResultDiff {
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  const contentA = Array.isArray(a.content) ? a.content : [];
  const contentB = Array.isArray(b.content) ? b.content : [];
  const blocks: BlockDiff[] = [];
  for (let index = 0; index < Math.max(contentA.length, contentB.length); index++) {
    const block = diffBlock(index, contentA[index], contentB[index]);
    if (block) blocks.push(block);
  }
  const structured = diffJson(a.structuredContent, b.structuredContent, 'structuredContent');
  const errorA = a.isError === true;
  const errorB = b.isError === true;
  const isError = errorA !== errorB ? { before: errorA, after: errorB } : undefined;
  return { same: !blocks.length && !structured.length && !isError, isError, structured, blocks };
}
