import { decideIconSrc } from '../../mcp/icons.ts';
import type { McpTool } from '../../mcp/tools.ts';

/** The tool's first acceptable icon, only ever through <img> (never inline SVG), no referrer. */
export function ToolIcon({ tool, serverUrl, size = 20 }: { tool: McpTool; serverUrl: string; size?: number }) {
  for (const icon of tool.icons) {
    const decision = decideIconSrc(icon.src, serverUrl);
    if (decision.ok) {
      return (
        <img
          src={decision.src}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          loading="lazy"
          className="shrink-0 rounded-sm object-contain"
          style={{ width: size, height: size }}
        />
      );
    }
  }
  return (
    <span
      aria-hidden="true"
      className="inline-block shrink-0 rounded-sm bg-slate-200 dark:bg-slate-700"
      style={{ width: size, height: size }}
    />
  );
}
