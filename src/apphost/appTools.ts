// Tools an app registers (the Apps draft's app-provided tools, `appCapabilities.tools`), as the
// host reads them from the app's own tools/list: untrusted, bounded, malformed entries left out.
import { isRecord } from '../mcp/guards.ts';
import { parseToolAnnotations, type ToolAnnotations } from '../mcp/tools.ts';

export interface AppTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations: ToolAnnotations;
}

/** The tools from a tools/list answer the app gave; anything malformed is left out (and counted). */
export function appToolsOf(result: unknown): { tools: AppTool[]; malformed: number } {
  const raw: unknown[] = isRecord(result) && Array.isArray(result.tools) ? (result.tools as unknown[]) : [];
  const tools: AppTool[] = [];
  for (const item of raw.slice(0, 100)) {
    if (!isRecord(item) || typeof item.name !== 'string' || !item.name || !isRecord(item.inputSchema)) continue;
    tools.push({
      name: item.name.slice(0, 128),
      description: typeof item.description === 'string' ? item.description.slice(0, 1000) : undefined,
      inputSchema: item.inputSchema,
      annotations: parseToolAnnotations(item.annotations),
    });
  }
  return { tools, malformed: raw.length - tools.length };
}
