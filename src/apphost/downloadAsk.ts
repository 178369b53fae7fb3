// ui/download-file (the Apps draft): what an app asks to save, as files a person can judge before
// anything is written — name, type and size of each embedded resource; a resource link is named
// and, when it is the server's own resource, read only after the person says yes.
import { isRecord } from '../mcp/guards.ts';
import { safeFileName } from '../lib/fileName.ts';

export interface DownloadItem {
  name: string;
  mimeType: string;
  /** The bytes, for an embedded resource. */
  bytes?: Uint8Array<ArrayBuffer>;
  /** A resource link's URI (read from the server on "Download"), for a link. */
  link?: string;
}

const MAX_ITEMS = 20;

function decode(resource: Record<string, unknown>): Uint8Array<ArrayBuffer> | undefined {
  if (typeof resource.text === 'string') return new TextEncoder().encode(resource.text);
  if (typeof resource.blob !== 'string') return undefined;
  try {
    return Uint8Array.from(atob(resource.blob), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The files in a download request; what cannot be one is said in `problems`. */
export function downloadItems(params: unknown): { items: DownloadItem[]; problems: string[] } {
  const contents: unknown[] = isRecord(params) && Array.isArray(params.contents) ? (params.contents as unknown[]) : [];
  const items: DownloadItem[] = [];
  const problems: string[] = [];
  if (!contents.length) problems.push('The request names no file.');
  if (contents.length > MAX_ITEMS) problems.push(`${contents.length} files asked; the first ${MAX_ITEMS} are shown.`);
  contents.slice(0, MAX_ITEMS).forEach((item, index) => {
    const fallback = `download-${index + 1}`;
    if (isRecord(item) && item.type === 'resource' && isRecord(item.resource) && typeof item.resource.uri === 'string') {
      const bytes = decode(item.resource);
      if (!bytes) {
        problems.push(`Item ${index + 1} (${item.resource.uri.slice(0, 120)}) has neither text nor base64 data.`);
        return;
      }
      items.push({
        name: safeFileName(item.resource.uri, fallback),
        mimeType: typeof item.resource.mimeType === 'string' ? item.resource.mimeType.slice(0, 100) : 'application/octet-stream',
        bytes,
      });
    } else if (isRecord(item) && item.type === 'resource_link' && typeof item.uri === 'string') {
      items.push({
        name: safeFileName(typeof item.name === 'string' ? item.name : item.uri, fallback),
        mimeType: typeof item.mimeType === 'string' ? item.mimeType.slice(0, 100) : 'application/octet-stream',
        link: item.uri.slice(0, 2000),
      });
    } else problems.push(`Item ${index + 1} is neither an embedded resource nor a resource link.`);
  });
  return { items, problems };
}

/**
 * The bytes of one file the person said yes to: embedded bytes as they are; a link only when it
 * names one of this server's resources, read through the connection (never fetched).
 */
export async function downloadBytesOf(
  item: DownloadItem,
  readResource: (uri: string) => Promise<unknown>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (item.bytes) return item.bytes;
  if (!item.link) throw new Error(`${item.name} has nothing to save`);
  const raw = await readResource(item.link);
  const first: unknown = isRecord(raw) && Array.isArray(raw.contents) ? raw.contents[0] : undefined;
  const bytes = isRecord(first) ? downloadItems({ contents: [{ type: 'resource', resource: first }] }).items[0]?.bytes : undefined;
  if (!bytes) throw new Error(`${item.link} has no text or blob to save`);
  return bytes;
}
