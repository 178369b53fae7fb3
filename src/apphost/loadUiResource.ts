// An app's ui:// resource, read over the server's connection: `_meta.ui` from the content item,
// and when it has none, from the listed resource (the Apps spec's fallback).
import { describeFailure, failureOf } from '../mcp/errors.ts';
import { isRecord } from '../mcp/guards.ts';
import { resolveUiResource, type UiResource } from '../mcp/apps/mcpApps.ts';

export interface UiResourceReader {
  readResourceRaw(uri: string): Promise<unknown>;
  listedResourceMeta(uri: string): Promise<unknown>;
}

/** The resource, or a sentence saying why it could not be loaded. */
export async function loadUiResource(reader: UiResourceReader, uri: string): Promise<UiResource | string> {
  try {
    const raw = await reader.readResourceRaw(uri);
    const items: unknown = isRecord(raw) ? raw.contents : undefined;
    const itemMeta = Array.isArray(items) && items.some((item) => isRecord(item) && isRecord(item._meta) && isRecord(item._meta.ui));
    const listed = itemMeta ? undefined : await reader.listedResourceMeta(uri).catch(() => undefined);
    return resolveUiResource(raw, uri, listed);
  } catch (error) {
    return `resources/read of ${uri} failed: ${describeFailure(failureOf(error))}`;
  }
}
